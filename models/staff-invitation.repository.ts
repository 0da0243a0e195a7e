import mongoose from 'mongoose';
import type { StaffRole } from '../src/staff/staff-role';
import { INVITATION_KEPT_AFTER_EXPIRY_MS } from '../src/staff/staff-timing';
import type { DeliveryState } from './delivery-state';
import { objectIdOf } from './object-id';
import { StaffInvitationCollection, type StaffInvitationRecord } from './staff-invitation.model';
import type { StaffInviter } from './staff.repository';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** An invitation as services see it: ids as strings, never the token's hash. */
export interface StaffInvitation {
  id: string;
  staffId: string;
  email: string;
  role: StaffRole;
  invitedBy: StaffInviter;
  createdAt: Date;
  /** Absent until the link is made. */
  expiresAt?: Date;
  acceptedAt?: Date;
  /** The invitation e-mail in the outbox; absent on the operator's invitations. */
  delivery?: DeliveryState;
}

/** An invitation whose link has been made. */
export type LinkedInvitation = StaffInvitation & { expiresAt: Date };

export interface NewInvitation {
  staffId: string;
  email: string;
  role: StaffRole;
  invitedBy: StaffInviter;
  now: Date;
}

function invitationOf(record: StaffInvitationRecord): StaffInvitation {
  return {
    id: record._id.toHexString(),
    staffId: record.staffId.toHexString(),
    email: record.email,
    role: record.role,
    invitedBy: record.invitedBy.staffId ? { staffId: record.invitedBy.staffId.toHexString() } : { operator: true },
    createdAt: record.createdAt,
    ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}),
    ...(record.acceptedAt ? { acceptedAt: record.acceptedAt } : {}),
    ...(record.delivery ? { delivery: { ...record.delivery } } : {}),
  };
}

async function created(fields: object): Promise<StaffInvitation> {
  try {
    const record = await call(() => StaffInvitationCollection.create(fields));
    return invitationOf(record.toObject());
  } catch (error) {
    if (error instanceof mongoose.Error.ValidationError) throw new Error(`the invitation failed the model's validation: ${Object.keys(error.errors).join(', ')}`);
    throw error;
  }
}

function storedFields(invitation: NewInvitation) {
  const staffId = objectIdOf(invitation.staffId);
  if (!staffId) throw new Error('an invitation needs a staff member’s id');
  const inviter = 'staffId' in invitation.invitedBy ? objectIdOf(invitation.invitedBy.staffId) : null;
  return {
    staffId,
    email: invitation.email,
    role: invitation.role,
    invitedBy: inviter ? { staffId: inviter } : { operator: true },
    createdAt: invitation.now,
  };
}

/** A usable link's filter: this token, not yet accepted, not expired at `now`. */
const usable = (tokenHash: string, now: Date) => ({ tokenHash, acceptedAt: null, expiresAt: mongoose.trusted({ $gt: now }) });

/**
 * The staff invitations (staff_invitations). A link is used once by one conditional update, on any
 * instance; expiry is checked on every read, since the embedded store never applies the TTL index.
 * The outbox's claims and outcomes are conditional on the claim token, as for inquiries.
 */
export const staffInvitationRepository = {
  /** An owner's invitation: no link yet, its e-mail pending and due at `now` for the outbox. */
  createForDelivery(invitation: NewInvitation): Promise<StaffInvitation> {
    return created({ ...storedFields(invitation), delivery: { status: 'pending', attempts: 0, nextAttemptAt: invitation.now } });
  },

  /** The operator's invitation: the link made at once (its token printed, never mailed), no delivery. */
  async createWithLink(invitation: NewInvitation & { tokenHash: string; expiresAt: Date }): Promise<LinkedInvitation> {
    return (await created({ ...storedFields(invitation), tokenHash: invitation.tokenHash, expiresAt: invitation.expiresAt })) as LinkedInvitation;
  },

  /** The invitation a link names, while it can still be accepted at `now` (opening the link changes nothing). */
  async findUsable(tokenHash: string, now: Date): Promise<LinkedInvitation | null> {
    const record = await call(() => StaffInvitationCollection.findOne(usable(tokenHash, now)).lean<StaffInvitationRecord>().exec());
    return record ? (invitationOf(record) as LinkedInvitation) : null;
  },

  /**
   * Accepts the invitation a link names: one conditional update, so the link works once, and never
   * after it expired. Null when the link is unknown, used or expired.
   */
  async accept(tokenHash: string, now: Date): Promise<LinkedInvitation | null> {
    const record = await call(() =>
      StaffInvitationCollection.findOneAndUpdate(usable(tokenHash, now), { $set: { acceptedAt: now } }, { returnDocument: 'after' })
        .lean<StaffInvitationRecord>()
        .exec(),
    );
    return record ? (invitationOf(record) as LinkedInvitation) : null;
  },

  /** Deletes a person's invitations but the one just made (re-inviting replaces them); resolves with how many. */
  async deleteOthersOf(staffId: string, keepInvitationId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    const keep = objectIdOf(keepInvitationId);
    if (!owner || !keep) return 0;
    const result = await call(() => StaffInvitationCollection.deleteMany({ staffId: owner, _id: mongoose.trusted({ $ne: keep }) }).exec());
    return result.deletedCount;
  },

  /** Deletes every invitation of a person (disabled); resolves with how many. */
  async deleteAllOf(staffId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    if (!owner) return 0;
    const result = await call(() => StaffInvitationCollection.deleteMany({ staffId: owner }).exec());
    return result.deletedCount;
  },

  /** Every invitation still kept, the newest first: the owner's page. */
  async list(): Promise<StaffInvitation[]> {
    const records = await call(() => StaffInvitationCollection.find().sort({ createdAt: -1, _id: -1 }).lean<StaffInvitationRecord[]>().exec());
    return records.map(invitationOf);
  },

  /** Deletes the invitations that expired more than a week before `now` (housekeeping); resolves with how many. */
  async deleteExpired(now: Date): Promise<number> {
    const before = new Date(now.getTime() - INVITATION_KEPT_AFTER_EXPIRY_MS);
    const result = await call(() => StaffInvitationCollection.deleteMany({ expiresAt: mongoose.trusted({ $lte: before }) }).exec());
    return result.deletedCount;
  },

  /**
   * Claims the invitation e-mail due longest (its next attempt at or before now) for one worker
   * until leaseUntil. An invitation already accepted is never claimed.
   */
  async claimDue({ now, leaseUntil, token }: { now: Date; leaseUntil: Date; token: string }): Promise<StaffInvitation | null> {
    const record = await call(() =>
      StaffInvitationCollection.findOneAndUpdate(
        { 'delivery.status': 'pending', 'delivery.nextAttemptAt': mongoose.trusted({ $lte: now }), acceptedAt: null },
        { $set: { 'delivery.nextAttemptAt': leaseUntil, 'delivery.claimToken': token } },
        { sort: { 'delivery.nextAttemptAt': 1 }, returnDocument: 'after' },
      )
        .lean<StaffInvitationRecord>()
        .exec(),
    );
    return record ? invitationOf(record) : null;
  },

  /**
   * The claimed invitation's link is made: its token's hash and expiry stored, replacing any earlier
   * link (a retried send makes a new one, and the earlier stops working). Only while this worker's
   * claim holds and the invitation is not accepted; resolves with whether it was stored.
   */
  async setLink(invitationId: string, claimToken: string, { tokenHash, expiresAt }: { tokenHash: string; expiresAt: Date }): Promise<boolean> {
    const _id = objectIdOf(invitationId);
    if (!_id) return false;
    const result = await call(() =>
      StaffInvitationCollection.updateOne(
        { _id, 'delivery.status': 'pending', 'delivery.claimToken': claimToken, acceptedAt: null },
        { $set: { tokenHash, expiresAt } },
      ).exec(),
    );
    return result.modifiedCount === 1;
  },

  /** The claimed e-mail could not be sent this time: counted, and tried again at nextAttemptAt. */
  async scheduleRetry(invitationId: string, claimToken: string, { nextAttemptAt, error }: { nextAttemptAt: Date; error: string }): Promise<void> {
    const _id = objectIdOf(invitationId);
    if (!_id) return;
    await call(() =>
      StaffInvitationCollection.updateOne(
        { _id, 'delivery.status': 'pending', 'delivery.claimToken': claimToken },
        { $set: { 'delivery.nextAttemptAt': nextAttemptAt, 'delivery.lastError': error }, $inc: { 'delivery.attempts': 1 }, $unset: { 'delivery.claimToken': 1 } },
      ).exec(),
    );
  },

  /** The claimed e-mail is given up; `attempted` when this failure was a send attempt. */
  async markFailed(invitationId: string, claimToken: string, { error, attempted }: { error: string; attempted: boolean }): Promise<void> {
    const _id = objectIdOf(invitationId);
    if (!_id) return;
    await call(() =>
      StaffInvitationCollection.updateOne(
        { _id, 'delivery.status': 'pending', 'delivery.claimToken': claimToken },
        {
          $set: { 'delivery.status': 'failed', 'delivery.lastError': error },
          ...(attempted ? { $inc: { 'delivery.attempts': 1 } } : {}),
          $unset: { 'delivery.claimToken': 1 },
        },
      ).exec(),
    );
  },

  /** The e-mail went out: recorded even if another worker has since claimed it, so it is never sent again. */
  async markSent(invitationId: string, sentAt: Date): Promise<void> {
    const _id = objectIdOf(invitationId);
    if (!_id) return;
    await call(() =>
      StaffInvitationCollection.updateOne(
        { _id, 'delivery.status': 'pending' },
        { $set: { 'delivery.status': 'sent', 'delivery.sentAt': sentAt }, $unset: { 'delivery.claimToken': 1 } },
      ).exec(),
    );
  },
};
