import { describe, expect, it } from 'vitest';
import { createTestStaffAccount } from '../support/staff-accounts';
import { auditEventsOf, postSignIn, signInAs } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * The sign-in throttle (issue 22; decision 011, "Throttling"; ASVS 6.1.1, 6.3.1): 10 failures within
 * 10 minutes on an address, an account or a known browser refuse further attempts with 429 and
 * Retry-After until the oldest of those 10 is 10 minutes old, on the site's clock; and nobody can
 * lock an owner out of a browser they have signed in with before.
 */

const clock = testClock(new Date('2026-11-26T15:00:05Z'));
// Behind a proxy (TRUST_PROXY): each attempt says where it comes from in X-Forwarded-For.
const site = useTestApp({ TRUST_PROXY: '1' }, { clock: clock.now });
const WINDOW_SECONDS = 600;

async function failTimes(times: number, email: string, address: string) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await postSignIn(site.app, { email, password: `guess ${attempt}`, code: '123456' }, { origin: site.env.PUBLIC_ORIGIN, address });
    expect(response.status).toBe(400);
  }
}

describe('the sign-in throttle', () => {
  it('answers the 11th wrong password within 10 minutes with 429, Retry-After and an audit event', async () => {
    const account = await createTestStaffAccount({ now: clock.now() });
    const before = (await auditEventsOf('sign-in.throttled')).length;
    await failTimes(10, account.email, '203.0.113.10');

    const eleventh = await postSignIn(
      site.app,
      { email: account.email, password: account.password, code: account.code(clock.now()) },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.10' },
    );
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers['retry-after']).toBe(String(WINDOW_SECONDS));
    expect(eleventh.text).toContain('Too many sign-in attempts');
    expect(eleventh.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^staff-session=[^;]/)]));
    const throttled = await auditEventsOf('sign-in.throttled');
    expect(throttled.length - before).toBe(1);
    expect(throttled.at(-1)).toMatchObject({ actor: { type: 'anonymous' }, address: '203.0.113.10' });
    // Even the right password and code wait: the throttle is checked before anything else.
    expect(JSON.stringify(throttled.at(-1))).not.toContain(account.password);
  });

  it('counts an unknown e-mail exactly like a known one', async () => {
    await failTimes(10, 'nobody-here@example.org', '203.0.113.20');
    const eleventh = await postSignIn(
      site.app,
      { email: 'nobody-here@example.org', password: 'x', code: '123456' },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.21' },
    );
    expect(eleventh.status).toBe(429);
  });

  it('lets attempts through again as the window rolls on with the clock', async () => {
    clock.advance(60_000);
    const account = await createTestStaffAccount({ now: clock.now() });
    const address = '203.0.113.30';
    await failTimes(5, account.email, address);
    clock.advance(4 * 60_000);
    await failTimes(5, account.email, address);
    const attempt = () =>
      postSignIn(site.app, { email: account.email, password: account.password, code: account.code(clock.now()) }, { origin: site.env.PUBLIC_ORIGIN, address });

    // The oldest of the ten failures is 4 minutes old: 6 minutes to wait.
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(6 * 60));
    clock.advance(5 * 60_000);
    expect((await attempt()).headers['retry-after']).toBe('60');
    // Ten minutes after the first five, only five are left in the window.
    clock.advance(60_000);
    expect((await attempt()).status).toBe(303);
  });

  it('never locks an owner out of a browser they signed in with before, whatever is tried on the account elsewhere', async () => {
    clock.advance(60_000);
    const owner = await createTestStaffAccount({ now: clock.now(), role: 'owner' });
    const { knownBrowser } = await signInAs(site.app, owner, clock.now(), { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.40' });

    // Someone else guesses the owner's password from another address until the account key refuses.
    await failTimes(10, owner.email, '192.0.2.66');
    clock.advance(60_000);
    const attacker = await postSignIn(site.app, { email: owner.email, password: 'one more', code: '123456' }, { origin: site.env.PUBLIC_ORIGIN, address: '192.0.2.67' });
    expect(attacker.status).toBe(429);
    // A new browser (no known-browser cookie) is refused by the account key too, even with the right password and code.
    const newBrowser = await postSignIn(
      site.app,
      { email: owner.email, password: owner.password, code: owner.code(clock.now()) },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.41' },
    );
    expect(newBrowser.status).toBe(429);

    // The owner's own browser is counted on its own key, not the account's.
    clock.advance(30_000);
    const known = await postSignIn(
      site.app,
      { email: owner.email, password: owner.password, code: owner.code(clock.now()) },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.41', cookies: [knownBrowser] },
    );
    expect(known.status).toBe(303);
    // And the success cleared the account key: a new browser gets in again.
    clock.advance(30_000);
    const afterwards = await postSignIn(
      site.app,
      { email: owner.email, password: owner.password, code: owner.code(clock.now()) },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.42' },
    );
    expect(afterwards.status).toBe(303);
  });

  it('does not take a known-browser cookie of another account as this account’s', async () => {
    clock.advance(60_000);
    const sales = await createTestStaffAccount({ now: clock.now(), role: 'sales' });
    const target = await createTestStaffAccount({ now: clock.now(), role: 'owner' });
    // The attacker signs in to an account of their own and so holds a known-browser cookie.
    const { knownBrowser } = await signInAs(site.app, sales, clock.now(), { origin: site.env.PUBLIC_ORIGIN, address: '192.0.2.80' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await postSignIn(
        site.app,
        { email: target.email, password: `guess ${attempt}`, code: '123456' },
        { origin: site.env.PUBLIC_ORIGIN, address: `192.0.2.${81 + attempt}`, cookies: [knownBrowser] },
      );
      expect(response.status).toBe(400);
    }
    const eleventh = await postSignIn(
      site.app,
      { email: target.email, password: 'again', code: '123456' },
      { origin: site.env.PUBLIC_ORIGIN, address: '192.0.2.99', cookies: [knownBrowser] },
    );
    expect(eleventh.status).toBe(429);
  });
});
