/**
 * The one clock the site runs on: business hours and promotions on pages, when an inquiry
 * arrived, what the outbox finds due, when the catalog version is read again. Composed once
 * (server/compose-site.ts) and handed down; tests pass their own (test/support/test-clock.ts).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
