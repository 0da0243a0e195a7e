import mongoose, { Types } from 'mongoose';
import type { AuditEventKind } from '../src/staff/audit-event-kind';
import type { StaffRole } from '../src/staff/staff-role';
import { AuditEventCollection, type AuditActor, type AuditEventRecord } from './audit-event.model';
import { objectIdOf } from './object-id';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';
const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** An event as services and pages see it: ids as strings. */
export interface AuditEvent {
  id: string;
  at: Date;
  kind: AuditEventKind;
  actor: { type: 'staff'; staffId: string; email: string; role: StaffRole } | { type: 'operator' } | { type: 'anonymous' };
  subject?: { staffId: string; email: string };
  address: string;
  userAgent: string;
  requestId: string;
  details: Record<string, string | number | boolean>;
}

export type NewAuditEvent = Omit<AuditEvent, 'id'>;

/** Where a page of the log starts: after the event at this time with this id (newest first). */
export interface AuditCursor {
  at: Date;
  id: string;
}

export const AUDIT_PAGE_SIZE = 50;

function eventOf(record: AuditEventRecord): AuditEvent {
  const actor = record.actor;
  return {
    id: record._id.toHexString(),
    at: record.at,
    kind: record.kind,
    actor: actor.type === 'staff' ? { type: 'staff', staffId: actor.staffId.toHexString(), email: actor.email, role: actor.role } : { type: actor.type },
    ...(record.subject ? { subject: { staffId: record.subject.staffId.toHexString(), email: record.subject.email } } : {}),
    address: record.address,
    userAgent: record.userAgent,
    requestId: record.requestId,
    details: record.details ?? {},
  };
}

/**
 * The audit log (audit_events): events are added and read, and deleted only a year after they
 * happened. There is no update and no other delete (ASVS 16.4.2).
 */
export const auditEventRepository = {
  async record(event: NewAuditEvent): Promise<void> {
    const actorId = event.actor.type === 'staff' ? objectIdOf(event.actor.staffId) : null;
    const subjectId = event.subject ? objectIdOf(event.subject.staffId) : null;
    const actor: AuditActor =
      event.actor.type === 'staff' && actorId ? { ...event.actor, staffId: actorId } : { type: event.actor.type === 'operator' ? 'operator' : 'anonymous' };
    await call(() =>
      AuditEventCollection.create({
        at: event.at,
        kind: event.kind,
        actor,
        ...(event.subject && subjectId ? { subject: { staffId: subjectId, email: event.subject.email } } : {}),
        staffIds: [...new Map([actorId, subjectId].filter((id): id is Types.ObjectId => id !== null).map((id) => [id.toHexString(), id])).values()],
        address: event.address.slice(0, 64),
        userAgent: event.userAgent.slice(0, 200),
        requestId: event.requestId.slice(0, 64),
        details: event.details,
      }),
    );
  },

  /**
   * One page of events, newest first: by person (as actor or subject) and kind when given, starting
   * after `before`. `next` is the cursor of the following page, or null at the end.
   */
  async list({ staffId, kind, before }: { staffId?: string; kind?: AuditEventKind; before?: AuditCursor }): Promise<{ events: AuditEvent[]; next: AuditCursor | null }> {
    const person = staffId === undefined ? undefined : objectIdOf(staffId);
    if (person === null) return { events: [], next: null };
    const beforeId = before ? objectIdOf(before.id) : null;
    const filter = {
      ...(person ? { staffIds: person } : {}),
      ...(kind ? { kind } : {}),
      // Operators are trusted one by one: mongoose.trusted on the whole filter does not reach into $or,
      // whose conditions sanitizeFilter would then refuse. The `at` bound lets the index narrow the read.
      ...(before && beforeId
        ? {
            at: mongoose.trusted({ $lte: before.at }),
            $or: [{ at: mongoose.trusted({ $lt: before.at }) }, { at: before.at, _id: mongoose.trusted({ $lt: beforeId }) }],
          }
        : {}),
    };
    const records = await call(() =>
      AuditEventCollection.find(filter)
        .sort({ at: -1, _id: -1 })
        .limit(AUDIT_PAGE_SIZE + 1)
        .lean<AuditEventRecord[]>()
        .exec(),
    );
    const events = records.slice(0, AUDIT_PAGE_SIZE).map(eventOf);
    const last = events.at(-1);
    return { events, next: records.length > AUDIT_PAGE_SIZE && last ? { at: last.at, id: last.id } : null };
  },

  /** Deletes the events older than the retention (housekeeping); resolves with how many. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    const result = await call(() => AuditEventCollection.deleteMany({ at: mongoose.trusted({ $lt: cutoff }) }).exec());
    return result.deletedCount;
  },
};
