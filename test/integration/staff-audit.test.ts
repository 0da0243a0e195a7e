import { Writable } from 'node:stream';
import mongoose from 'mongoose';
import { pino } from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventRepository } from '../../models/audit-event.repository';
import { createAuditLog } from '../../services/audit-log.service';
import type { StaffRequest } from '../../src/staff/staff-request';
import { ERROR_LEVEL, logLines, type LogRecord } from '../support/log-lines';
import { createTestStaffAccount } from '../support/staff-accounts';
import { cookieOf, postSignIn } from '../support/staff-sign-in';
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
// The site's own log lines, as the operator's log collection gets them; X-Forwarded-For gives each attempt its address.
const log = logLines();
const site = useTestApp({ TRUST_PROXY: '1' }, { clock: clock.now, log: log.destination });

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

/** An audit line's fields as the event stored in audit_events reads, ids and the time as text. */
function asLogged(event: Record<string, unknown>) {
  const { _id, staffIds, at, ...rest } = event;
  return JSON.parse(JSON.stringify({ ...rest, at: (at as Date).toISOString() })) as Record<string, unknown>;
}

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the audit log lines the site writes', () => {
  it('writes each event a request records as exactly one JSON line with msg "audit": kind, actor, subject, address, user agent, request id and the UTC time', async () => {
    clock.advance(60_000);
    const person = await createTestStaffAccount({ role: 'sales', name: 'Sal Lines', now: clock.now() });
    const before = new Set((await mongoose.connection.collection('audit_events').find().toArray()).map((event) => String(event._id)));
    const mark = log.lines.length;
    const client = { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.21' };
    const userAgent = 'Mozilla/5.0 (audit lines test)';

    const failed = await postSignIn(site.app, { email: person.email, password: 'not the password at all', code: person.code(clock.now()) }, client).set(
      'User-Agent',
      userAgent,
    );
    expect(failed.status).toBe(400);
    clock.advance(60_000);
    const signedIn = await postSignIn(site.app, { email: person.email, password: person.password, code: person.code(clock.now()) }, client).set('User-Agent', userAgent);
    expect(signedIn.status).toBe(303);
    const session = cookieOf(signedIn, 'staff-session')!;
    const denied = await request(site.app).get('/staff/audit').set('Cookie', session).set('X-Forwarded-For', client.address).set('User-Agent', userAgent);
    expect(denied.status).toBe(403);
    const home = await request(site.app).get('/staff').set('Cookie', session);
    const signedOut = await request(site.app)
      .post('/staff/sign-out')
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('Cookie', session)
      .set('X-Forwarded-For', client.address)
      .set('User-Agent', userAgent)
      .type('form')
      .send({ formToken: pageFormToken(home.text) });
    expect(signedOut.status).toBe(303);

    const events = (await mongoose.connection.collection('audit_events').find().sort({ at: 1, _id: 1 }).toArray()).filter((event) => !before.has(String(event._id)));
    const lines = log.records(mark).filter((record) => record.msg === 'audit');
    expect(events.map((event) => event.kind)).toEqual(['sign-in.failed', 'sign-in.succeeded', 'access.denied', 'sign-out']);
    expect(lines).toHaveLength(events.length);
    // Each event is in the log exactly once, with the same fields as stored.
    for (const event of events) {
      const logged = lines.filter(
        (line) => (line.audit as { requestId: string; kind: string }).requestId === event.requestId && (line.audit as { kind: string }).kind === event.kind,
      );
      expect(logged).toHaveLength(1);
      expect(logged[0]!.audit).toEqual(asLogged(event));
      expect(logged[0]!.level).toBe(30);
      expect(logged[0]!.time).toMatch(UTC_ISO);
    }
    // The request id is the one the response carried, so an audit line joins its request line.
    const byKind = (kind: string) => lines.find((line) => (line.audit as { kind: string }).kind === kind)!.audit as Record<string, unknown>;
    expect(byKind('sign-in.failed').requestId).toBe(failed.headers['x-request-id']);
    expect(byKind('sign-in.succeeded').requestId).toBe(signedIn.headers['x-request-id']);
    expect(byKind('access.denied').requestId).toBe(denied.headers['x-request-id']);
    expect(byKind('sign-out').requestId).toBe(signedOut.headers['x-request-id']);
    expect(
      log.records(mark).filter((record) => record.msg === 'request completed' && (record.req as { id: string }).id === signedIn.headers['x-request-id']),
    ).toHaveLength(1);
    expect(byKind('sign-in.succeeded')).toEqual({
      at: clock.now().toISOString(),
      kind: 'sign-in.succeeded',
      actor: { type: 'anonymous' },
      subject: { staffId: person.id, email: person.email },
      address: '203.0.113.21',
      userAgent,
      requestId: signedIn.headers['x-request-id'],
      details: { method: 'password+code' },
    });
    expect(byKind('sign-in.failed')).toMatchObject({ subject: { staffId: person.id, email: person.email }, details: { reason: 'wrong-password' } });
    expect(byKind('access.denied')).toMatchObject({ actor: { type: 'staff', staffId: person.id, email: person.email, role: 'sales' } });
    expect(byKind('sign-out')).toMatchObject({ actor: { type: 'staff', staffId: person.id } });
    for (const line of log.lines.slice(mark)) {
      expect(line).not.toContain(session.split('=')[1]!);
      expect(line).not.toContain('not the password at all');
      expect(line).not.toContain(person.password);
    }
  });

  it('keeps a forged line out of the log: an e-mail with a newline and JSON makes one audit line and one request line, and the unknown e-mail is in neither', async () => {
    const forgedEmail = 'intruder.typed@example.org\n{"level":30,"time":"2026-11-26T16:00:00.000Z","msg":"forged"}';
    const forgedAgent = 'Mozilla/5.0 "},"msg":"forged","x":{"';
    const before = await mongoose.connection.collection('audit_events').countDocuments();
    const mark = log.lines.length;
    const attempt = await postSignIn(
      site.app,
      { email: forgedEmail, password: 'whatever was typed', code: '123456' },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.22' },
    ).set('User-Agent', forgedAgent);
    expect(attempt.status).toBe(400);

    const events = await mongoose.connection.collection('audit_events').find().sort({ at: 1, _id: 1 }).skip(before).toArray();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'sign-in.failed', actor: { type: 'anonymous' }, userAgent: forgedAgent, details: { reason: 'unknown-account' } });
    expect(events[0]!.subject).toBeUndefined();
    expect(JSON.stringify(events[0])).not.toContain('intruder');

    // Every line is one JSON object (records() fails on any other), and there are exactly two: the event's and the request's.
    const records: LogRecord[] = log.records(mark);
    expect(records.map((record) => record.msg)).toEqual(['audit', 'request completed']);
    expect(records.some((record) => record.msg === 'forged')).toBe(false);
    expect((records[0]!.audit as { userAgent: string }).userAgent).toBe(forgedAgent);
    for (const line of log.lines.slice(mark)) expect(line).not.toContain('intruder');
  });
});

// Last: the database stays down for the rest of the file.
describe('a database outage during sign-in', () => {
  it('answers 503 without a cookie and logs the failed request as an error line, with nothing typed in it', async () => {
    clock.advance(60_000);
    const person = await createTestStaffAccount({ role: 'owner', now: clock.now() });
    await site.database.simulateOutage();
    const mark = log.lines.length;
    const response = await postSignIn(
      site.app,
      { email: person.email, password: person.password, code: person.code(clock.now()) },
      { origin: site.env.PUBLIC_ORIGIN, address: '203.0.113.23' },
    );
    expect(response.status).toBe(503);
    expect(cookieOf(response, 'staff-session')).toBeNull();
    expect(cookieOf(response, 'staff-browser')).toBeNull();

    const errors = log.records(mark).filter((record) => record.level >= ERROR_LEVEL);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const requestLine = errors.find((record) => (record.req as { id?: string } | undefined)?.id === response.headers['x-request-id']);
    expect(requestLine).toMatchObject({ req: { method: 'POST', path: '/staff/sign-in' }, res: { statusCode: 503 } });
    for (const line of log.lines.slice(mark)) {
      expect(line).not.toContain(person.password);
      expect(line).not.toContain(person.email);
    }
  });
});
