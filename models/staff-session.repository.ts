import mongoose from 'mongoose';
import { LAST_SEEN_WRITE_INTERVAL_MS } from '../src/staff/staff-timing';
import { objectIdOf } from './object-id';
import type { SignInMethod } from '../src/staff/staff-request';
import { StaffSessionCollection, type StaffSessionPurpose, type StaffSessionRecord } from './staff-session.model';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** A session as services see it: ids as strings, never the token or its hash. */
export interface StaffSession {
  id: string;
  staffId: string;
  purpose: StaffSessionPurpose;
  signedInWith: SignInMethod;
  createdAt: Date;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  expiresAt: Date;
  reauthenticatedAt: Date;
  address: string;
  userAgent: string;
}

export interface NewStaffSession {
  /** SHA-256 hex of the cookie's token. */
  tokenHash: string;
  staffId: string;
  purpose: StaffSessionPurpose;
  signedInWith: SignInMethod;
  now: Date;
  /** When the session ends whatever happens (sign-in + 12 h; enrolment + 1 h). */
  absoluteExpiresAt: Date;
  /** When it ends if unused: the sooner of now + the idle timeout and absoluteExpiresAt. */
  expiresAt: Date;
  address: string;
  /** Cut to 200 characters here. */
  userAgent: string;
}

function sessionOf(record: StaffSessionRecord): StaffSession {
  return {
    id: record._id.toHexString(),
    staffId: record.staffId.toHexString(),
    purpose: record.purpose,
    signedInWith: record.signedInWith,
    createdAt: record.createdAt,
    lastSeenAt: record.lastSeenAt,
    absoluteExpiresAt: record.absoluteExpiresAt,
    expiresAt: record.expiresAt,
    reauthenticatedAt: record.reauthenticatedAt,
    address: record.address,
    userAgent: record.userAgent,
  };
}

const live = (now: Date) => ({ expiresAt: mongoose.trusted({ $gt: now }) });

/**
 * The staff sessions (staff_sessions). Every read asks for expiresAt after `now`, because the
 * embedded store never applies the TTL index: an expired session is never found, whether or not
 * housekeeping has deleted it yet. Ids that name no record are not found rather than refused.
 */
export const staffSessionRepository = {
  async create(session: NewStaffSession): Promise<StaffSession> {
    const staffId = objectIdOf(session.staffId);
    if (!staffId) throw new Error('a session needs a staff member’s id');
    const record = await call(() =>
      StaffSessionCollection.create({
        tokenHash: session.tokenHash,
        staffId,
        purpose: session.purpose,
        signedInWith: session.signedInWith,
        createdAt: session.now,
        lastSeenAt: session.now,
        absoluteExpiresAt: session.absoluteExpiresAt,
        expiresAt: session.expiresAt,
        reauthenticatedAt: session.now,
        address: session.address.slice(0, 64),
        userAgent: session.userAgent.slice(0, 200),
      }),
    );
    return sessionOf(record.toObject());
  },

  /** The live session whose token has this hash, or null (unknown, ended or expired). */
  async findLive(tokenHash: string, now: Date): Promise<StaffSession | null> {
    const record = await call(() =>
      StaffSessionCollection.findOne({ tokenHash, ...live(now) })
        .lean<StaffSessionRecord>()
        .exec(),
    );
    return record ? sessionOf(record) : null;
  },

  /**
   * Records that the session was used at `now`, with its new expiry (the sooner of now + the idle
   * timeout and its absolute expiry), unless it was already seen within the last minute or has
   * expired: a busy page does not write on every request, and the idle timeout ends at most a
   * minute early. Resolves with whether it wrote.
   */
  async touch(sessionId: string, { now, expiresAt }: { now: Date; expiresAt: Date }): Promise<boolean> {
    const _id = objectIdOf(sessionId);
    if (!_id) return false;
    const result = await call(() =>
      StaffSessionCollection.updateOne(
        { _id, lastSeenAt: mongoose.trusted({ $lte: new Date(now.getTime() - LAST_SEEN_WRITE_INTERVAL_MS) }), ...live(now) },
        { $set: { lastSeenAt: now, expiresAt } },
      ).exec(),
    );
    return result.modifiedCount === 1;
  },

  /**
   * A new token for the same session (after a confirmation, which also passes reauthenticatedAt):
   * the old cookie stops working at once. Resolves with whether the live session was found.
   */
  async replaceToken(sessionId: string, { tokenHash, now, reauthenticatedAt }: { tokenHash: string; now: Date; reauthenticatedAt?: Date }): Promise<boolean> {
    const _id = objectIdOf(sessionId);
    if (!_id) return false;
    const result = await call(() =>
      StaffSessionCollection.updateOne({ _id, ...live(now) }, { $set: { tokenHash, ...(reauthenticatedAt ? { reauthenticatedAt } : {}) } }).exec(),
    );
    return result.matchedCount === 1;
  },

  /** Records a confirmation ("confirm it's you") on the live session. Resolves with whether it was found. */
  async setReauthenticatedAt(sessionId: string, now: Date): Promise<boolean> {
    const _id = objectIdOf(sessionId);
    if (!_id) return false;
    const result = await call(() => StaffSessionCollection.updateOne({ _id, ...live(now) }, { $set: { reauthenticatedAt: now } }).exec());
    return result.matchedCount === 1;
  },

  /**
   * Ends one session; with `staffId`, only if it is that person's (ending a session from the
   * account page names it by id). Resolves with whether one was deleted.
   */
  async deleteOne(sessionId: string, { staffId }: { staffId?: string } = {}): Promise<boolean> {
    const _id = objectIdOf(sessionId);
    const owner = staffId === undefined ? undefined : objectIdOf(staffId);
    if (!_id || owner === null) return false;
    const result = await call(() => StaffSessionCollection.deleteOne({ _id, ...(owner ? { staffId: owner } : {}) }).exec());
    return result.deletedCount === 1;
  },

  /** Ends every session of a person (disabled, reset, or ended by an owner); resolves with how many. */
  async deleteAllOf(staffId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    if (!owner) return 0;
    const result = await call(() => StaffSessionCollection.deleteMany({ staffId: owner }).exec());
    return result.deletedCount;
  },

  /** Ends every session of a person but the one they are using; resolves with how many. */
  async deleteOthersOf(staffId: string, keepSessionId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    const keep = objectIdOf(keepSessionId);
    if (!owner || !keep) return 0;
    const result = await call(() => StaffSessionCollection.deleteMany({ staffId: owner, _id: mongoose.trusted({ $ne: keep }) }).exec());
    return result.deletedCount;
  },

  /** A person's live sessions, the most recently seen first. */
  async listOf(staffId: string, now: Date): Promise<StaffSession[]> {
    const owner = objectIdOf(staffId);
    if (!owner) return [];
    const records = await call(() =>
      StaffSessionCollection.find({ staffId: owner, ...live(now) })
        .sort({ lastSeenAt: -1, _id: -1 })
        .lean<StaffSessionRecord[]>()
        .exec(),
    );
    return records.map(sessionOf);
  },

  /**
   * Keeps at most `limit` live sessions for a person: the least recently seen beyond it are ended.
   * Resolves with the ended sessions (for the audit log).
   */
  async enforceLimit(staffId: string, limit: number, now: Date): Promise<StaffSession[]> {
    const beyond = (await staffSessionRepository.listOf(staffId, now)).slice(limit);
    if (beyond.length === 0) return [];
    await call(() => StaffSessionCollection.deleteMany({ _id: mongoose.trusted({ $in: beyond.map((session) => objectIdOf(session.id)!) }) }).exec());
    return beyond;
  },

  /** Deletes the sessions expired at `now` (housekeeping); resolves with how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await call(() => StaffSessionCollection.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) }).exec());
    return result.deletedCount;
  },
};
