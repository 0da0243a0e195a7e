import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createStaffSignIn } from '../../services/staff/staff-sign-in.service';
import { signInThrottle } from '../../services/staff/sign-in-throttle.service';
import type { AuditEntry } from '../../src/staff/audit-log';
import { verifyPassword } from '../../src/staff/password-hash.server';
import type { PasskeyCeremonies } from '../../src/staff/passkey-options.server';
import type { PasswordSignIn } from '../../src/staff/staff-sign-in';
import type { StaffRequest } from '../../src/staff/staff-request';
import { createTestStaffAccount } from '../support/staff-accounts';
import { auditEventsOf, cookieOf, postSignIn, signInAs } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Staff sign-in with a password and the authenticator app (issue 22; decision 011, flow 3; ASVS
 * 6.3.2, 6.3.3, 6.5.1, 16.5.1-16.5.3): no default account, a second factor always, each code once,
 * one answer for every failure, and a database outage that never signs anyone in.
 */

const clock = testClock(new Date('2026-11-26T15:00:10Z'));
const site = useTestApp({ TRUST_PROXY: '1' }, { clock: clock.now });
const REFUSED = 'That e-mail, password and code do not match a staff account';

let addresses = 0;
/** Each test attempts from its own address, so one test's failures never throttle another's. */
const nextAddress = () => `198.51.100.${++addresses}`;
const from = () => ({ origin: site.env.PUBLIC_ORIGIN, address: nextAddress() });

/** A minute on: a new code step, so the app shows a code not used before. */
const nextStep = () => clock.advance(60_000);

describe('staff sign-in', () => {
  it('has no account on a fresh store, and the usual default names sign nobody in', async () => {
    expect(await mongoose.connection.collection('staff').countDocuments()).toBe(0);
    for (const [email, password] of [
      ['admin', 'admin'],
      ['admin@example.org', 'password'],
      ['root', 'root'],
    ] as const) {
      const response = await postSignIn(site.app, { email, password, code: '000000' }, from());
      expect(response.status).toBe(400);
      expect(response.text).toContain(REFUSED);
      expect(cookieOf(response, 'staff-session')).toBeNull();
    }
  });

  it('signs a person in with their password and the code from their app, to the page they were going to', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now(), name: 'Pat Owner' });
    const response = await postSignIn(
      site.app,
      { email: account.email.toUpperCase(), password: account.password, code: account.code(clock.now()) },
      { ...from(), returnTo: '/staff/account' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/account');
    const session = cookieOf(response, 'staff-session');
    expect(session).not.toBeNull();
    expect(cookieOf(response, 'staff-browser')).not.toBeNull();

    const home = await request(site.app).get('/staff').set('Cookie', session!);
    expect(home.status).toBe(200);
    expect(home.text).toMatch(/Hello, (<!-- -->)?Pat Owner/);
    const [event] = (await auditEventsOf('sign-in.succeeded')).filter((found) => String(found.subject?.email) === account.email);
    expect(event).toMatchObject({ details: { method: 'password+code' } });
  });

  it('never sends a person to another site after signing in', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const response = await postSignIn(
      site.app,
      { email: account.email, password: account.password, code: account.code(clock.now()) },
      { ...from(), returnTo: '//evil.example/staff' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff');
  });

  it('refuses the password alone, or with a wrong code', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    expect((await postSignIn(site.app, { email: account.email, password: account.password, code: '' }, from())).status).toBe(400);
    const wrong = String((Number(account.code(clock.now())) + 1) % 1_000_000).padStart(6, '0');
    const response = await postSignIn(site.app, { email: account.email, password: account.password, code: wrong }, from());
    expect(response.status).toBe(400);
    expect(response.text).toContain(REFUSED);
  });

  it('refuses a code from the app that was used already, even to the person who used it', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const code = account.code(clock.now());
    expect((await postSignIn(site.app, { email: account.email, password: account.password, code }, from())).status).toBe(303);
    clock.advance(5_000);
    const again = await postSignIn(site.app, { email: account.email, password: account.password, code }, from());
    expect(again.status).toBe(400);
    expect(again.text).toContain(REFUSED);
    expect(cookieOf(again, 'staff-session')).toBeNull();
    const failures = (await auditEventsOf('sign-in.failed')).filter((event) => String(event.subject?.email) === account.email);
    expect(failures.at(-1)).toMatchObject({ details: { reason: 'reused-code' } });
  });

  it('signs in with a recovery code instead of the app, once per code', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const recoveryCode = account.recoveryCodes[3]!;
    const first = await postSignIn(site.app, { email: account.email, password: account.password, recoveryCode: recoveryCode.toUpperCase() }, from());
    expect(first.status).toBe(303);
    const succeeded = (await auditEventsOf('sign-in.succeeded')).filter((event) => String(event.subject?.email) === account.email);
    expect(succeeded.at(-1)).toMatchObject({ details: { method: 'password+recovery-code' } });

    const second = await postSignIn(site.app, { email: account.email, password: account.password, recoveryCode }, from());
    expect(second.status).toBe(400);
    expect(second.text).toContain(REFUSED);
    // The other nine still work.
    expect((await postSignIn(site.app, { email: account.email, password: account.password, recoveryCode: account.recoveryCodes[4]! }, from())).status).toBe(303);
  });

  it('never signs in a disabled or still-invited account, with the same answer', async () => {
    nextStep();
    for (const status of ['disabled', 'invited'] as const) {
      const account = await createTestStaffAccount({ now: clock.now(), status });
      const response = await postSignIn(site.app, { email: account.email, password: account.password, code: account.code(clock.now()) }, from());
      expect(response.status).toBe(400);
      expect(response.text).toContain(REFUSED);
    }
  });

  it('gives an unknown e-mail and a wrong password byte-identical answers', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now(), email: 'known.person@example.org' });
    const unknownEmail = 'other.person@example.org';
    const code = account.code(clock.now());
    const wrongPassword = await postSignIn(site.app, { email: account.email, password: 'not the password', code }, from());
    const unknownAccount = await postSignIn(site.app, { email: unknownEmail, password: 'not the password', code }, from());
    expect(unknownAccount.status).toBe(wrongPassword.status);
    expect(unknownAccount.status).toBe(400);
    // The form is filled again with the e-mail as typed: apart from it, not one byte differs.
    expect(unknownAccount.text.replaceAll(unknownEmail, 'EMAIL')).toBe(wrongPassword.text.replaceAll(account.email, 'EMAIL'));
    expect(unknownAccount.text).toContain(`value="${unknownEmail}"`);
    expect(unknownAccount.text).not.toContain('not the password');
    const headers = (response: request.Response) => ({ ...response.headers, date: undefined, 'content-length': undefined, etag: undefined, 'x-request-id': undefined });
    expect(headers(unknownAccount)).toEqual(headers(wrongPassword));

    const failures = await auditEventsOf('sign-in.failed');
    expect(failures.find((event) => String(event.subject?.email) === account.email && event.details.reason === 'wrong-password')).toBeDefined();
    const unknown = failures.filter((event) => event.details.reason === 'unknown-account');
    expect(unknown.length).toBeGreaterThan(0);
    // No subject, and nothing typed, for an account that does not exist.
    for (const event of unknown) {
      expect(event.subject).toBeUndefined();
      expect(JSON.stringify(event)).not.toContain(unknownEmail);
    }
  });

  it('does the same work for an unknown e-mail, a wrong password, a wrong code and an inactive account', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const disabled = await createTestStaffAccount({ now: clock.now(), status: 'disabled' });
    const work = { passwordHashes: 0, throttleChecks: 0, failuresCounted: 0, auditEvents: [] as AuditEntry[] };
    const signIn = createStaffSignIn({
      clock: clock.now,
      sessions: {
        start: () => Promise.reject(new Error('no session may start')),
        confirm: () => Promise.reject(new Error('no confirmation')),
      },
      audit: { record: async (entry) => void work.auditEvents.push(entry) },
      passkeys: {} as PasskeyCeremonies,
      verifyPassword: async (password, phc) => {
        work.passwordHashes += 1;
        return verifyPassword(password, phc);
      },
      throttle: {
        ...signInThrottle,
        check: async (keys, now, limit) => {
          work.throttleChecks += keys.length;
          return signInThrottle.check(keys, now, limit);
        },
        recordFailure: async (keys, now, limit) => {
          work.failuresCounted += keys.length;
          return signInThrottle.recordFailure(keys, now, limit);
        },
      },
    });
    const staffRequest = (): StaffRequest => ({
      session: null,
      client: { address: nextAddress(), userAgent: 'test', requestId: 'r' },
      formToken: null,
      presented: { sessionToken: null, knownBrowserToken: null },
      cookies: {},
      origin: site.env.PUBLIC_ORIGIN,
    });
    const code = account.code(clock.now());
    const attempts: Record<string, PasswordSignIn> = {
      'unknown-account': { email: 'nobody@example.org', password: account.password, secondFactor: { kind: 'code', code } },
      'wrong-password': { email: account.email, password: 'wrong', secondFactor: { kind: 'code', code } },
      'wrong-code': { email: account.email, password: account.password, secondFactor: { kind: 'code', code: '000000' === code ? '111111' : '000000' } },
      'not-active': { email: disabled.email, password: disabled.password, secondFactor: { kind: 'code', code: disabled.code(clock.now()) } },
    };
    for (const [reason, attempt] of Object.entries(attempts)) {
      work.passwordHashes = 0;
      work.throttleChecks = 0;
      work.failuresCounted = 0;
      work.auditEvents = [];
      const request = staffRequest();
      expect(await signIn.signInWithPassword(attempt, request), reason).toEqual({ outcome: 'refused' });
      expect(work.passwordHashes, reason).toBe(1);
      expect(work.throttleChecks, reason).toBe(2);
      expect(work.failuresCounted, reason).toBe(2);
      expect(work.auditEvents, reason).toEqual([expect.objectContaining({ kind: 'sign-in.failed', details: { reason, method: 'password+code' } })]);
      expect(request.cookies, reason).toEqual({});
    }
  });

  it('keeps a signed-in person away from the sign-in form', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const { session } = await signInAs(site.app, account, clock.now(), from());
    const response = await request(site.app).get('/staff/sign-in').set('Cookie', session);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff');
  });

  it('shows the sign-in form with the fields password managers and passkeys need', async () => {
    const page = await request(site.app).get('/staff/sign-in');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<input[^>]*autoComplete="username webauthn"|<input[^>]*autocomplete="username webauthn"/);
    expect(page.text).toMatch(/<input[^>]*type="password"[^>]*autoComplete="current-password"/i);
    expect(page.text).not.toMatch(/<input[^>]*type="password"[^>]*maxlength/i);
    expect(page.text).toMatch(/<input[^>]*autoComplete="one-time-code"[^>]*inputMode="numeric"|<input[^>]*inputMode="numeric"[^>]*autoComplete="one-time-code"/i);
    const recovery = await request(site.app).get('/staff/sign-in?with=recovery-code');
    expect(recovery.text).toContain('name="recoveryCode"');
    expect(recovery.text).not.toContain('name="code"');
  });

  it('with JavaScript, answers a refusal as the form’s data for the page to show, not as an error page', async () => {
    const response = await request(site.app)
      .post('/staff/sign-in')
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('X-Forwarded-For', nextAddress())
      .set('X-Staff-Route', 'staff-sign-in-page')
      .type('form')
      .send({ email: 'someone@example.org', password: 'wrong', code: '123456' });
    expect(response.body).toEqual({ data: { email: 'someone@example.org', error: 'refused' } });
  });

  // Last: the database stays down for the rest of the file.
  it('answers 503 while the database is down, and signs nobody in', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    await site.database.simulateOutage();
    const response = await postSignIn(site.app, { email: account.email, password: account.password, code: account.code(clock.now()) }, from());
    expect(response.status).toBe(503);
    expect(cookieOf(response, 'staff-session')).toBeNull();
    expect(response.text).not.toContain(account.email);
  });
});
