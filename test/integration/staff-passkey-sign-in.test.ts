import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import { staffRepository } from '../../models/staff.repository';
import { addSoftwarePasskey } from '../support/software-passkey';
import { createTestStaffAccount } from '../support/staff-accounts';
import { auditEventsOf, cookieOf, formTokenOf, signInAs } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Signing in and confirming with a passkey (issue 22; decision 011, flows 3 and 4), as the page's
 * script does it through the staff bridge (X-Staff-Route): a passkey request from the route action,
 * the authenticator's answer back to it. A software passkey stands in for the phone.
 */

const clock = testClock(new Date('2026-11-26T17:00:05Z'));
const site = useTestApp({}, { clock: clock.now });

/** A post to a staff route's action as the browser's router sends it, answered as JSON. */
function bridged(path: string, routeId: string, fields: Record<string, string>, cookies: string[] = []) {
  let test = request(site.app).post(path).set('Origin', site.env.PUBLIC_ORIGIN).set('X-Staff-Route', routeId).set('Accept', 'application/json').type('form');
  if (cookies.length) test = test.set('Cookie', cookies.join('; '));
  return test.send(fields);
}

async function signInOptions(): Promise<{ challenge: string; rpId: string; userVerification: string }> {
  const response = await bridged('/staff/sign-in', 'staff-sign-in-page', { intent: 'passkey-options' });
  expect(response.status).toBe(200);
  return (response.body as { data: { passkeyOptions: { challenge: string; rpId: string; userVerification: string } } }).data.passkeyOptions;
}

async function staffWithPasskey(status: 'active' | 'disabled' = 'active') {
  clock.advance(60_000);
  const account = await createTestStaffAccount({ now: clock.now(), status });
  const member = (await staffRepository.find({ id: account.id }))!;
  const passkey = await addSoftwarePasskey(account.id, clock.now());
  return { account, userHandle: member.webAuthnUserId, passkey };
}

describe('passkey sign-in', () => {
  it('asks the browser for any passkey of this site, with user verification', async () => {
    const options = await signInOptions();
    expect(options.rpId).toBe(new URL(site.env.PUBLIC_ORIGIN).hostname);
    expect(options.userVerification).toBe('required');
    expect(Buffer.from(options.challenge, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('signs a person in with their passkey, once per request', async () => {
    const { account, userHandle, passkey } = await staffWithPasskey();
    const { challenge } = await signInOptions();
    const answer = JSON.stringify(passkey.answer(challenge, { origin: site.env.PUBLIC_ORIGIN, userHandle }));
    const signedIn = await bridged('/staff/sign-in?returnTo=%2Fstaff%2Faccount', 'staff-sign-in-page', { intent: 'passkey', response: answer });
    expect(signedIn.body).toEqual({ redirect: '/staff/account' });
    const session = cookieOf(signedIn, 'staff-session');
    expect(session).not.toBeNull();
    expect((await request(site.app).get('/staff').set('Cookie', session!)).status).toBe(200);
    expect((await auditEventsOf('sign-in.succeeded')).at(-1)).toMatchObject({ subject: { email: account.email }, details: { method: 'passkey' } });
    const [stored] = await staffPasskeyRepository.listOf(account.id);
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: clock.now() });

    // The same answer again: its challenge was used up.
    const replayed = await bridged('/staff/sign-in', 'staff-sign-in-page', { intent: 'passkey', response: answer });
    expect(replayed.body).toMatchObject({ data: { error: 'refused' } });
    expect(cookieOf(replayed, 'staff-session')).toBeNull();
  });

  it('refuses a passkey naming another person, a disabled account, and an answer without user verification', async () => {
    const { passkey } = await staffWithPasskey();
    const other = await staffWithPasskey();
    const disabled = await staffWithPasskey('disabled');
    const attempts = [
      passkey.answer((await signInOptions()).challenge, { origin: site.env.PUBLIC_ORIGIN, userHandle: other.userHandle }),
      disabled.passkey.answer((await signInOptions()).challenge, { origin: site.env.PUBLIC_ORIGIN, userHandle: disabled.userHandle }),
      other.passkey.answer((await signInOptions()).challenge, { origin: site.env.PUBLIC_ORIGIN, userHandle: other.userHandle, userVerified: false }),
      other.passkey.answer('bm90IGEgY2hhbGxlbmdlIHdlIG1hZGU', { origin: site.env.PUBLIC_ORIGIN, userHandle: other.userHandle }),
    ];
    for (const attempt of attempts) {
      const response = await bridged('/staff/sign-in', 'staff-sign-in-page', { intent: 'passkey', response: JSON.stringify(attempt) });
      expect(response.body).toMatchObject({ data: { error: 'refused' } });
      expect(cookieOf(response, 'staff-session')).toBeNull();
    }
    const reasons = (await auditEventsOf('sign-in.failed')).slice(-4).map((event) => event.details.reason);
    expect(reasons).toEqual(['passkey-not-verified', 'not-active', 'passkey-not-verified', 'passkey-not-verified']);
  });

  it('confirms it is you with a passkey only against a request made for this session', async () => {
    const { account, userHandle, passkey } = await staffWithPasskey();
    const { session } = await signInAs(site.app, account, clock.now(), { origin: site.env.PUBLIC_ORIGIN });
    clock.advance(10 * 60_000);
    const page = await request(site.app).get('/staff/confirm?returnTo=%2Fstaff%2Faccount').set('Cookie', session);
    const formToken = formTokenOf(page.text);

    // A sign-in request's challenge does not confirm anything.
    const signInChallenge = (await signInOptions()).challenge;
    const misused = await bridged(
      '/staff/confirm?returnTo=%2Fstaff%2Faccount',
      'staff-confirm-page',
      {
        formToken,
        intent: 'passkey',
        response: JSON.stringify(passkey.answer(signInChallenge, { origin: site.env.PUBLIC_ORIGIN, userHandle })),
      },
      [session],
    );
    expect(misused.body).toMatchObject({ data: { error: 'refused' } });

    const options = await bridged('/staff/confirm?returnTo=%2Fstaff%2Faccount', 'staff-confirm-page', { formToken, intent: 'passkey-options' }, [session]);
    const { challenge } = (options.body as { data: { passkeyOptions: { challenge: string } } }).data.passkeyOptions;
    const confirmed = await bridged(
      '/staff/confirm?returnTo=%2Fstaff%2Faccount',
      'staff-confirm-page',
      {
        formToken,
        intent: 'passkey',
        response: JSON.stringify(passkey.answer(challenge, { origin: site.env.PUBLIC_ORIGIN, userHandle })),
      },
      [session],
    );
    expect(confirmed.body).toEqual({ redirect: '/staff/account' });
    const renewed = cookieOf(confirmed, 'staff-session');
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(session);
    expect((await auditEventsOf('reauthentication.succeeded')).at(-1)).toMatchObject({ actor: { email: account.email }, details: { method: 'passkey' } });
  });
});
