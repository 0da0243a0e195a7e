import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffRepository } from '../../models/staff.repository';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';

/**
 * The owner's management of people (issue 22; docs/decisions/011-staff-sign-in.md, flows 5–7):
 * only owners reach it, a disabled account's open session stops working at once, the staff area
 * always keeps an active owner, and a reset sends the person back through an invitation.
 */

const clock = testClock(new Date('2026-11-26T15:00:00.000Z'));
const site = useTestApp({}, { clock: clock.now });

const auditEvents = (kind: string) => mongoose.connection.collection('audit_events').find({ kind }).sort({ at: 1, _id: 1 }).toArray();

/** Posts one of a staff page's forms as a browser without JavaScript does: from the site's origin, with the page's form token. */
async function postForm(path: string, session: TestStaffSession, fields: Record<string, string>) {
  const page = await request(site.app).get(path).set('Cookie', session.cookie);
  expect(page.status).toBe(200);
  return request(site.app)
    .post(path)
    .set('Origin', site.env.PUBLIC_ORIGIN)
    .set('Cookie', session.cookie)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields });
}

let owner: { id: string; email: string };
let ownerSession: TestStaffSession;

beforeAll(async () => {
  // The only active owner of this file's staff area, until the last test makes a second.
  owner = await createActiveStaff({ role: 'owner', now: clock.now(), name: 'Olive Owner' });
  ownerSession = await openStaffSession(owner.id, clock.now());
});

describe('who may manage people', () => {
  it('refuses a sales account the people and audit pages with 403, and records access.denied', async () => {
    const sales = await createActiveStaff({ role: 'sales', now: clock.now() });
    const session = await openStaffSession(sales.id, clock.now());
    const before = (await auditEvents('access.denied')).length;
    for (const path of ['/staff/people', '/staff/audit', `/staff/people/${owner.id}`]) {
      const response = await request(site.app).get(path).set('Cookie', session.cookie);
      expect(response.status, path).toBe(403);
      expect(response.text).not.toContain(owner.email);
    }
    // A post with a valid form token (from a page the role may open) is refused by the role too, and changes nothing.
    const home = await request(site.app).get('/staff').set('Cookie', session.cookie);
    const refused = await request(site.app)
      .post(`/staff/people/${owner.id}`)
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ formToken: pageFormToken(home.text), intent: 'disable' });
    expect(refused.status).toBe(403);
    const events = (await auditEvents('access.denied')).slice(before);
    // Four refusals by the page's rule, and none by the service: the post's action never ran.
    expect(events).toHaveLength(4);
    expect(events.every((event) => event.details.path !== undefined)).toBe(true);
    expect(events[0]).toMatchObject({ actor: { type: 'staff', email: sales.email, role: 'sales' }, details: { path: '/staff/people' } });
    expect((await staffRepository.find({ id: owner.id }))?.status).toBe('active');
  });

  it('lists everyone for an owner, with role, status and invitation state', async () => {
    const manager = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' });
    const response = await request(site.app).get('/staff/people').set('Cookie', ownerSession.cookie);
    expect(response.status).toBe(200);
    expect(response.text).toContain('Mia Manager');
    expect(response.text).toContain(manager.email);
    expect(response.text).toContain(`href="/staff/people/${manager.id}"`);
  });
});

describe('an owner changes people', () => {
  it('changes a role, and the audit log says from what to what', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const response = await postForm(`/staff/people/${person.id}`, ownerSession, { intent: 'role', role: 'manager' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/people/${person.id}?done=role`);
    expect((await staffRepository.find({ id: person.id }))?.role).toBe('manager');
    const [event] = (await auditEvents('staff.role-changed')).slice(-1);
    expect(event).toMatchObject({ actor: { email: owner.email }, subject: { email: person.email }, details: { from: 'sales', to: 'manager' } });
  });

  it('asks for "confirm it’s you" when the owner has not confirmed within 5 minutes, changing nothing', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const stale = await openStaffSession(owner.id, new Date(clock.now().getTime() - 6 * 60_000));
    const response = await postForm(`/staff/people/${person.id}`, stale, { intent: 'disable' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/staff/confirm?returnTo=${encodeURIComponent(`/staff/people/${person.id}`)}`);
    expect((await staffRepository.find({ id: person.id }))?.status).toBe('active');
  });

  it('disables an account: its open session is signed out on its very next request', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const theirs = await openStaffSession(person.id, clock.now());
    expect((await request(site.app).get('/staff').set('Cookie', theirs.cookie)).status).toBe(200);

    const response = await postForm(`/staff/people/${person.id}`, ownerSession, { intent: 'disable' });
    expect(response.status).toBe(303);

    const next = await request(site.app).get('/staff').set('Cookie', theirs.cookie);
    expect(next.status).toBe(303);
    expect(next.headers.location).toBe('/staff/sign-in?returnTo=%2Fstaff');
    expect(String(next.headers['set-cookie'])).toMatch(/staff-session=;/);
    expect(await staffSessionRepository.listOf(person.id, clock.now())).toEqual([]);
    expect((await staffRepository.find({ id: person.id }))?.status).toBe('disabled');
    expect((await auditEvents('staff.disabled')).at(-1)).toMatchObject({ subject: { email: person.email } });
    expect((await auditEvents('session.ended')).at(-1)).toMatchObject({ subject: { email: person.email }, details: { reason: 'disabled', count: 1 } });

    // Enabled again, the person signs in as before (a new session); the ended one stays ended.
    expect((await postForm(`/staff/people/${person.id}`, ownerSession, { intent: 'enable' })).status).toBe(303);
    expect((await staffRepository.find({ id: person.id }))?.status).toBe('active');
    expect((await request(site.app).get('/staff').set('Cookie', theirs.cookie)).status).toBe(303);
  });

  it('ends one person’s sessions', async () => {
    const person = await createActiveStaff({ role: 'manager', now: clock.now() });
    const first = await openStaffSession(person.id, clock.now());
    await openStaffSession(person.id, clock.now());
    expect((await postForm(`/staff/people/${person.id}`, ownerSession, { intent: 'end-sessions' })).status).toBe(303);
    expect(await staffSessionRepository.listOf(person.id, clock.now())).toEqual([]);
    expect((await request(site.app).get('/staff').set('Cookie', first.cookie)).status).toBe(303);
    expect((await auditEvents('session.ended')).at(-1)).toMatchObject({ details: { reason: 'owner', count: 2 } });
  });

  it('resets a person’s sign-in methods: sessions ended, invited again, and a new invitation for the outbox', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const theirs = await openStaffSession(person.id, clock.now());
    const response = await postForm(`/staff/people/${person.id}`, ownerSession, { intent: 'reset' });
    expect(response.status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', theirs.cookie)).status).toBe(303);
    expect(await staffSessionRepository.listOf(person.id, clock.now())).toEqual([]);
    expect((await staffRepository.find({ id: person.id }))?.status).toBe('invited');
    const invitations = await mongoose.connection
      .collection('staff_invitations')
      .find({ staffId: new mongoose.Types.ObjectId(person.id) })
      .toArray();
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ email: person.email, delivery: { status: 'pending' } });
    expect((await auditEvents('staff.sign-in-methods-reset')).at(-1)).toMatchObject({ subject: { email: person.email } });
  });

  it('invites a person: an invited account and an invitation the outbox will e-mail; an enrolled e-mail is refused beside the field (409)', async () => {
    const response = await postForm('/staff/people/new', ownerSession, { email: 'New.Person@Example.org', name: 'New Person', role: 'manager' });
    expect(response.status).toBe(303);
    const invited = await staffRepository.find({ email: 'new.person@example.org' });
    expect(invited).toMatchObject({ name: 'New Person', role: 'manager', status: 'invited' });
    expect(response.headers.location).toBe(`/staff/people/${invited!.id}?done=invited`);
    const invitations = await mongoose.connection
      .collection('staff_invitations')
      .find({ staffId: new mongoose.Types.ObjectId(invited!.id) })
      .toArray();
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ delivery: { status: 'pending' } });
    expect(invitations[0]!.tokenHash).toBeUndefined();
    expect((await auditEvents('invitation.created')).at(-1)).toMatchObject({ actor: { email: owner.email }, subject: { email: 'new.person@example.org' } });

    const listed = await request(site.app).get('/staff/people').set('Cookie', ownerSession.cookie);
    expect(listed.text).toContain('Invitation being sent');

    const again = await postForm('/staff/people/new', ownerSession, { email: owner.email, name: 'Someone', role: 'sales' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This e-mail already has an account.');
    const bad = await postForm('/staff/people/new', ownerSession, { email: 'not an address', name: '', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Type the person’s e-mail address');
    expect(bad.text).toContain('Choose one of the roles.');
  });

  it('ends everyone’s sessions but the owner’s own', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const theirs = await openStaffSession(person.id, clock.now());
    const response = await postForm('/staff/people', ownerSession, { intent: 'end-all-sessions' });
    expect(response.status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', theirs.cookie)).status).toBe(303);
    expect((await request(site.app).get('/staff').set('Cookie', ownerSession.cookie)).status).toBe(200);
  });
});

describe('the last active owner', () => {
  it('cannot be disabled, demoted or reset, not even by themselves (409 with the reason)', async () => {
    expect(await staffRepository.countActiveOwners()).toBe(1);
    const attempts: Record<string, string>[] = [{ intent: 'disable' }, { intent: 'role', role: 'manager' }, { intent: 'reset' }];
    for (const fields of attempts) {
      const response = await postForm(`/staff/people/${owner.id}`, ownerSession, fields);
      expect(response.status, fields.intent).toBe(409);
      expect(response.text).toContain('This is the only active owner');
    }
    const stored = await staffRepository.find({ id: owner.id });
    expect(stored).toMatchObject({ role: 'owner', status: 'active' });
    expect((await request(site.app).get('/staff').set('Cookie', ownerSession.cookie)).status).toBe(200);
  });

  it('can be demoted once another owner is active', async () => {
    const second = await createActiveStaff({ role: 'owner', now: clock.now() });
    const secondSession = await openStaffSession(second.id, clock.now());
    expect((await postForm(`/staff/people/${owner.id}`, secondSession, { intent: 'role', role: 'manager' })).status).toBe(303);
    expect((await staffRepository.find({ id: owner.id }))?.role).toBe('manager');
    // Now the second is the last: it cannot demote itself.
    expect((await postForm(`/staff/people/${second.id}`, secondSession, { intent: 'role', role: 'sales' })).status).toBe(409);
  });
});
