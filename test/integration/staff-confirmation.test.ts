import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestStaffAccount, type TestStaffAccount } from '../support/staff-accounts';
import { auditEventsOf, cookieOf, formTokenOf, signInAs } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * "Confirm it's you" (issue 22; decision 011, flow 4; ASVS 7.5.1, 7.2.4): before a sensitive change
 * the signed-in person gives their password and code again; a success replaces the session's token
 * and returns to the page, a failure counts like a failed sign-in.
 */

const MINUTE = 60_000;
const clock = testClock(new Date('2026-11-26T16:00:05Z'));
const site = useTestApp({ TRUST_PROXY: '1' }, { clock: clock.now });

async function signedIn(role: TestStaffAccount['role'], address: string) {
  clock.advance(MINUTE);
  const account = await createTestStaffAccount({ now: clock.now(), role });
  const { session } = await signInAs(site.app, account, clock.now(), { origin: site.env.PUBLIC_ORIGIN, address });
  return { account, session };
}

async function confirmPage(session: string, query = '?returnTo=%2Fstaff%2Faccount') {
  const page = await request(site.app).get(`/staff/confirm${query}`).set('Cookie', session);
  expect(page.status).toBe(200);
  return { page, formToken: formTokenOf(page.text) };
}

function postConfirm(session: string, address: string, fields: Record<string, string>, query = '?returnTo=%2Fstaff%2Faccount') {
  return request(site.app)
    .post(`/staff/confirm${query}`)
    .set('Origin', site.env.PUBLIC_ORIGIN)
    .set('X-Forwarded-For', address)
    .set('Cookie', session)
    .type('form')
    .send(fields);
}

describe('confirming it is you', () => {
  it('asks for the password and the code, then gives the session a new token and returns to the page', async () => {
    const { account, session } = await signedIn('sales', '198.51.100.50');
    clock.advance(10 * MINUTE);
    const { page, formToken } = await confirmPage(session);
    expect(page.text).toContain('Confirm it’s you');
    expect(page.text).toMatch(/<input[^>]*type="password"[^>]*autocomplete="current-password"/i);

    clock.advance(MINUTE);
    const confirmed = await postConfirm(session, '198.51.100.50', { formToken, password: account.password, code: account.code(clock.now()) });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/staff/account');
    const renewed = cookieOf(confirmed, 'staff-session');
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(session);
    // The old token stops working; the new one opens the same session.
    expect((await request(site.app).get('/staff').set('Cookie', session)).status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', renewed!)).status).toBe(200);
    expect((await auditEventsOf('reauthentication.succeeded')).at(-1)).toMatchObject({
      actor: { type: 'staff', email: account.email },
      details: { method: 'password+code' },
    });
  });

  it('refuses a wrong code with one answer, and counts it like a failed sign-in', async () => {
    const address = '198.51.100.60';
    const { account, session } = await signedIn('manager', address);
    const { formToken } = await confirmPage(session);
    const wrong = await postConfirm(session, address, { formToken, password: account.password, code: '000000' === account.code(clock.now()) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('That password and code do not match your account');
    expect(cookieOf(wrong, 'staff-session')).toBeNull();
    expect((await auditEventsOf('reauthentication.failed')).at(-1)).toMatchObject({ actor: { type: 'staff', email: account.email }, details: { reason: 'wrong-code' } });

    // Nine more failures fill the address's throttle: the eleventh attempt waits, right password and code or not.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await postConfirm(session, address, { formToken, password: 'wrong', code: '123456' })).status).toBe(400);
    }
    const throttled = await postConfirm(session, address, { formToken, password: account.password, code: account.code(clock.now()) });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never returns to another site', async () => {
    const { account, session } = await signedIn('owner', '198.51.100.70');
    const query = '?returnTo=https%3A%2F%2Fevil.example%2Fstaff';
    const { formToken } = await confirmPage(session, query);
    clock.advance(MINUTE);
    const confirmed = await postConfirm(session, '198.51.100.70', { formToken, password: account.password, code: account.code(clock.now()) }, query);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/staff');
  });

  it('is only for signed-in staff', async () => {
    const response = await request(site.app).get('/staff/confirm?returnTo=%2Fstaff%2Faccount');
    expect(response.status).toBe(303);
    expect(response.headers.location).toMatch(/^\/staff\/sign-in\?returnTo=/);
  });
});
