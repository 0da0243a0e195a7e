import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestStaffAccount } from '../support/staff-accounts';
import { auditEventsOf, formTokenOf, setCookies, signInAs } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Staff sessions (issue 22; decision 011, flow 5 and "The cookies"; ASVS 3.3.1-3.3.4, 7.1.2, 7.2.1,
 * 7.2.4, 7.3.1, 7.3.2, 7.4.1): a new token at every sign-in, 1 hour idle, 12 hours at most, ended on
 * the server by signing out, and cookies no script or other host can read.
 */

const MINUTE = 60_000;
const clock = testClock(new Date('2026-11-26T14:00:05Z'));

/** Whether a session cookie still opens the staff home (else the visitor is sent to sign in). */
async function opensStaffHome(app: Parameters<typeof request>[0], cookie: string): Promise<boolean> {
  const response = await request(app).get('/staff').set('Cookie', cookie);
  if (response.status === 200) return true;
  expect(response.status).toBe(303);
  expect(response.headers.location).toBe('/staff/sign-in?returnTo=%2Fstaff');
  return false;
}

describe('staff sessions', () => {
  const site = useTestApp({}, { clock: clock.now });
  const from = () => ({ origin: site.env.PUBLIC_ORIGIN });
  const nextStep = () => clock.advance(MINUTE);

  it('ends the session on the server at sign-out: its cookie no longer opens anything', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const { session } = await signInAs(site.app, account, clock.now(), from());
    const home = await request(site.app).get('/staff').set('Cookie', session);
    expect(home.status).toBe(200);

    const signOut = await request(site.app)
      .post('/staff/sign-out')
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('Cookie', session)
      .type('form')
      .send({ formToken: formTokenOf(home.text) });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.location).toBe('/staff/sign-in');
    expect(setCookies(signOut).join('\n')).toMatch(/^staff-session=;.*Expires=Thu, 01 Jan 1970/m);
    expect(await mongoose.connection.collection('staff_sessions').countDocuments({ staffId: new mongoose.Types.ObjectId(account.id) })).toBe(0);
    // A copy of the cookie kept from before is refused.
    expect(await opensStaffHome(site.app, session)).toBe(false);
    expect((await auditEventsOf('sign-out')).at(-1)).toMatchObject({ actor: { type: 'staff', email: account.email } });
  });

  it('signs a person out after an hour without a request, not before', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const { session } = await signInAs(site.app, account, clock.now(), from());
    clock.advance(59 * MINUTE);
    expect(await opensStaffHome(site.app, session)).toBe(true);
    // The request above moved the idle expiry on: 61 minutes after it, the session is over.
    clock.advance(61 * MINUTE);
    expect(await opensStaffHome(site.app, session)).toBe(false);
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const { session } = await signInAs(site.app, account, clock.now(), from());
    for (let elapsed = 0; elapsed + 50 <= 11 * 60 + 50; elapsed += 50) {
      clock.advance(50 * MINUTE);
      expect(await opensStaffHome(site.app, session)).toBe(true);
    }
    // 11 h 40 min so far, active all along; 25 minutes more is 12 h 05 min.
    clock.advance(25 * MINUTE);
    expect(await opensStaffHome(site.app, session)).toBe(false);
  });

  it('gives a new token at every sign-in and ends the session the browser had', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const first = await signInAs(site.app, account, clock.now(), from());
    nextStep();
    const second = await signInAs(site.app, account, clock.now(), { ...from(), cookies: [first.session, first.knownBrowser] });
    expect(second.session).not.toBe(first.session);
    expect(await opensStaffHome(site.app, first.session)).toBe(false);
    expect(await opensStaffHome(site.app, second.session)).toBe(true);
    expect(await mongoose.connection.collection('staff_sessions').countDocuments({ staffId: new mongoose.Types.ObjectId(account.id) })).toBe(1);
  });

  it('keeps no more than 10 sessions per person: an 11th sign-in ends the least recently seen', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const sessions: string[] = [];
    for (let count = 0; count < 11; count += 1) {
      nextStep();
      sessions.push((await signInAs(site.app, account, clock.now(), from())).session);
    }
    expect(await opensStaffHome(site.app, sessions[0]!)).toBe(false);
    for (const session of sessions.slice(1)) expect(await opensStaffHome(site.app, session)).toBe(true);
    expect((await auditEventsOf('session.ended')).at(-1)).toMatchObject({ details: { reason: 'limit', count: 1 } });
  });

  it('sets cookies no script can read, sent to this site only, over plain http without the https-only marks', async () => {
    nextStep();
    const account = await createTestStaffAccount({ now: clock.now() });
    const { response } = await signInAs(site.app, account, clock.now(), from());
    const session = setCookies(response).find((line) => line.startsWith('staff-session='))!;
    const browser = setCookies(response).find((line) => line.startsWith('staff-browser='))!;
    for (const line of [session, browser]) {
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/; Domain=/i);
      // Browsers refuse a Secure cookie from http://localhost.
      expect(line).not.toMatch(/; Secure/);
    }
    expect(session).toMatch(/; Max-Age=43200(;|$)/);
    // The token travels in Set-Cookie only: never in the page the person lands on.
    const token = session.split(';')[0]!.split('=')[1]!;
    const home = await request(site.app).get('/staff').set('Cookie', session.split(';')[0]!);
    expect(home.text).not.toContain(token);
  });
});

describe('staff sessions on https', () => {
  const origin = 'https://carts.example.com';
  const site = useTestApp({ PUBLIC_ORIGIN: origin }, { clock: clock.now });

  it('bind both cookies to this host name and to TLS: __Host- and Secure', async () => {
    clock.advance(MINUTE);
    const account = await createTestStaffAccount({ now: clock.now() });
    const { response, session } = await signInAs(site.app, account, clock.now(), { origin });
    const lines = setCookies(response);
    const sessionLine = lines.find((line) => line.startsWith('__Host-staff-session='))!;
    const browserLine = lines.find((line) => line.startsWith('__Host-staff-browser='))!;
    for (const line of [sessionLine, browserLine]) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/; Domain=/i);
    }
    expect(lines.some((line) => line.startsWith('staff-session='))).toBe(false);
    expect((await request(site.app).get('/staff').set('Cookie', session)).status).toBe(200);
    // The same token without the prefix is not the site's cookie.
    expect((await request(site.app).get('/staff').set('Cookie', session.replace('__Host-', ''))).status).toBe(303);
  });
});
