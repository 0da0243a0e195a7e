import mongoose, { Schema, type Model, type Types } from 'mongoose';
import { AUDIT_EVENT_KINDS, type AuditEventKind } from '../src/staff/audit-event-kind';
import { STAFF_ROLES, type StaffRole } from '../src/staff/staff-role';

/** Who did it: a signed-in staff member, the operator (a command on the server), or nobody signed in. */
export type AuditActor = { type: 'staff'; staffId: Types.ObjectId; email: string; role: StaffRole } | { type: 'operator' } | { type: 'anonymous' };

/**
 * One audit event (docs/decisions/011-staff-sign-in.md, "Audit log"): what happened, who did it to
 * whom, when (UTC), from where and in which request. Never a password, code, token or typed text.
 */
export interface AuditEventRecord {
  _id: Types.ObjectId;
  at: Date;
  kind: AuditEventKind;
  actor: AuditActor;
  subject?: { staffId: Types.ObjectId; email: string };
  /** The actor's and the subject's ids: the audit page's filter by person. */
  staffIds: Types.ObjectId[];
  address: string;
  userAgent: string;
  requestId: string;
  details: Record<string, string | number | boolean>;
}

const auditEventSchema = new Schema<AuditEventRecord>(
  {
    at: { type: Date, required: true, immutable: true },
    kind: { type: String, enum: AUDIT_EVENT_KINDS, required: true, immutable: true },
    actor: {
      type: { type: String, enum: ['staff', 'operator', 'anonymous'], required: true },
      staffId: Schema.Types.ObjectId,
      email: String,
      role: { type: String, enum: STAFF_ROLES },
    },
    subject: { type: new Schema({ staffId: Schema.Types.ObjectId, email: String }, { _id: false }), required: false },
    staffIds: { type: [Schema.Types.ObjectId], default: [] },
    address: { type: String, maxlength: 64, default: '' },
    userAgent: { type: String, maxlength: 200, default: '' },
    requestId: { type: String, maxlength: 64, default: '' },
    details: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'audit_events', versionKey: false, minimize: false },
);

// A year of events; MongoDB deletes older ones, and housekeeping does on the embedded store.
auditEventSchema.index({ at: 1 }, { expireAfterSeconds: 31_536_000 });
auditEventSchema.index({ staffIds: 1, at: -1 });
auditEventSchema.index({ kind: 1, at: -1 });

type AuditEventCollectionType = Model<AuditEventRecord>;

/** The audit log. Only models/audit-event.repository.ts reads or writes it, and it never changes an event. */
export const AuditEventCollection: AuditEventCollectionType =
  (mongoose.models.AuditEvent as AuditEventCollectionType | undefined) ?? mongoose.model<AuditEventRecord>('AuditEvent', auditEventSchema);
