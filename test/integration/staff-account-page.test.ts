import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffRepository } from '../../models/staff.repository';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { verifyPassword } from '../../src/staff/password-hash.server';
import { hasRecoveryCodeTag, recoveryCodeTag } from '../../src/staff/recovery-codes.server';
import { createTestStaffAccount, type TestStaffAccount } from '../support/staff-accounts';
import { openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * /staff/account (decision 011, flows 5 and 8; ASVS 6.2.2, 6.2.3, 7.4.3, 7.5.2): a person sees where
 * they are signed in and ends the other sessions, and changes their own password only with the
 * current one, a new one the rules allow, and a recent confirmation.
 */

const clock = testClock(new Date('2026-11-26T15:00:00.000Z'));
const site = useTestApp({}, { clock: clock.now });

let person: TestStaffAccount;
let here: TestStaffSession;

const auditEvents = (kind: string) => mongoose.connection.collection('audit_events').find({ kind }).sort({ at: 1, _id: 1 }).toArray();

async function postAccount(session: TestStaffSession, fields: Record<string, string>) {
  const page = await request(site.app).get('/staff/account').set('Cookie', session.cookie);
  expect(page.status).toBe(200);
  return request(site.app)
    .post('/staff/account')
    .set('Origin', site.env.PUBLIC_ORIGIN)
    .set('Cookie', session.cookie)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields });
}

beforeAll(async () => {
  person = await createTestStaffAccount({ role: 'sales', name: 'Sam Sales', now: clock.now() });
  here = await openStaffSession(person.id, clock.now(), { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1' });
});

describe('your sessions', () => {
  it('lists where the person is signed in, marks this browser, and ends the others', async () => {
    const other = await openStaffSession(person.id, clock.now(), { userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36', address: '203.0.113.9' });
    const page = await request(site.app).get('/staff/account').set('Cookie', here.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Safari on iOS');
    expect(page.text).toContain('Chrome on Windows');
    expect(page.text).toContain('203.0.113.9');
    expect(page.text).toContain('This browser');
    expect(page.text).not.toContain(here.cookie.split('=')[1]!);

    const response = await postAccount(here, { intent: 'end-other-sessions' });
    expect(response.status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', other.cookie)).status).toBe(303);
    expect((await staffSessionRepository.listOf(person.id, clock.now())).map((session) => session.id)).toEqual([here.id]);
    expect((await auditEvents('session.ended')).at(-1)).toMatchObject({ details: { reason: 'others', count: 1 } });
  });

  it('asks for "confirm it’s you" first when the last confirmation is older than 5 minutes', async () => {
    const stale = await openStaffSession(person.id, new Date(clock.now().getTime() - 6 * 60_000));
    const response = await postAccount(stale, { intent: 'end-other-sessions' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/confirm?returnTo=%2Fstaff%2Faccount');
    expect(await staffSessionRepository.listOf(person.id, clock.now())).toHaveLength(2);
  });
});

describe('changing the password', () => {
  it('needs the current password, refuses a common one with the reason, and ends the other sessions when asked', async () => {
    const wrong = await postAccount(here, {
      intent: 'password',
      currentPassword: 'not my password',
      newPassword: 'a long and unusual passphrase 42',
      endOtherSessions: 'yes',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Your current password does not match.');
    expect(wrong.text).not.toContain('a long and unusual passphrase 42');

    const common = await postAccount(here, { intent: 'password', currentPassword: person.password, newPassword: 'password123', endOtherSessions: 'yes' });
    expect(common.status).toBe(400);
    expect(common.text).toContain('one of the most common passwords');

    const other = await openStaffSession(person.id, clock.now());
    const changed = await postAccount(here, {
      intent: 'password',
      currentPassword: person.password,
      newPassword: 'a long and unusual passphrase 42',
      endOtherSessions: 'yes',
    });
    expect(changed.status).toBe(303);
    const stored = await staffRepository.find({ id: person.id });
    expect(await verifyPassword('a long and unusual passphrase 42', stored!.password!.hash)).toBe(true);
    expect((await request(site.app).get('/staff').set('Cookie', other.cookie)).status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', here.cookie)).status).toBe(200);
    const events = JSON.stringify(await mongoose.connection.collection('audit_events').find().toArray());
    expect(events).toContain('password.changed');
    expect(events).not.toContain('a long and unusual passphrase 42');
    expect(events).not.toContain(person.password);
  });

  it('makes ten new recovery codes, shown once, and the old ones stop working', async () => {
    const response = await postAccount(here, { intent: 'recovery-codes' });
    expect(response.status).toBe(200);
    const codes = [...response.text.matchAll(/>([0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4})</g)].map((match) => match[1]);
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(person.recoveryCodes[0]);
    expect(response.headers['cache-control']).toBe('no-store, no-transform');
    const stored = (await staffRepository.findWithSecrets({ id: person.id }))!.recoveryCodes!;
    expect(hasRecoveryCodeTag(stored.tags, (await recoveryCodeTag(person.recoveryCodes[0]!, stored.salt))!)).toBe(false);
    expect(hasRecoveryCodeTag(stored.tags, (await recoveryCodeTag(codes[0]!, stored.salt))!)).toBe(true);
    const again = await request(site.app).get('/staff/account').set('Cookie', here.cookie);
    expect(again.text).not.toContain(codes[0]!);
  });
});
