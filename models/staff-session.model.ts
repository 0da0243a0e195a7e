import mongoose, { Schema, type Model, type Types } from 'mongoose';
import type { SignInMethod } from '../src/staff/staff-request';

export const STAFF_SESSION_PURPOSES = ['staff', 'enrolment'] as const;
/** `enrolment`: an accepted invitation, reaching only /staff/welcome until a sign-in method is set up. */
export type StaffSessionPurpose = (typeof STAFF_SESSION_PURPOSES)[number];

/** How a session may have begun: every SignInMethod, listed for the schema to check. */
const SIGN_IN_METHODS: readonly SignInMethod[] = ['passkey', 'password+code', 'password+recovery-code', 'invitation'];

/**
 * One signed-in browser, in staff_sessions (docs/decisions/011-staff-sign-in.md, Data model). The
 * cookie holds a random token; only its SHA-256 is stored, so a copy of the database signs nobody
 * in. A session lives until expiresAt, which is the sooner of an hour after lastSeenAt and
 * absoluteExpiresAt.
 */
export interface StaffSessionRecord {
  _id: Types.ObjectId;
  tokenHash: string;
  staffId: Types.ObjectId;
  purpose: StaffSessionPurpose;
  signedInWith: SignInMethod;
  createdAt: Date;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  expiresAt: Date;
  /** The last sign-in or confirmation: sensitive changes need it to be recent. */
  reauthenticatedAt: Date;
  address: string;
  userAgent: string;
}

const staffSessionSchema = new Schema<StaffSessionRecord>(
  {
    tokenHash: { type: String, required: true, match: /^[0-9a-f]{64}$/ },
    staffId: { type: Schema.Types.ObjectId, required: true, immutable: true },
    purpose: { type: String, enum: STAFF_SESSION_PURPOSES, required: true, immutable: true },
    signedInWith: { type: String, enum: SIGN_IN_METHODS, required: true, immutable: true },
    createdAt: { type: Date, required: true, immutable: true },
    lastSeenAt: { type: Date, required: true },
    absoluteExpiresAt: { type: Date, required: true, immutable: true },
    expiresAt: { type: Date, required: true },
    reauthenticatedAt: { type: Date, required: true },
    address: { type: String, maxlength: 64, default: '' },
    userAgent: { type: String, maxlength: 200, default: '' },
  },
  { collection: 'staff_sessions', versionKey: false },
);

staffSessionSchema.index({ tokenHash: 1 }, { unique: true });
// A person's sessions, most recently seen first: the account page, and the limit per account.
staffSessionSchema.index({ staffId: 1, lastSeenAt: -1 });
// MongoDB deletes a session once it expires; the embedded store does not, so reads check expiresAt too.
staffSessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type StaffSessionCollectionType = Model<StaffSessionRecord>;

/** The staff sessions. Only models/staff-session.repository.ts reads or writes it. */
export const StaffSessionCollection: StaffSessionCollectionType =
  (mongoose.models.StaffSession as StaffSessionCollectionType | undefined) ?? mongoose.model<StaffSessionRecord>('StaffSession', staffSessionSchema);
