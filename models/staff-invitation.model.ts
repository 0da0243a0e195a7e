import mongoose, { Schema, type Model, type Types } from 'mongoose';
import { STAFF_ROLES, type StaffRole } from '../src/staff/staff-role';
import { INVITATION_KEPT_AFTER_EXPIRY_MS } from '../src/staff/staff-timing';
import { deliveryStateSchema, type DeliveryState } from './delivery-state';
import { invitedBySchema } from './staff.model';

/**
 * An invitation to set up sign-in, in staff_invitations (docs/decisions/011-staff-sign-in.md, flow 1).
 * An owner's is stored with a pending delivery and no link: the outbox makes the token when it
 * claims the message, so no raw token is ever stored. The operator's is made with its link at
 * once and has no delivery. The link works until expiresAt, once (acceptedAt).
 */
export interface StaffInvitationRecord {
  _id: Types.ObjectId;
  staffId: Types.ObjectId;
  email: string;
  role: StaffRole;
  invitedBy: { staffId?: Types.ObjectId; operator?: boolean };
  createdAt: Date;
  /** SHA-256 hex of the link's token; absent until the link is made. */
  tokenHash?: string;
  /** When the link stops working (made + 24 h); absent until the link is made. */
  expiresAt?: Date;
  acceptedAt?: Date;
  /** The invitation e-mail in the outbox; absent on the operator's invitations. */
  delivery?: DeliveryState;
}

const staffInvitationSchema = new Schema<StaffInvitationRecord>(
  {
    staffId: { type: Schema.Types.ObjectId, required: true, immutable: true },
    email: { type: String, required: true, lowercase: true, trim: true, maxlength: 254 },
    role: { type: String, enum: STAFF_ROLES, required: true },
    invitedBy: { type: invitedBySchema, required: true, immutable: true },
    createdAt: { type: Date, required: true, immutable: true },
    tokenHash: { type: String, match: /^[0-9a-f]{64}$/ },
    expiresAt: { type: Date },
    acceptedAt: { type: Date },
    delivery: { type: deliveryStateSchema, required: false },
  },
  { collection: 'staff_invitations', versionKey: false },
);

staffInvitationSchema.index({ staffId: 1 });
// Sparse, not partial: the embedded store narrows a query by a sparse index but never by a partial one.
staffInvitationSchema.index({ tokenHash: 1 }, { unique: true, sparse: true });
// Kept a week past expiry for the owner's page; the embedded store does not apply it, so housekeeping deletes them too.
staffInvitationSchema.index({ expiresAt: 1 }, { expireAfterSeconds: INVITATION_KEPT_AFTER_EXPIRY_MS / 1000 });
// The outbox's question: which invitation e-mails are due?
staffInvitationSchema.index({ 'delivery.status': 1, 'delivery.nextAttemptAt': 1 }, { sparse: true });

type StaffInvitationCollectionType = Model<StaffInvitationRecord>;

/** The staff invitations. Only models/staff-invitation.repository.ts reads or writes it. */
export const StaffInvitationCollection: StaffInvitationCollectionType =
  (mongoose.models.StaffInvitation as StaffInvitationCollectionType | undefined) ?? mongoose.model<StaffInvitationRecord>('StaffInvitation', staffInvitationSchema);
