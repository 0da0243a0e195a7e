import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEventCollection } from '../../models/audit-event.model';
import { AUDIT_PAGE_SIZE, auditEventRepository, type AuditCursor, type AuditEvent, type NewAuditEvent } from '../../models/audit-event.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

const MINUTE = 60_000;
const start = Date.parse('2026-11-26T15:00:00Z');
const at = (minutes: number) => new Date(start + minutes * MINUTE);

describe('the audit events repository', () => {
  let database: TestDatabase;
  const dana = { type: 'staff' as const, staffId: new Types.ObjectId().toHexString(), email: 'dana@example.org', role: 'owner' as const };
  const sam = { staffId: new Types.ObjectId().toHexString(), email: 'sam@example.org' };

  const event = (fields: Partial<NewAuditEvent>): NewAuditEvent => ({
    at: at(0),
    kind: 'sign-in.succeeded',
    actor: { type: 'anonymous' },
    address: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    requestId: 'req-1',
    details: {},
    ...fields,
  });

  /** Every page of a listing, following the cursors. */
  async function allPages(filter: { staffId?: string; kind?: NewAuditEvent['kind'] }): Promise<AuditEvent[][]> {
    const pages: AuditEvent[][] = [];
    let before: AuditCursor | undefined;
    for (;;) {
      const page = await auditEventRepository.list({ ...filter, ...(before ? { before } : {}) });
      pages.push(page.events);
      if (!page.next) return pages;
      before = page.next;
    }
  }

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await AuditEventCollection.deleteMany({}).exec();
  });

  it('lists the newest first, filtered by person (as actor or subject) and by kind', async () => {
    await auditEventRepository.record(event({ at: at(1), kind: 'sign-in.failed', details: { reason: 'unknown-account' } }));
    await auditEventRepository.record(event({ at: at(2), actor: dana, kind: 'sign-in.succeeded', details: { method: 'passkey' } }));
    await auditEventRepository.record(event({ at: at(3), actor: dana, subject: sam, kind: 'staff.role-changed', details: { from: 'sales', to: 'manager' } }));
    await auditEventRepository.record(event({ at: at(4), actor: { type: 'operator' }, subject: sam, kind: 'staff.sign-in-methods-reset' }));

    const everything = await auditEventRepository.list({});
    expect(everything.events.map((found) => found.kind)).toEqual(['staff.sign-in-methods-reset', 'staff.role-changed', 'sign-in.succeeded', 'sign-in.failed']);
    expect(everything.next).toBeNull();
    expect(everything.events[1]).toMatchObject({ actor: dana, subject: sam, details: { from: 'sales', to: 'manager' }, at: at(3), address: '203.0.113.7' });

    expect((await auditEventRepository.list({ staffId: sam.staffId })).events.map((found) => found.at)).toEqual([at(4), at(3)]);
    expect((await auditEventRepository.list({ staffId: dana.staffId })).events.map((found) => found.at)).toEqual([at(3), at(2)]);
    expect((await auditEventRepository.list({ kind: 'sign-in.succeeded' })).events.map((found) => found.at)).toEqual([at(2)]);
    expect((await auditEventRepository.list({ staffId: dana.staffId, kind: 'staff.role-changed' })).events.map((found) => found.at)).toEqual([at(3)]);
    expect((await auditEventRepository.list({ staffId: 'not-an-id' })).events).toEqual([]);
    expect((await auditEventRepository.list({ staffId: new Types.ObjectId().toHexString() })).events).toEqual([]);
  });

  it('pages by 50 with a cursor of time and id, missing and repeating nothing when events share a time', async () => {
    // 120 events, three to a minute, so page boundaries fall between events of the same time.
    for (let n = 0; n < 120; n += 1) {
      await auditEventRepository.record(event({ at: at(Math.floor(n / 3)), actor: dana, requestId: `req-${n}`, kind: n % 2 === 0 ? 'sign-in.succeeded' : 'sign-out' }));
    }
    const pages = await allPages({});
    expect(pages.map((page) => page.length)).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, 20]);
    const seen = pages.flat();
    expect(new Set(seen.map((found) => found.requestId)).size).toBe(120);
    const times = seen.map((found) => found.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const signOuts = await allPages({ staffId: dana.staffId, kind: 'sign-out' });
    expect(signOuts.map((page) => page.length)).toEqual([50, 10]);
    expect(signOuts.flat().every((found) => found.kind === 'sign-out')).toBe(true);
  });

  it('deletes only the events older than the retention, and offers no other change', async () => {
    await auditEventRepository.record(event({ at: at(0) }));
    await auditEventRepository.record(event({ at: at(10) }));
    expect(await auditEventRepository.deleteOlderThan(at(10))).toBe(1);
    expect((await auditEventRepository.list({})).events.map((found) => found.at)).toEqual([at(10)]);
    expect(Object.keys(auditEventRepository).sort()).toEqual(['deleteOlderThan', 'list', 'record']);
  });
});
