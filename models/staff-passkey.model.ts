import mongoose, { Schema, type Model, type Types } from 'mongoose';

export const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;
export type PasskeyDeviceType = (typeof PASSKEY_DEVICE_TYPES)[number];

/**
 * One passkey of a staff member, in staff_passkeys (docs/decisions/011-staff-sign-in.md): what
 * `verifyRegistrationResponse` returned, found by its credential id when it signs in.
 */
export interface StaffPasskeyRecord {
  _id: Types.ObjectId;
  staffId: Types.ObjectId;
  /** base64url, as the browser sends it. */
  credentialId: string;
  /** The COSE public key. */
  publicKey: Buffer;
  /** The authenticator's signature counter (0 for most passkeys, which do not count). */
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
  aaguid: string;
  /** The person's name for it, renamable. */
  name: string;
  createdAt: Date;
  lastUsedAt?: Date;
}

const staffPasskeySchema = new Schema<StaffPasskeyRecord>(
  {
    staffId: { type: Schema.Types.ObjectId, required: true, immutable: true },
    credentialId: { type: String, required: true, immutable: true, maxlength: 1400, match: /^[A-Za-z0-9_-]+$/ },
    publicKey: { type: Buffer, required: true, immutable: true },
    counter: { type: Number, required: true, default: 0, min: 0 },
    transports: { type: [{ type: String, maxlength: 20 }], default: [] },
    deviceType: { type: String, enum: PASSKEY_DEVICE_TYPES, required: true },
    backedUp: { type: Boolean, required: true },
    aaguid: { type: String, maxlength: 36, default: '' },
    name: { type: String, required: true, trim: true, maxlength: 60 },
    createdAt: { type: Date, required: true, immutable: true },
    lastUsedAt: { type: Date },
  },
  { collection: 'staff_passkeys', versionKey: false },
);

staffPasskeySchema.index({ credentialId: 1 }, { unique: true });
staffPasskeySchema.index({ staffId: 1 });

type StaffPasskeyCollectionType = Model<StaffPasskeyRecord>;

/** The staff members' passkeys. Only models/staff-passkey.repository.ts reads or writes it. */
export const StaffPasskeyCollection: StaffPasskeyCollectionType =
  (mongoose.models.StaffPasskey as StaffPasskeyCollectionType | undefined) ?? mongoose.model<StaffPasskeyRecord>('StaffPasskey', staffPasskeySchema);
