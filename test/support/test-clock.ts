/**
 * A clock that stands still until the test moves it, for code that takes `clock: () => Date`
 * (the app, the inquiry outbox, the catalog service): a test waits for a retry, a lease or a
 * cache age by advancing it, never by sleeping.
 *
 *   const clock = testClock();
 *   const outbox = createInquiryOutbox({ ...options, clock: clock.now });
 *   clock.advance(30_000);
 */
export interface TestClock {
  /** The current time; hand this function to the code under test. */
  now: () => Date;
  /** Moves the clock forward. */
  advance(milliseconds: number): void;
  /** Sets the clock to a time. */
  set(time: Date): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (milliseconds) => {
      time += milliseconds;
    },
    set: (to) => {
      time = to.getTime();
    },
  };
}
