import { beforeEach, describe, expect, test } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { leadRepository } from '../../models/lead.repository';
import { StaffCollection } from '../../models/staff.model';
import { backfillLeads } from '../../services/leads/lead-backfill.service';
import { businessProfile } from '../../src/config/business-profile.server';
import { createLogger } from '../../src/logging/logger.server';
import type { StaffRole } from '../../src/staff/staff-role';
import { adfDtdProblems } from '../support/adf-dtd';
import { leadsOf, postInquiry, staffRequestAs } from '../support/leads-service';
import { createActiveStaff } from '../support/staff-session';
import { auditEventsOf } from '../support/staff-sign-in';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

// Wednesday June 10, 2026, 10:00 in New Jersey; the shipped business file answers 9-5 on weekdays.
const clock = testClock(new Date('2026-06-10T10:00:00-04:00'));
const site = useTestApp({ CONTACT_RATE_LIMIT: 10_000, CRM_ADF_TO: 'crm@example.com' }, { clock: clock.now });

const person = async (role: StaffRole, name?: string) => {
  const staff = await createActiveStaff({ role, now: clock.now(), name });
  return { ...staff, request: staffRequestAs(staff, clock.now()) };
};

beforeEach(async () => {
  clock.set(new Date('2026-06-10T10:00:00-04:00'));
  await InquiryCollection.deleteMany({});
  await StaffCollection.deleteMany({});
  await InquiryCollection.db.collection('audit_events').deleteMany({});
  await InquiryCollection.db.collection('lead_settings').deleteMany({});
});

describe('the inbox', () => {
  test('an inquiry posted through the public form is in the list, new, due an hour later, and counted as new', async () => {
    const sales = await person('sales');
    const id = await postInquiry(site);
    const page = await leadsOf(site).list({}, sales.request);
    expect(page.leads.map((lead) => lead.id)).toEqual([id]);
    expect(page.leads[0]).toMatchObject({
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      kind: 'sales',
      status: 'new',
      overdue: false,
      subject: { label: 'Sales' },
      dueAt: new Date('2026-06-10T11:00:00-04:00').toISOString(),
    });
    expect(page).toMatchObject({ page: 1, hasNext: false, newCount: 1, now: clock.now().toISOString() });
  });

  test('a lead left new across a closing time is overdue at the next opening plus the rest of the hour, and listed first', async () => {
    const sales = await person('sales');
    clock.set(new Date('2026-06-10T16:30:00-04:00'));
    const late = await postInquiry(site, { email: 'late@example.com' });
    clock.set(new Date('2026-06-10T16:40:00-04:00'));
    const answered = await postInquiry(site, { email: 'answered@example.com' });
    const leads = leadsOf(site);
    expect(await leads.setStatus(answered, 'contacted', sales.request)).toEqual({ ok: true });

    clock.set(new Date('2026-06-10T20:00:00-04:00'));
    expect((await leads.list({}, sales.request)).leads.map((lead) => [lead.id, lead.overdue])).toEqual([
      [answered, false],
      [late, false],
    ]);
    clock.set(new Date('2026-06-11T09:29:00-04:00'));
    const newer = await postInquiry(site, { email: 'newer@example.com' });
    expect((await leads.list({}, sales.request)).leads.find((lead) => lead.id === late)?.overdue).toBe(false);

    clock.set(new Date('2026-06-11T09:30:00-04:00'));
    const page = await leads.list({}, sales.request);
    expect(page.leads.map((lead) => [lead.id, lead.overdue])).toEqual([
      [late, true],
      [newer, false],
      [answered, false],
    ]);
    expect((await leads.list({ status: 'overdue' }, sales.request)).leads.map((lead) => lead.id)).toEqual([late]);
    expect((await leads.dashboard(sales.request)).overdueNow).toBe(1);
  });

  test('pages hold 25 leads, overdue ones first, and say whether another follows', async () => {
    const sales = await person('sales');
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) {
      ids.push(await postInquiry(site, { email: `buyer${index}@example.com` }));
      clock.advance(60_000);
    }
    // The first three are past due an hour later; the rest wait less.
    clock.set(new Date('2026-06-10T11:02:30-04:00'));
    const leads = leadsOf(site);
    const first = await leads.list({}, sales.request);
    const second = await leads.list({ page: 2 }, sales.request);
    expect(first.hasNext).toBe(true);
    expect(second.hasNext).toBe(false);
    const order = [...first.leads, ...second.leads].map((lead) => lead.id);
    expect(order).toEqual([ids[0], ids[1], ids[2], ...ids.slice(3).reverse()]);
    expect(first.leads).toHaveLength(25);
  });

  test('filters by status, assignee, kind and date, and searches by phone digits, e-mail prefix and name', async () => {
    const sales = await person('sales');
    const jane = await postInquiry(site);
    clock.advance(60_000);
    const bob = await postInquiry(site, { firstName: 'Bob', lastName: 'Smith', email: 'bsmith@shore.example', phone: '732-555-0199', interest: 'service' });
    const leads = leadsOf(site);
    await leads.setStatus(bob, 'contacted', sales.request);
    const ids = async (filter: Parameters<typeof leads.list>[0]) => (await leads.list(filter, sales.request)).leads.map((lead) => lead.id);
    expect(await ids({ status: 'contacted' })).toEqual([bob]);
    expect(await ids({ assignee: 'mine' })).toEqual([bob]);
    expect(await ids({ assignee: 'unassigned' })).toEqual([jane]);
    expect(await ids({ kind: 'service' })).toEqual([bob]);
    expect(await ids({ from: '2026-06-10', to: '2026-06-10' })).toEqual([bob, jane]);
    expect(await ids({ from: '2026-06-11' })).toEqual([]);
    expect(await ids({ q: '555-0199' })).toEqual([bob]);
    expect(await ids({ q: '0100' })).toEqual([jane]);
    expect(await ids({ q: '(609) 555' })).toEqual([jane]);
    expect(await ids({ q: 'BSmith@' })).toEqual([bob]);
    expect(await ids({ q: 'jane d' })).toEqual([jane]);
    expect(await ids({ q: 'smi' })).toEqual([bob]);
    expect(await ids({ q: 'mith' })).toEqual([]);
    expect(await ids({ q: 'a.*' })).toEqual([]);
  });

  test('the lead page lists other inquiries from the same e-mail or phone, newest first', async () => {
    const sales = await person('sales');
    const first = await postInquiry(site);
    clock.advance(60_000);
    const samePhone = await postInquiry(site, { email: 'other@example.com', phone: '+1 609 555 0100' });
    clock.advance(60_000);
    const sameEmail = await postInquiry(site, { phone: '(732) 555-0111', email: 'JANE.DOE@example.com' });
    await postInquiry(site, { email: 'stranger@example.com', phone: '(856) 555-0123' });
    const lead = await leadsOf(site).get(first, sales.request);
    expect(lead?.related.map((other) => other.id)).toEqual([sameEmail, samePhone]);
    expect(lead).toMatchObject({ message: 'Do you have a four-seater in stock in blue?', canChange: true, notes: [], history: [] });
    expect(lead?.deliveries.map((delivery) => [delivery.kind, delivery.status])).toEqual([
      ['notification', 'pending'],
      ['crmNotification', 'pending'],
    ]);
    expect(await leadsOf(site).get('no-such-lead', sales.request)).toBeNull();
  });
});

describe('changes', () => {
  test('the first answer records the first response in business seconds, once, and takes the unassigned lead', async () => {
    const first = await person('manager', 'First Manager');
    const second = await person('manager', 'Second Manager');
    clock.set(new Date('2026-06-10T16:30:00-04:00'));
    const id = await postInquiry(site);
    clock.set(new Date('2026-06-11T09:15:00-04:00'));
    const leads = leadsOf(site);
    // Both answer at the same moment: one first response, by whoever was first.
    const answers = await Promise.all([leads.setStatus(id, 'contacted', first.request), leads.setStatus(id, 'contacted', second.request)]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    const lead = await leads.get(id, first.request);
    expect(lead?.firstResponse?.businessSeconds).toBe(45 * 60);
    expect(lead?.history.filter((entry) => entry.change === 'status')).toHaveLength(1);
    const answerer = lead!.firstResponse!.by;
    expect(lead?.assignee).toEqual(answerer);
    expect(lead?.history).toEqual([
      { at: clock.now().toISOString(), by: answerer, change: 'status', from: 'new', to: 'contacted' },
      { at: clock.now().toISOString(), by: answerer, change: 'assignee', to: answerer },
    ]);

    // Later moves keep the first response.
    clock.advance(3_600_000);
    expect(await leads.setStatus(id, 'qualified', second.request)).toEqual({ ok: true });
    expect((await leads.get(id, first.request))?.firstResponse?.businessSeconds).toBe(45 * 60);
    expect((await auditEventsOf('lead.status-changed')).map((event) => event.details)).toEqual([
      { lead: id, from: 'new', to: 'contacted', firstResponse: true },
      { lead: id, from: 'contacted', to: 'qualified' },
    ]);
  });

  test('two answers racing in the repository record one first response', async () => {
    const a = await person('sales');
    const b = await person('sales');
    const id = await postInquiry(site);
    const at = clock.now();
    const move = (byId: string) =>
      leadRepository.changeStatus(id, { from: 'new', to: 'contacted', assigneeId: undefined, byId, at, firstResponse: { businessSeconds: 1 }, take: true });
    expect((await Promise.all([move(a.id), move(b.id)])).filter(Boolean)).toHaveLength(1);
    const stored = await InquiryCollection.findOne({ id }).lean<InquiryRecord>().exec();
    expect(stored?.lead?.history).toHaveLength(2);
  });

  test('spam is no answer: no first response, and the lead stays unassigned', async () => {
    const sales = await person('sales');
    const id = await postInquiry(site);
    const leads = leadsOf(site);
    expect(await leads.setStatus(id, 'spam', sales.request)).toEqual({ ok: true });
    const lead = await leads.get(id, sales.request);
    expect(lead?.firstResponse).toBeUndefined();
    expect(lead?.assignee).toBeUndefined();
    expect(await leads.setStatus(id, 'open' as never, sales.request)).toMatchObject({ ok: false, status: 400 });
  });

  test("a sales account cannot change another person's lead: 403, nothing changed, and access.denied in the audit log", async () => {
    const owner = await person('sales', 'Owner Of Lead');
    const other = await person('sales', 'Other Seller');
    const manager = await person('manager');
    const id = await postInquiry(site);
    const leads = leadsOf(site);
    expect(await leads.assign(id, owner.id, manager.request)).toEqual({ ok: true });

    for (const attempt of [
      () => leads.setStatus(id, 'lost', other.request),
      () => leads.assign(id, other.id, other.request),
      () => leads.addNote(id, 'mine now', other.request),
    ]) {
      expect(await attempt()).toMatchObject({ ok: false, status: 403 });
    }
    const lead = await leads.get(id, other.request);
    expect(lead).toMatchObject({ status: 'new', assignee: { id: owner.id, name: 'Owner Of Lead' }, notes: [], canChange: false });
    const denied = await auditEventsOf('access.denied');
    expect(denied).toHaveLength(3);
    expect(String(denied[0]?.actor.staffId)).toBe(other.id);
    expect(denied[0]?.details).toEqual({ permission: 'answer-leads', lead: id });

    // Their own and unassigned leads they change; a manager changes any.
    expect(await leads.setStatus(id, 'contacted', owner.request)).toEqual({ ok: true });
    expect(await leads.setStatus(id, 'qualified', manager.request)).toEqual({ ok: true });
    expect(await leads.assign(id, null, manager.request)).toEqual({ ok: true });
    expect(await leads.addNote(id, 'Called back, wants blue', other.request)).toEqual({ ok: true });
    expect((await auditEventsOf('lead.assigned')).map((event) => event.details)).toEqual([
      { lead: id, to: owner.id },
      { lead: id, to: 'nobody', from: owner.id },
    ]);
  });

  test('notes keep who wrote them; the audit event names the lead, never the text', async () => {
    const sales = await person('sales', 'Note Writer');
    const id = await postInquiry(site);
    const leads = leadsOf(site);
    expect(await leads.addNote(id, '  Wants the blue one, call after 5  ', sales.request)).toEqual({ ok: true });
    expect(await leads.addNote(id, '   ', sales.request)).toMatchObject({ ok: false, status: 400 });
    expect(await leads.addNote(id, 'x'.repeat(2001), sales.request)).toMatchObject({ ok: false, status: 400 });
    expect(await leads.addNote('no-such-lead', 'hello', sales.request)).toMatchObject({ ok: false, status: 404 });
    const lead = await leads.get(id, sales.request);
    expect(lead?.notes).toEqual([
      { id: expect.any(String), at: clock.now().toISOString(), by: { id: sales.id, name: 'Note Writer' }, text: 'Wants the blue one, call after 5' },
    ]);
    const [event] = await auditEventsOf('lead.note-added');
    expect(JSON.stringify(event)).not.toContain('blue');
    expect(event?.details).toMatchObject({ lead: id });
  });

  test('a failed e-mail is sent again: back in the outbox, in the history and the audit log', async () => {
    const sales = await person('sales');
    const id = await postInquiry(site);
    const leads = leadsOf(site);
    expect(await leads.resend(id, 'notification', sales.request)).toMatchObject({ ok: false, status: 409 });
    await InquiryCollection.updateOne({ id }, { $set: { 'notification.status': 'failed', 'notification.lastError': '550 mailbox unavailable' } }).exec();
    expect((await leads.get(id, sales.request))?.deliveries[0]).toMatchObject({ kind: 'notification', status: 'failed', lastError: '550 mailbox unavailable' });
    expect(await leads.resend(id, 'notification', sales.request)).toEqual({ ok: true });
    const lead = await leads.get(id, sales.request);
    expect(lead?.deliveries[0]).toMatchObject({ kind: 'notification', status: 'pending', nextAttemptAt: clock.now().toISOString() });
    expect(lead?.history).toEqual([{ at: clock.now().toISOString(), by: { id: sales.id, name: sales.name }, change: 'resent', delivery: 'notification' }]);
    expect((await auditEventsOf('lead.delivery-resent')).map((event) => event.details)).toEqual([{ lead: id, delivery: 'notification' }]);
  });
});

describe('exports', () => {
  test('the CSV holds the filtered list, with a formula in a name kept as text', async () => {
    const sales = await person('sales');
    await postInquiry(site, { firstName: '=HYPERLINK("http://evil.example","x")', lastName: '@SUM(A1)', email: 'formula@example.com' });
    await postInquiry(site, { firstName: 'Service', lastName: 'Only', interest: 'service', email: 'svc@example.com' });
    const file = (await leadsOf(site).export({ kind: 'sales' }, 'csv', sales.request))!;
    expect(file).toMatchObject({ filename: 'leads-2026-06-10.csv', contentType: 'text/csv; charset=utf-8' });
    const lines = file.body.split('\r\n');
    expect(lines[0]).toMatch(/^"Received","Status","Overdue","Assignee","First name","Last name","E-mail","Phone"/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","'@SUM(A1)","formula@example.com","(609) 555-0100"`);
    expect(file.body).not.toContain('svc@example.com');
    expect((await auditEventsOf('lead.exported')).map((event) => event.details)).toEqual([{ format: 'csv', leads: 1, filtered: true }]);
  });

  test('the ADF export is one <adf> with a prospect per lead, valid against the ADF 1.0 DTD', async () => {
    const sales = await person('sales');
    const ids = [await postInquiry(site, { firstName: 'Amy & <Co>' }), await postInquiry(site, { interest: 'service', email: 'svc@example.com' })];
    const file = (await leadsOf(site).export({}, 'adf', sales.request))!;
    expect(file.contentType).toBe('application/xml; charset=utf-8');
    expect(file.body.match(/<prospect /g)).toHaveLength(2);
    expect(file.body.match(/<adf>/g)).toHaveLength(1);
    for (const id of ids) expect(file.body).toContain(`>${id}</id>`);
    expect(adfDtdProblems(file.body)).toEqual([]);
  });
});

describe('the dashboard', () => {
  test("this week's leads, the median first response, overdue now and the share answered within the threshold", async () => {
    const sales = await person('sales');
    const leads = leadsOf(site);
    // Monday 9:00: answered at 9:30 (1,800 s). Tuesday 9:00: answered at 11:00 (7,200 s). Wednesday 8:00: still new, due at 10:00.
    clock.set(new Date('2026-06-08T09:00:00-04:00'));
    const monday = await postInquiry(site, { email: 'mon@example.com' });
    clock.set(new Date('2026-06-08T09:30:00-04:00'));
    await leads.setStatus(monday, 'contacted', sales.request);
    clock.set(new Date('2026-06-09T09:00:00-04:00'));
    const tuesday = await postInquiry(site, { email: 'tue@example.com' });
    clock.set(new Date('2026-06-09T11:00:00-04:00'));
    await leads.setStatus(tuesday, 'won', sales.request);
    clock.set(new Date('2026-06-10T08:00:00-04:00'));
    await postInquiry(site, { email: 'wed@example.com' });
    const spam = await postInquiry(site, { email: 'spam@example.com' });
    await leads.setStatus(spam, 'spam', sales.request);
    clock.set(new Date('2026-06-10T10:30:00-04:00'));
    expect(await leads.dashboard(sales.request)).toEqual({
      thisWeek: 3,
      medianFirstResponseSeconds: 4500,
      overdueNow: 1,
      answeredWithinThresholdPercent: 33,
      thresholdMinutes: 60,
    });
  });
});

describe('settings and round-robin', () => {
  test('only managers and owners change the assignment; round-robin gives new leads to active sales accounts in turn', async () => {
    const sales = await person('sales', 'Ann Sales');
    const other = await person('sales', 'Ben Sales');
    const manager = await person('manager');
    const leads = leadsOf(site);
    expect(await leads.changeSettings({ assignment: 'round-robin' }, sales.request)).toMatchObject({ ok: false, status: 403 });
    expect(await auditEventsOf('access.denied')).toHaveLength(1);
    expect(await leads.settings()).toEqual({ assignment: 'manual' });
    expect(await leads.changeSettings({ assignment: 'round-robin' }, manager.request)).toEqual({ ok: true });
    expect(await leads.settings()).toEqual({ assignment: 'round-robin' });
    expect((await auditEventsOf('lead.settings-changed')).map((event) => event.details)).toEqual([{ from: 'manual', to: 'round-robin' }]);

    const assignees: Array<string | undefined> = [];
    for (let index = 0; index < 4; index++) {
      const id = await postInquiry(site, { email: `rr${index}@example.com` });
      clock.advance(1000);
      assignees.push((await leads.get(id, sales.request))?.assignee?.name);
    }
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees.slice(2)).toEqual(assignees.slice(0, 2));
    expect(new Set(assignees)).toEqual(new Set(['Ann Sales', 'Ben Sales']));
    const lead = (await leads.list({}, other.request)).leads[0]!;
    expect((await leads.get(lead.id, other.request))?.history).toEqual([
      { at: expect.any(String), change: 'assignee', to: { id: expect.any(String), name: expect.any(String) }, automatic: true },
    ]);
  });
});

describe('inquiries stored before the inbox', () => {
  test('get their lead state once, at start', async () => {
    const sales = await person('sales');
    const id = await postInquiry(site);
    await InquiryCollection.updateOne({ id }, { $unset: { lead: 1 } }).exec();
    const logger = createLogger(site.env);
    const business = businessProfile(site.business, site.env.PUBLIC_ORIGIN);
    expect((await leadsOf(site).list({}, sales.request)).leads).toEqual([]);
    expect(await backfillLeads({ business, logger })).toBe(1);
    expect(await backfillLeads({ business, logger })).toBe(0);
    const [lead] = (await leadsOf(site).list({ q: 'jane' }, sales.request)).leads;
    expect(lead).toMatchObject({ id, status: 'new', dueAt: new Date('2026-06-10T11:00:00-04:00').toISOString() });
  });
});
