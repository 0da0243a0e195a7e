import mongoose from 'mongoose';
import { StartLeaseCollection } from './start-lease.model';
import { storeCall } from './store-call';

const call = <T>(query: () => Promise<T>) => storeCall('The site cannot reach its database right now. Please try again in a few minutes.', query);

const FREE = new Date(0);

/** MongoDB's duplicate key error: another instance made the same document at the same moment. */
const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Leases on the tasks an instance does at start that must be done once however many instances
 * start together (start_leases). Taken with one atomic update that succeeds only while nobody holds
 * the lease, as the outbox and the feed schedule take theirs; the document's key is the task's
 * name, so two instances can never make two of them.
 */
export const startLeaseRepository = {
  /** Takes the task's lease until `leaseUntil` when nobody holds it at `now`; false otherwise. */
  async claim(task: string, { token, now, leaseUntil }: { token: string; now: Date; leaseUntil: Date }): Promise<boolean> {
    await call(() => StartLeaseCollection.updateOne({ _id: task }, { $setOnInsert: { leaseUntil: FREE } }, { upsert: true }).exec()).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    });
    const claimed = await call(() =>
      StartLeaseCollection.updateOne({ _id: task, leaseUntil: mongoose.trusted({ $lte: now }) }, { $set: { leaseToken: token, leaseUntil } }).exec(),
    );
    return claimed.modifiedCount === 1;
  },

  /** Gives the lease back, if it is still this token's. */
  async release(task: string, token: string): Promise<void> {
    await call(() => StartLeaseCollection.updateOne({ _id: task, leaseToken: token }, { $set: { leaseUntil: FREE }, $unset: { leaseToken: 1 } }).exec());
  },
};
