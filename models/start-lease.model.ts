import mongoose, { Schema, type Model } from 'mongoose';

/**
 * A task that one instance of the site does once when several start together (seeding an empty
 * catalog), one document in start_leases per task: the instance doing it (a random token) and
 * until when; the epoch when nobody is.
 */
export interface StartLeaseRecord {
  _id: string;
  leaseToken?: string;
  leaseUntil: Date;
}

const startLeaseSchema = new Schema<StartLeaseRecord>(
  {
    _id: { type: String, required: true },
    leaseToken: { type: String, maxlength: 64 },
    leaseUntil: { type: Date, required: true },
  },
  { collection: 'start_leases', versionKey: false },
);

type StartLeaseCollectionType = Model<StartLeaseRecord>;

/** The start tasks' leases. Only models/start-lease.repository.ts reads or writes them. */
export const StartLeaseCollection: StartLeaseCollectionType =
  (mongoose.models.StartLease as StartLeaseCollectionType | undefined) ?? mongoose.model<StartLeaseRecord>('StartLease', startLeaseSchema);
