import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInThrottleCollection } from '../../models/sign-in-throttle.model';
import { signInThrottleRepository } from '../../models/sign-in-throttle.repository';
import { keysClearedBySuccess, signInThrottle, signInThrottleKeys, type SignInAttempt } from '../../services/staff/sign-in-throttle.service';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('the sign-in throttle, counted in the database', () => {
  let database: TestDatabase;
  const clock = testClock(new Date('2026-11-26T15:00:00Z'));
  const attacker: SignInAttempt = { address: '198.51.100.9', email: 'owner@example.org' };
  const ownerBrowser = 'cd'.repeat(32);
  const owner: SignInAttempt = { address: '203.0.113.7', email: 'Owner@Example.org', knownBrowserTokenHash: ownerBrowser };

  async function fail(attempt: SignInAttempt, times: number, everyMs = 10 * SECOND) {
    for (let n = 0; n < times; n += 1) {
      await signInThrottle.recordFailure(signInThrottleKeys(attempt), clock.now());
      clock.advance(everyMs);
    }
  }
  const check = (attempt: SignInAttempt) => signInThrottle.check(signInThrottleKeys(attempt), clock.now());

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await SignInThrottleCollection.deleteMany({}).exec();
    clock.set(new Date('2026-11-26T15:00:00Z'));
  });

  it('refuses the attempt after the tenth failure within ten minutes, until the oldest is ten minutes old', async () => {
    await fail(attacker, 9);
    expect(await check(attacker)).toEqual({ ok: true });
    await fail(attacker, 1);
    // Ten failures from 15:00:00 to 15:01:30; now 15:01:40: refused until 15:10:00.
    expect(await check(attacker)).toEqual({ ok: false, retryAfterSeconds: 500 });
    // The same account from another, unknown browser and address is refused too (the account key).
    expect(await check({ address: '192.0.2.1', email: 'OWNER@example.org' })).toMatchObject({ ok: false });
    clock.set(new Date('2026-11-26T15:09:59Z'));
    expect(await check(attacker)).toEqual({ ok: false, retryAfterSeconds: 1 });
    clock.set(new Date('2026-11-26T15:10:00Z'));
    expect(await check(attacker)).toEqual({ ok: true });
  });

  it('rolls the window: an eleventh failure refuses again until its own ten are ten minutes old', async () => {
    await fail(attacker, 10, MINUTE);
    // 15:10: the first failure (15:00) has aged out of the window.
    expect(await check(attacker)).toEqual({ ok: true });
    await fail(attacker, 1);
    // The last ten now run from 15:01 to 15:10: refused until 15:11.
    expect(await check(attacker)).toEqual({ ok: false, retryAfterSeconds: 50 });
    const [stored] = await signInThrottleRepository.find(signInThrottleKeys(attacker).slice(1), clock.now());
    expect(stored?.failures).toHaveLength(10);
  });

  it('clears the account and browser keys on a success, but not the address', async () => {
    await fail(attacker, 10, SECOND);
    expect(await check(attacker)).toMatchObject({ ok: false });
    await signInThrottle.clear(keysClearedBySuccess({ ...attacker, address: '203.0.113.7' }));
    // The account's key is cleared; the attacker's address still holds its ten failures.
    expect(await check({ address: '192.0.2.1', email: 'owner@example.org' })).toEqual({ ok: true });
    expect(await check(attacker)).toMatchObject({ ok: false });
  });

  it('does not refuse the owner’s known browser for failures on the account key', async () => {
    await fail(attacker, 10, SECOND);
    expect(await check({ address: '203.0.113.7', email: 'owner@example.org' })).toMatchObject({ ok: false });
    expect(await check(owner)).toEqual({ ok: true });
    // The owner's own failures count on the browser's key.
    await fail(owner, 10, SECOND);
    expect(await check(owner)).toMatchObject({ ok: false });
  });

  it('keeps every failure counted at once by several instances', async () => {
    await Promise.all(Array.from({ length: 10 }, () => signInThrottle.recordFailure(signInThrottleKeys(attacker), clock.now())));
    expect(await check(attacker)).toEqual({ ok: false, retryAfterSeconds: 600 });
  });

  it('ignores and then deletes a key whose window has passed, which the embedded store keeps', async () => {
    await fail(attacker, 10, SECOND);
    clock.advance(10 * MINUTE);
    expect(await signInThrottleRepository.find(signInThrottleKeys(attacker), clock.now())).toEqual([]);
    expect(await SignInThrottleCollection.countDocuments().exec()).toBe(2);
    expect(await signInThrottleRepository.deleteExpired(clock.now())).toBe(2);
    expect(await SignInThrottleCollection.countDocuments().exec()).toBe(0);
  });
});
