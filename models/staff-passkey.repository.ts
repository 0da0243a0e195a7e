import mongoose from 'mongoose';
import { objectIdOf } from './object-id';
import { StaffPasskeyCollection, type PasskeyDeviceType, type StaffPasskeyRecord } from './staff-passkey.model';
import { storedBytes } from './stored-bytes';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** A passkey as services see it: ids as strings, the public key as a Buffer. */
export interface StaffPasskey {
  id: string;
  staffId: string;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
  aaguid: string;
  name: string;
  createdAt: Date;
  lastUsedAt?: Date;
}

export interface NewStaffPasskey {
  staffId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
  aaguid: string;
  name: string;
  now: Date;
}

function passkeyOf(record: StaffPasskeyRecord): StaffPasskey {
  return {
    id: record._id.toHexString(),
    staffId: record.staffId.toHexString(),
    credentialId: record.credentialId,
    publicKey: storedBytes(record.publicKey),
    counter: record.counter,
    transports: [...record.transports],
    deviceType: record.deviceType,
    backedUp: record.backedUp,
    aaguid: record.aaguid,
    name: record.name,
    createdAt: record.createdAt,
    ...(record.lastUsedAt ? { lastUsedAt: record.lastUsedAt } : {}),
  };
}

/**
 * The staff members' passkeys (staff_passkeys). A change names the passkey and its staff member
 * both, so one person can never rename or remove another's passkey by its id.
 */
export const staffPasskeyRepository = {
  /** The passkey a sign-in names by its credential id, whoever it belongs to. */
  async findByCredentialId(credentialId: string): Promise<StaffPasskey | null> {
    const record = await call(() => StaffPasskeyCollection.findOne({ credentialId }).lean<StaffPasskeyRecord>().exec());
    return record ? passkeyOf(record) : null;
  },

  /** A person's passkeys, the oldest first. */
  async listOf(staffId: string): Promise<StaffPasskey[]> {
    const owner = objectIdOf(staffId);
    if (!owner) return [];
    const records = await call(() => StaffPasskeyCollection.find({ staffId: owner }).sort({ createdAt: 1, _id: 1 }).lean<StaffPasskeyRecord[]>().exec());
    return records.map(passkeyOf);
  },

  async countOf(staffId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    return owner ? call(() => StaffPasskeyCollection.countDocuments({ staffId: owner }).exec()) : 0;
  },

  /** Stores a verified passkey; null when its credential id is already stored (registered twice). */
  async add(passkey: NewStaffPasskey): Promise<StaffPasskey | null> {
    const staffId = objectIdOf(passkey.staffId);
    if (!staffId) throw new Error('a passkey needs a staff member’s id');
    try {
      const record = await call(() =>
        StaffPasskeyCollection.create({
          staffId,
          credentialId: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
          deviceType: passkey.deviceType,
          backedUp: passkey.backedUp,
          aaguid: passkey.aaguid,
          name: passkey.name,
          createdAt: passkey.now,
        }),
      );
      return passkeyOf(record.toObject());
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) return null;
      if (error instanceof mongoose.Error.ValidationError) throw new Error(`the passkey failed the model's validation: ${Object.keys(error.errors).join(', ')}`);
      throw error;
    }
  },

  /** Renames one of the person's passkeys; false when they have none with this id. */
  async rename(staffId: string, passkeyId: string, name: string): Promise<boolean> {
    const owner = objectIdOf(staffId);
    const _id = objectIdOf(passkeyId);
    if (!owner || !_id) return false;
    const result = await call(() => StaffPasskeyCollection.updateOne({ _id, staffId: owner }, { $set: { name } }, { runValidators: true }).exec());
    return result.matchedCount === 1;
  },

  /** Removes one of the person's passkeys; false when they have none with this id. */
  async remove(staffId: string, passkeyId: string): Promise<boolean> {
    const owner = objectIdOf(staffId);
    const _id = objectIdOf(passkeyId);
    if (!owner || !_id) return false;
    const result = await call(() => StaffPasskeyCollection.deleteOne({ _id, staffId: owner }).exec());
    return result.deletedCount === 1;
  },

  /** Removes all of a person's passkeys (a reset of their sign-in methods); resolves with how many. */
  async removeAllOf(staffId: string): Promise<number> {
    const owner = objectIdOf(staffId);
    if (!owner) return 0;
    const result = await call(() => StaffPasskeyCollection.deleteMany({ staffId: owner }).exec());
    return result.deletedCount;
  },

  /** After a verified sign-in: the authenticator's new counter and when it was used. */
  async recordUse(passkeyId: string, { counter, now }: { counter: number; now: Date }): Promise<void> {
    const _id = objectIdOf(passkeyId);
    if (!_id) return;
    // $max: two sign-ins verified at once never move the counter back.
    await call(() => StaffPasskeyCollection.updateOne({ _id }, { $max: { counter }, $set: { lastUsedAt: now } }).exec());
  },
};
