import mongoose from 'mongoose';
import { SignInThrottleCollection, type SignInThrottleRecord } from './sign-in-throttle.model';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** The failures one key holds, oldest first. */
export interface ThrottledKey {
  key: string;
  failures: Date[];
}

/**
 * The sign-in throttles (sign_in_throttles). The rule (how many failures, in what window) is the
 * service's; this stores failure times per key, one atomic upsert each, so instances counting
 * failures on the same key at once lose none.
 */
export const signInThrottleRepository = {
  /** The failures held by those of these keys whose window has not passed at `now`. */
  async find(keys: readonly string[], now: Date): Promise<ThrottledKey[]> {
    if (keys.length === 0) return [];
    const records = await call(() =>
      SignInThrottleCollection.find({ _id: mongoose.trusted({ $in: [...keys] }), expiresAt: mongoose.trusted({ $gt: now }) })
        .lean<SignInThrottleRecord[]>()
        .exec(),
    );
    return records.map((record) => ({ key: record._id, failures: record.failures }));
  },

  /**
   * Adds a failure at `now` to a key, keeping its last `keep` failures, and moves its expiry to at
   * least `expiresAt`: one upsert, so two failures counted at once are both kept.
   */
  async recordFailure(key: string, { now, expiresAt, keep }: { now: Date; expiresAt: Date; keep: number }): Promise<void> {
    await call(() =>
      SignInThrottleCollection.updateOne({ _id: key }, { $push: { failures: { $each: [now], $slice: -keep } }, $max: { expiresAt } }, { upsert: true }).exec(),
    );
  },

  /** Forgets these keys' failures (after a success). */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await call(() => SignInThrottleCollection.deleteMany({ _id: mongoose.trusted({ $in: [...keys] }) }).exec());
  },

  /** Deletes the keys whose window has passed at `now` (housekeeping); resolves with how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await call(() => SignInThrottleCollection.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) }).exec());
    return result.deletedCount;
  },
};
