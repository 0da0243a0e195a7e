import { Writable } from 'node:stream';
import mongoose from 'mongoose';
import { pino } from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventRepository } from '../../models/audit-event.repository';
import { createAuditLog } from '../../services/audit-log.service';
import type { StaffRequest } from '../../src/staff/staff-request';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';

/**
 * The audit log (issue 22 item 5; decision 011, "Audit log"; ASVS 16.2): owners read it at
 * /staff/audit newest first, by person and kind, 50 a page; every event is also one JSON line
 * (`msg: "audit"`) for the operator's log collection; neither ever holds a secret.
 */

const START = new Date('2026-11-26T15:00:00.000Z');
const clock = testClock(START);
const site = useTestApp({}, { clock: clock.now });

let owner: { id: string; email: string };
let ownerSession: TestStaffSession;
let alice: { id: string; email: string };
let bruno: { id: string; email: string };

/** The event times a page lists, in page order (each event's <time>). */
function listedTimes(html: string): string[] {
  const list = html.slice(html.indexOf('aria-label="Audit events, newest first"'));
  return [...list.matchAll(/<time dateTime="([^"]+)"/g)].map((match) => match[1]!);
}

function olderLink(html: string): string | null {
  const match = /href="(\/staff\/audit\?[^"]*before=[^"]+)"/.exec(html);
  return match ? match[1]!.replaceAll('&amp;', '&') : null;
}

const audit = (path: string) => request(site.app).get(path).set('Cookie', ownerSession.cookie);

beforeAll(async () => {
  owner = await createActiveStaff({ role: 'owner', now: clock.now(), name: 'Olive Owner' });
  ownerSession = await openStaffSession(owner.id, clock.now());
  alice = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Alice Sales' });
  bruno = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Bruno Manager' });
  const client = { address: '192.0.2.7', userAgent: 'Mozilla/5.0 (test)', requestId: 'req-1' };
  // 55 sign-ins of Alice a minute apart, then 3 role changes of Bruno by the owner: 58 events, the newest last.
  for (let minute = 1; minute <= 55; minute += 1) {
    await auditEventRepository.record({
      at: new Date(START.getTime() + minute * 60_000),
      kind: 'sign-in.succeeded',
      actor: { type: 'staff', staffId: alice.id, email: alice.email, role: 'sales' },
      ...client,
      details: { method: 'passkey' },
    });
  }
  for (let minute = 56; minute <= 58; minute += 1) {
    await auditEventRepository.record({
      at: new Date(START.getTime() + minute * 60_000),
      kind: 'staff.role-changed',
      actor: { type: 'staff', staffId: owner.id, email: owner.email, role: 'owner' },
      subject: { staffId: bruno.id, email: bruno.email },
      ...client,
      details: { from: 'sales', to: 'manager' },
    });
  }
  clock.set(new Date(START.getTime() + 60 * 60_000));
  ownerSession = await openStaffSession(owner.id, clock.now());
});

describe('the audit page', () => {
  it('lists the newest 50 events first, then the rest through the before cursor', async () => {
    const first = await audit('/staff/audit');
    expect(first.status).toBe(200);
    const times = listedTimes(first.text);
    expect(times).toHaveLength(50);
    expect(times[0]).toBe(new Date(START.getTime() + 58 * 60_000).toISOString());
    expect([...times].sort().reverse()).toEqual(times);

    const older = olderLink(first.text);
    expect(older).not.toBeNull();
    const second = await audit(older!);
    const rest = listedTimes(second.text);
    expect(rest).toHaveLength(8);
    expect(rest[0]! < times.at(-1)!).toBe(true);
    expect(rest.at(-1)).toBe(new Date(START.getTime() + 60_000).toISOString());
    expect(olderLink(second.text)).toBeNull();
  });

  it('shows New Jersey time with the UTC instant beside it', async () => {
    const page = await audit(`/staff/audit?person=${bruno.id}`);
    // 15:58 UTC on 26 November is 10:58 in New Jersey (EST, UTC-5).
    expect(page.text).toContain('Nov 26, 2026, 10:58:00 AM EST');
    expect(page.text).toContain('2026-11-26T15:58:00Z');
  });

  it('filters by person (as actor or subject) and by kind, from the query string', async () => {
    const byBruno = await audit(`/staff/audit?person=${bruno.id}`);
    expect(listedTimes(byBruno.text)).toHaveLength(3);
    expect(byBruno.text).toContain(bruno.email);
    expect(byBruno.text).not.toContain('sign-in.succeeded</code>');

    const byKind = await audit('/staff/audit?kind=staff.role-changed');
    expect(listedTimes(byKind.text)).toHaveLength(3);

    const byAlice = await audit(`/staff/audit?person=${alice.id}`);
    expect(listedTimes(byAlice.text)).toHaveLength(50);
    expect(olderLink(byAlice.text)).toContain(`person=${alice.id}`);

    const none = await audit(`/staff/audit?person=${alice.id}&kind=staff.role-changed`);
    expect(listedTimes(none.text)).toHaveLength(0);
    expect(none.text).toContain('No events.');
  });

  it('reads a query string it cannot use as no filter, never as an error', async () => {
    const page = await audit('/staff/audit?person=%7B%22%24ne%22%3A1%7D&kind=nope&before=garbage');
    expect(page.status).toBe(200);
    expect(listedTimes(page.text)).toHaveLength(50);
  });
});

describe('what the audit log keeps', () => {
  it('writes each event as one JSON line with msg "audit": when, what, who, to whom, from where and the request id', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const log = createAuditLog({ clock: clock.now, logger });
    const staffRequest: StaffRequest = {
      session: {
        id: '0123456789abcdef01234567',
        purpose: 'staff',
        staff: { id: owner.id, email: owner.email, name: 'Olive Owner', role: 'owner' },
        signedInWith: 'password+code',
        createdAt: clock.now(),
        reauthenticatedAt: clock.now(),
      },
      client: { address: '198.51.100.4', userAgent: 'Mozilla/5.0 (audit line)', requestId: 'req-audit-line' },
      formToken: 'masked-form-token-value',
      presented: { sessionToken: 'session-token-value-never-logged', knownBrowserToken: 'browser-token-value-never-logged' },
      cookies: {},
      origin: site.env.PUBLIC_ORIGIN,
    };
    await log.record({ kind: 'staff.role-changed', subject: { staffId: bruno.id, email: bruno.email }, details: { from: 'manager', to: 'sales' } }, staffRequest);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { msg: string; audit: Record<string, unknown> };
    expect(line.msg).toBe('audit');
    expect(line.audit).toEqual({
      at: clock.now().toISOString(),
      kind: 'staff.role-changed',
      actor: { type: 'staff', staffId: owner.id, email: owner.email, role: 'owner' },
      subject: { staffId: bruno.id, email: bruno.email },
      address: '198.51.100.4',
      userAgent: 'Mozilla/5.0 (audit line)',
      requestId: 'req-audit-line',
      details: { from: 'manager', to: 'sales' },
    });
    for (const secret of ['session-token-value-never-logged', 'browser-token-value-never-logged', 'masked-form-token-value']) expect(lines[0]).not.toContain(secret);
  });

  it('holds no session token, form token or typed text after owners change people', async () => {
    const person = await createActiveStaff({ role: 'sales', now: clock.now() });
    const theirs = await openStaffSession(person.id, clock.now());
    const page = await audit(`/staff/people/${person.id}`);
    const formToken = pageFormToken(page.text);
    const post = (fields: Record<string, string>) =>
      request(site.app)
        .post(`/staff/people/${person.id}`)
        .set('Origin', site.env.PUBLIC_ORIGIN)
        .set('Cookie', ownerSession.cookie)
        .type('form')
        .send({ formToken, ...fields });
    expect((await post({ intent: 'role', role: 'manager' })).status).toBe(303);
    expect((await post({ intent: 'disable' })).status).toBe(303);
    // A sales session's forbidden try, and a refused post with a bad token, are recorded too.
    await request(site.app).get('/staff/audit').set('Cookie', theirs.cookie);
    await request(site.app)
      .post('/staff/people')
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('Cookie', ownerSession.cookie)
      .type('form')
      .send({ formToken: 'typed-by-someone' });

    const stored = JSON.stringify(await mongoose.connection.collection('audit_events').find().toArray());
    expect(stored).toContain('staff.disabled');
    expect(stored).toContain('request.refused');
    for (const secret of [ownerSession.cookie.split('=')[1]!, theirs.cookie.split('=')[1]!, formToken, 'typed-by-someone']) expect(stored).not.toContain(secret);
  });
});
