import mongoose, { Schema, type Model, type Types } from 'mongoose';
import { KNOWN_BROWSERS_PER_ACCOUNT } from '../src/staff/staff-timing';
import { STAFF_ROLES, type StaffRole } from '../src/staff/staff-role';

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
/** `invited` until a sign-in method is set up (and again after a reset); only `active` signs in. */
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** Who made an invitation or an account: an owner, or the operator's `staff:invite` command. */
export type InvitedBy = { staffId: Types.ObjectId } | { operator: true };

export interface StoredPassword {
  /** `$argon2id$v=19$m=…,t=…,p=…$<salt>$<tag>` (src/staff/password-hash.server.ts). */
  hash: string;
  changedAt: Date;
}

export interface StoredAuthenticatorApp {
  /** The TOTP seed, base32: the server must compute codes, so it is kept as it is. */
  secret: string;
  enrolledAt: Date;
  /** The last time step a code was accepted for: a code of that step or an earlier one is refused. */
  lastUsedStep: number;
}

export interface StoredRecoveryCodes {
  /** 16 bytes, one per account, under which each code's argon2id tag is made. */
  salt: Buffer;
  /** The tags of the codes not yet used; using one pulls its tag. */
  tags: Buffer[];
  createdAt: Date;
}

export interface StoredKnownBrowser {
  /** SHA-256 hex of the known-browser cookie's token. */
  tokenHash: string;
  lastSignInAt: Date;
}

/**
 * A staff member as the staff collection stores them (docs/decisions/011-staff-sign-in.md, Data
 * model). The authenticator app, its set-up, the recovery codes and the known browsers are never
 * read unless asked for by name (`select: false`), so a list of colleagues never carries them.
 */
export interface StaffRecord {
  _id: Types.ObjectId;
  /** Lower-cased and trimmed; unique. */
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** The passkeys' user handle: 16 random bytes, never the e-mail. */
  webAuthnUserId: Buffer;
  /** Absent on a passkey-only account. */
  password?: StoredPassword;
  totp?: StoredAuthenticatorApp;
  /** An authenticator app being set up, until a first code confirms it. */
  totpPending?: { secret: string; createdAt: Date };
  recoveryCodes?: StoredRecoveryCodes;
  /** At most KNOWN_BROWSERS_PER_ACCOUNT, the least recent signed-in first. */
  knownBrowsers?: StoredKnownBrowser[];
  invitedBy: InvitedBy;
  createdAt: Date;
  activatedAt?: Date;
  disabledAt?: Date;
  lastSignInAt?: Date;
  /** When round-robin last gave this person a new lead (issue 23): the next goes to whoever waited longest. */
  leadTurnAt?: Date;
}

const sha256Hex = { type: String, required: true, match: /^[0-9a-f]{64}$/ };

/** Stored as `{ staffId }` or `{ operator: true }`; the staff invitations use it too. */
export const invitedBySchema = new Schema({ staffId: { type: Schema.Types.ObjectId }, operator: { type: Boolean } }, { _id: false });

const staffSchema = new Schema<StaffRecord>(
  {
    email: { type: String, required: true, lowercase: true, trim: true, maxlength: 254 },
    name: { type: String, required: true, trim: true, maxlength: 100 },
    role: { type: String, enum: STAFF_ROLES, required: true },
    status: { type: String, enum: STAFF_STATUSES, required: true, default: 'invited' },
    webAuthnUserId: { type: Buffer, required: true, immutable: true, validate: (value: Buffer) => value.length === 16 },
    password: {
      type: new Schema<StoredPassword>({ hash: { type: String, required: true, maxlength: 200 }, changedAt: { type: Date, required: true } }, { _id: false }),
      required: false,
    },
    totp: {
      type: new Schema<StoredAuthenticatorApp>(
        {
          secret: { type: String, required: true, maxlength: 128 },
          enrolledAt: { type: Date, required: true },
          lastUsedStep: { type: Number, required: true, default: 0 },
        },
        { _id: false },
      ),
      required: false,
      select: false,
    },
    totpPending: {
      type: new Schema({ secret: { type: String, required: true, maxlength: 128 }, createdAt: { type: Date, required: true } }, { _id: false }),
      required: false,
      select: false,
    },
    recoveryCodes: {
      type: new Schema<StoredRecoveryCodes>(
        { salt: { type: Buffer, required: true }, tags: { type: [Buffer], default: [] }, createdAt: { type: Date, required: true } },
        { _id: false },
      ),
      required: false,
      select: false,
    },
    knownBrowsers: {
      type: [new Schema<StoredKnownBrowser>({ tokenHash: sha256Hex, lastSignInAt: { type: Date, required: true } }, { _id: false })],
      default: undefined,
      select: false,
      validate: (browsers: StoredKnownBrowser[] | undefined) => (browsers?.length ?? 0) <= KNOWN_BROWSERS_PER_ACCOUNT,
    },
    invitedBy: { type: invitedBySchema, required: true, immutable: true },
    createdAt: { type: Date, required: true, immutable: true },
    activatedAt: { type: Date },
    disabledAt: { type: Date },
    lastSignInAt: { type: Date },
    leadTurnAt: { type: Date },
  },
  { collection: 'staff', versionKey: false },
);

staffSchema.index({ email: 1 }, { unique: true });
// The active owners, counted before any change that could leave none.
staffSchema.index({ status: 1, role: 1 });

type StaffCollectionType = Model<StaffRecord>;

/** The staff members. Only models/staff.repository.ts reads or writes it. */
export const StaffCollection: StaffCollectionType = (mongoose.models.Staff as StaffCollectionType | undefined) ?? mongoose.model<StaffRecord>('Staff', staffSchema);
