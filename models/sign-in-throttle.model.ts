import mongoose, { Schema, type Model } from 'mongoose';

/**
 * The recent failures counted against one key (an address, an account or a known browser), in
 * sign_in_throttles (docs/decisions/011-staff-sign-in.md, Throttling). One document per key, its id
 * the key itself, so a failure is one atomic upsert whichever instance counts it.
 */
export interface SignInThrottleRecord {
  /** `address:…`, `account:…` or `browser:…` (services/staff/sign-in-throttle.service.ts). */
  _id: string;
  /** The times of the last failures, oldest first, at most as many as the limit. */
  failures: Date[];
  /** The last failure + the throttle window: after it the key holds nothing worth keeping. */
  expiresAt: Date;
}

const signInThrottleSchema = new Schema<SignInThrottleRecord>(
  {
    _id: { type: String, required: true, maxlength: 200 },
    failures: { type: [Date], default: [] },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'sign_in_throttles', versionKey: false },
);

// MongoDB deletes a key once its window has passed; the embedded store does not, so reads check expiresAt too.
signInThrottleSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type SignInThrottleCollectionType = Model<SignInThrottleRecord>;

/** The sign-in throttles. Only models/sign-in-throttle.repository.ts reads or writes it. */
export const SignInThrottleCollection: SignInThrottleCollectionType =
  (mongoose.models.SignInThrottle as SignInThrottleCollectionType | undefined) ?? mongoose.model<SignInThrottleRecord>('SignInThrottle', signInThrottleSchema);
