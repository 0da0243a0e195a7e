import { inquiryRepository } from '../../models/inquiry.repository';
import type { StoredLeadChange } from '../../models/inquiry.model';
import { LEAD_NOTE_MAX_LENGTH } from '../../models/inquiry.model';
import { leadRepository, type LeadListRecord, type LeadQuery, type LeadRecord } from '../../models/lead.repository';
import { staffRepository, type StaffMember } from '../../models/staff.repository';
import { addDays, instantAt, wallClock, weekdayOf } from '../../src/business/business-time';
import { modelPageSlugs } from '../../seeds/model-page-slugs';
import { INTEREST_LABELS } from '../../src/contact/contact-schema';
import { INTERESTS } from '../../src/contact/interest';
import { WEEKDAYS } from '../../src/config/weekdays';
import { businessSecondsBetween, isOverdue } from '../../src/leads/lead-due';
import { emailMatchKey, leadSearchPrefix, phoneMatchKey } from '../../src/leads/lead-search';
import {
  ANSWERING_STATUSES,
  LEADS_PAGE_SIZE,
  isLeadStatus,
  type LeadChange,
  type LeadDashboard,
  type LeadDelivery,
  type LeadDetails,
  type LeadFilter,
  type LeadHistoryEntry,
  type LeadListing,
  type LeadPerson,
  type LeadSettings,
  type Leads,
} from '../../src/leads/leads';
import type { SiteData } from '../../src/route-context/site-data';
import type { AuditEntry, AuditRecorder } from '../../src/staff/audit-log';
import { requirePermission } from '../../src/staff/staff-permissions';
import type { StaffMemberView, StaffRequest } from '../../src/staff/staff-request';
import type { Clock } from '../../src/time/clock';
import { leadExportFile } from './lead-export';
import { leadTimingOf } from './lead-state';

export interface LeadsOptions {
  clock: Clock;
  /** Where every change and refusal is recorded (services/audit-log.service.ts). */
  audit: AuditRecorder;
  /** The business file as the pages have it: the hours and threshold, the showrooms' names, the ADF vendor. */
  site: () => SiteData;
}

/** How many other inquiries from the same e-mail or phone the lead page lists. */
const RELATED_LIMIT = 20;
/** The most leads one export holds (the newest, after the overdue ones): a file a spreadsheet opens. */
export const LEAD_EXPORT_LIMIT = 25_000;
/** The deepest page of the list (skipping costs reading): beyond it, a filter or a search finds a lead. */
const MAX_PAGE = 1_000;
/** How often a change decided on a lead that changed meanwhile is decided again on what it is now. */
const ATTEMPTS = 3;

const NOT_FOUND: LeadChange = { ok: false, status: 404, message: 'There is no such lead.' };
const FORBIDDEN: LeadChange = { ok: false, status: 403, message: 'This lead is assigned to someone else. Ask a manager if it should be yours.' };
const CONFLICT: LeadChange = { ok: false, status: 409, message: 'Someone changed this lead at the same moment. Look at it again and retry.' };
const DONE: LeadChange = { ok: true };

/** The signed-in staff member (the staff controller lets no other request reach the inbox's pages). */
function actorOf(request: StaffRequest): StaffMemberView {
  const actor = request.session?.purpose === 'staff' ? request.session.staff : null;
  if (!actor) throw new Error('the leads inbox needs a signed-in staff member');
  return actor;
}

/** Sales accounts change unassigned leads and their own; managers and owners any. */
function mayChange(actor: StaffMemberView, assigneeId: string | undefined): boolean {
  return actor.role !== 'sales' || assigneeId === undefined || assigneeId === actor.id;
}

const isDate = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** A unit's or model's public page, when the stored vehicle names one. */
function subjectHref(vehicle: NonNullable<LeadRecord['vehicleOfInterest']>): string | undefined {
  if (vehicle.unit) return `/inventory/${vehicle.slug}`;
  return modelPageSlugs.has(vehicle.slug) ? `/vehicles/${vehicle.slug}` : undefined;
}

/**
 * The leads inbox (issue 23), behind `Leads` (src/leads/leads.ts). Every staff member with
 * 'answer-leads' reads every lead; each change is authorized on the server for that lead (sales:
 * unassigned leads and their own; managers and owners: any), a refusal answers 403 and records
 * `access.denied`, and every change records its audit event naming the lead, never what anyone
 * typed. A change is decided on the lead as read and written only if the lead is still so
 * (models/lead.repository.ts); one that lost a race is decided again on what the lead is now.
 */
export function createLeads(options: LeadsOptions): Leads {
  const { clock, audit } = options;
  const business = () => options.site().business;
  const timing = () => leadTimingOf(business());

  /** The reader, allowed the inbox; otherwise `access.denied` is recorded and StaffForbiddenError raised. */
  async function reader(request: StaffRequest): Promise<StaffMemberView> {
    const actor = actorOf(request);
    try {
      requirePermission(actor, 'answer-leads');
    } catch (error) {
      await audit.record({ kind: 'access.denied', details: { permission: 'answer-leads' } }, request);
      throw error;
    }
    return actor;
  }

  /** A refusal of a change: recorded, then answered 403. */
  async function refuse(request: StaffRequest, leadId: string | undefined, permission: string, message = FORBIDDEN): Promise<LeadChange> {
    await audit.record({ kind: 'access.denied', details: { permission, ...(leadId ? { lead: leadId } : {}) } }, request);
    return message;
  }

  /** The reader if allowed to change leads at all (null after recording the refusal). */
  async function changer(request: StaffRequest, leadId: string): Promise<StaffMemberView | null> {
    const actor = actorOf(request);
    try {
      requirePermission(actor, 'answer-leads');
      return actor;
    } catch {
      await refuse(request, leadId, 'answer-leads');
      return null;
    }
  }

  const record = (entry: AuditEntry, request: StaffRequest) => audit.record(entry, request);

  /** Staff names by id (the staff are few: every account is read). */
  async function people(): Promise<{ byId: Map<string, StaffMember>; person(id: string | undefined): LeadPerson | undefined }> {
    const byId = new Map((await staffRepository.list()).map((member) => [member.id, member]));
    return {
      byId,
      person: (id) => (id === undefined ? undefined : { id, name: byId.get(id)?.name ?? 'A former staff member' }),
    };
  }

  /** The inbox's filter as a repository query; `mine` is the reader. */
  function queryOf(filter: LeadFilter, actor: StaffMemberView, now: Date): LeadQuery {
    const query: LeadQuery = {};
    if (filter.status === 'overdue') query.overdueAt = now;
    else if (isLeadStatus(filter.status)) query.status = filter.status;
    if (filter.assignee === 'mine') query.assigneeId = actor.id;
    else if (filter.assignee === 'unassigned') query.assigneeId = null;
    else if (filter.assignee) query.assigneeId = filter.assignee;
    if (filter.kind && (INTERESTS as readonly string[]).includes(filter.kind)) query.interest = filter.kind;
    if (filter.showroom) query.showroom = filter.showroom;
    if (isDate(filter.from)) query.receivedFrom = instantAt(filter.from, 0);
    if (isDate(filter.to)) query.receivedBefore = instantAt(addDays(filter.to, 1), 0);
    const prefix = filter.q ? leadSearchPrefix(filter.q) : null;
    if (prefix) query.searchPrefix = prefix;
    return query;
  }

  function listingOf(lead: LeadListRecord, now: Date, person: (id: string | undefined) => LeadPerson | undefined): LeadListing {
    const vehicle = lead.vehicleOfInterest;
    const showroom = lead.lead.showroom ? business().showrooms.find((candidate) => candidate.id === lead.lead.showroom) : undefined;
    const assignee = person(lead.lead.assigneeId?.toHexString());
    const response = lead.lead.firstResponse;
    const href = vehicle ? subjectHref(vehicle) : undefined;
    return {
      id: lead.id,
      receivedAt: lead.createdAt.toISOString(),
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      phone: lead.phone,
      kind: lead.interest,
      subject: vehicle
        ? {
            label: vehicle.year ? `${vehicle.year} ${vehicle.name}` : vehicle.name,
            ...(vehicle.unit ? { stockNumber: vehicle.unit.stockNumber } : {}),
            ...(href ? { href } : {}),
          }
        : { label: INTEREST_LABELS[lead.interest] },
      ...(showroom ? { showroom: { id: showroom.id, name: showroom.name } } : {}),
      status: lead.lead.status,
      ...(assignee ? { assignee } : {}),
      dueAt: lead.lead.dueAt.toISOString(),
      overdue: isOverdue(lead.lead, now),
      ...(response ? { firstResponse: { at: response.at.toISOString(), by: person(response.byId.toHexString())!, businessSeconds: response.businessSeconds } } : {}),
    };
  }

  function deliveriesOf(lead: LeadRecord): LeadDelivery[] {
    return (['notification', 'crmNotification'] as const).flatMap((kind) => {
      const state = lead[kind];
      if (!state) return [];
      return [
        {
          kind,
          status: state.status,
          attempts: state.attempts,
          ...(state.sentAt ? { sentAt: state.sentAt.toISOString() } : {}),
          ...(state.status === 'pending' ? { nextAttemptAt: state.nextAttemptAt.toISOString() } : {}),
          ...(state.lastError ? { lastError: state.lastError } : {}),
        },
      ];
    });
  }

  function historyOf(entries: StoredLeadChange[], person: (id: string | undefined) => LeadPerson | undefined): LeadHistoryEntry[] {
    return entries.flatMap((entry): LeadHistoryEntry[] => {
      const by = person(entry.byId?.toHexString());
      const common = { at: entry.at.toISOString(), ...(by ? { by } : {}) };
      if (entry.change === 'status' && isLeadStatus(entry.from) && isLeadStatus(entry.to)) return [{ ...common, change: 'status', from: entry.from, to: entry.to }];
      if (entry.change === 'assignee') {
        const from = person(entry.from);
        const to = person(entry.to);
        return [{ ...common, change: 'assignee', ...(from ? { from } : {}), ...(to ? { to } : {}), ...(entry.automatic ? { automatic: true } : {}) }];
      }
      if (entry.change === 'resent' && (entry.delivery === 'notification' || entry.delivery === 'crmNotification'))
        return [{ ...common, change: 'resent', delivery: entry.delivery }];
      return [];
    });
  }

  /**
   * Decides and writes a change on the lead as it is, up to ATTEMPTS times when someone else changed
   * it in between: `decide` answers with a result (refused, nothing to do) or a conditional write
   * that resolves with whether the lead was still as read.
   */
  async function change(
    id: string,
    request: StaffRequest,
    permission: string,
    decide: (lead: LeadRecord, actor: StaffMemberView) => Promise<LeadChange | (() => Promise<boolean>)>,
  ): Promise<LeadChange> {
    const actor = await changer(request, id);
    if (!actor) return FORBIDDEN;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const lead = await leadRepository.find(id);
      if (!lead) return NOT_FOUND;
      if (!mayChange(actor, lead.lead.assigneeId?.toHexString())) return refuse(request, id, permission);
      const decided = await decide(lead, actor);
      if (typeof decided !== 'function') return decided;
      if (await decided()) return DONE;
    }
    return CONFLICT;
  }

  return {
    async list(filter, request) {
      const actor = await reader(request);
      const now = clock();
      const page = Math.min(Math.max(Math.trunc(Number(filter.page ?? 1)) || 1, 1), MAX_PAGE);
      const [found, newCount, names] = await Promise.all([
        leadRepository.page(queryOf(filter, actor, now), { now, skip: (page - 1) * LEADS_PAGE_SIZE, limit: LEADS_PAGE_SIZE }),
        leadRepository.countNew(),
        people(),
      ]);
      return { now: now.toISOString(), leads: found.records.map((lead) => listingOf(lead, now, names.person)), page, hasNext: found.hasNext, newCount };
    },

    async dashboard(request) {
      await reader(request);
      const now = clock();
      const today = wallClock(now).date;
      const monday = instantAt(addDays(today, -WEEKDAYS.indexOf(weekdayOf(today))), 0);
      const { thresholdMinutes } = timing();
      const [thisWeek, overdueNow, week] = await Promise.all([
        leadRepository.countReceivedSince(monday),
        leadRepository.countOverdue(now),
        leadRepository.receivedSince(monday),
      ]);
      const counted = week.filter(({ lead }) => lead && lead.status !== 'spam');
      const answered = counted.flatMap(({ lead }) => (lead.firstResponse ? [lead.firstResponse.businessSeconds] : [])).sort((a, b) => a - b);
      const judged = counted.filter(({ lead }) => lead.firstResponse || isOverdue(lead, now));
      const withinThreshold = answered.filter((seconds) => seconds <= thresholdMinutes * 60).length;
      return {
        thisWeek,
        medianFirstResponseSeconds: median(answered),
        overdueNow,
        answeredWithinThresholdPercent: judged.length === 0 ? null : Math.round((withinThreshold / judged.length) * 100),
        thresholdMinutes,
      } satisfies LeadDashboard;
    },

    async get(id, request) {
      const actor = await reader(request);
      const lead = await leadRepository.find(id);
      if (!lead) return null;
      const now = clock();
      const keys = [emailMatchKey(lead.email), phoneMatchKey(lead.phone)].filter((key): key is string => key !== undefined);
      const [names, related] = await Promise.all([people(), leadRepository.related(lead.id, keys, RELATED_LIMIT)]);
      return {
        ...listingOf(lead, now, names.person),
        now: now.toISOString(),
        message: lead.message,
        source: lead.source ?? {},
        deliveries: deliveriesOf(lead),
        notes: lead.lead.notes.map((note) => ({ id: note.id, at: note.at.toISOString(), by: names.person(note.byId.toHexString())!, text: note.text })),
        history: historyOf(lead.lead.history, names.person),
        related: related.map((other) => listingOf(other, now, names.person)),
        canChange: mayChange(actor, lead.lead.assigneeId?.toHexString()),
        assignable: [...names.byId.values()].filter((member) => member.status === 'active').map((member) => ({ id: member.id, name: member.name })),
      } satisfies LeadDetails;
    },

    setStatus(id, status, request) {
      if (!isLeadStatus(status)) return Promise.resolve({ ok: false, status: 400, message: 'Choose one of the statuses.' });
      return change(id, request, 'answer-leads', async (lead, actor) => {
        const from = lead.lead.status;
        if (from === status) return DONE;
        const at = clock();
        const assigneeId = lead.lead.assigneeId?.toHexString();
        // The first answer (not spam) records how long the lead waited, and takes an unassigned lead.
        const answers = ANSWERING_STATUSES.includes(status) && !lead.lead.firstResponse;
        const take = answers && assigneeId === undefined;
        const businessSeconds = answers ? businessSecondsBetween(lead.createdAt, at, timing().schedule) : undefined;
        return async () => {
          const changed = await leadRepository.changeStatus(id, {
            from,
            to: status,
            assigneeId,
            byId: actor.id,
            at,
            ...(businessSeconds !== undefined ? { firstResponse: { businessSeconds } } : {}),
            take,
          });
          if (!changed) return false;
          await record({ kind: 'lead.status-changed', details: { lead: id, from, to: status, ...(answers ? { firstResponse: true } : {}) } }, request);
          if (take) await record({ kind: 'lead.assigned', details: { lead: id, to: actor.id, taken: true } }, request);
          return true;
        };
      });
    },

    assign(id, staffId, request) {
      return change(id, request, 'answer-leads', async (lead, actor) => {
        const from = lead.lead.assigneeId?.toHexString();
        if ((from ?? null) === staffId) return DONE;
        if (staffId !== null) {
          const member = await staffRepository.find({ id: staffId });
          if (!member || member.status !== 'active') return { ok: false, status: 400, message: 'Choose an active staff member.' };
        }
        const at = clock();
        return async () => {
          if (!(await leadRepository.assign(id, { from, to: staffId, byId: actor.id, at }))) return false;
          await record({ kind: 'lead.assigned', details: { lead: id, to: staffId ?? 'nobody', ...(from ? { from } : {}) } }, request);
          return true;
        };
      });
    },

    addNote(id, text, request) {
      const note = typeof text === 'string' ? text.trim() : '';
      if (note.length === 0) return Promise.resolve({ ok: false, status: 400, message: 'Write the note first.' });
      if (note.length > LEAD_NOTE_MAX_LENGTH)
        return Promise.resolve({ ok: false, status: 400, message: `A note can be up to ${LEAD_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.` });
      return change(id, request, 'answer-leads', async (lead, actor) => {
        const at = clock();
        const assigneeId = lead.lead.assigneeId?.toHexString();
        return async () => {
          const noteId = await leadRepository.addNote(id, { text: note, byId: actor.id, at, assigneeId });
          if (!noteId) return false;
          await record({ kind: 'lead.note-added', details: { lead: id, note: noteId } }, request);
          return true;
        };
      });
    },

    resend(id, delivery, request) {
      if (delivery !== 'notification' && delivery !== 'crmNotification') return Promise.resolve({ ok: false, status: 400, message: 'Choose an e-mail of this lead.' });
      return change(id, request, 'answer-leads', async (lead, actor) => {
        if (lead[delivery]?.status !== 'failed') return { ok: false, status: 409, message: 'This e-mail has not failed: there is nothing to send again.' };
        const at = clock();
        return async () => {
          const requeued = await inquiryRepository.requeueFailed(delivery, at, id);
          // Someone else sent it again first: nothing more to do.
          if (requeued === null) return true;
          await leadRepository.recordResent(id, { delivery, byId: actor.id, at });
          await record({ kind: 'lead.delivery-resent', details: { lead: id, delivery } }, request);
          return true;
        };
      });
    },

    async export(filter, format, request) {
      const actor = await reader(request);
      const now = clock();
      const [leads, names] = await Promise.all([leadRepository.all(queryOf(filter, actor, now), { now, limit: LEAD_EXPORT_LIMIT }), people()]);
      if (leads.length === 0) return null;
      const file = leadExportFile(format, leads, {
        now,
        business: business(),
        listing: (lead) => listingOf(lead, now, names.person),
      });
      const filtered = Object.entries(filter).some(([key, value]) => key !== 'page' && value !== undefined && value !== '');
      await record({ kind: 'lead.exported', details: { format, leads: leads.length, filtered } }, request);
      return file;
    },

    settings: () => leadRepository.settings(),

    async changeSettings(settings: LeadSettings, request) {
      const actor = actorOf(request);
      if (actor.role !== 'owner' && actor.role !== 'manager')
        return refuse(request, undefined, 'change-lead-settings', { ok: false, status: 403, message: 'Only managers and owners change how leads are assigned.' });
      if (settings.assignment !== 'manual' && settings.assignment !== 'round-robin')
        return { ok: false, status: 400, message: 'Choose manual or round-robin assignment.' };
      const before = await leadRepository.settings();
      if (before.assignment === settings.assignment) return DONE;
      await leadRepository.saveSettings({ assignment: settings.assignment }, clock());
      await record({ kind: 'lead.settings-changed', details: { from: before.assignment, to: settings.assignment } }, request);
      return DONE;
    },
  };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}
