import mongoose from 'mongoose';
import { ContactLimitCollection, type ContactLimitRecord } from './contact-limit.model';
import { storeCall } from './store-call';

const call = <T>(query: () => Promise<T>) => storeCall('The site cannot reach its database right now. Please try again in a few minutes.', query);

/**
 * The contact form's limit windows (contact_limits). The rule (how many, which window, whose key)
 * is the service's; this counts per window document, one atomic update each, so instances counting
 * the same address at once lose no count.
 */
export const contactLimitRepository = {
  /** Counts one inquiry in a window (made on first use, ending at `expiresAt`); resolves with the window's count after it. */
  async hit(id: string, expiresAt: Date): Promise<number> {
    const record = await call(() =>
      ContactLimitCollection.findOneAndUpdate({ _id: id }, { $inc: { hits: 1 }, $setOnInsert: { expiresAt } }, { upsert: true, returnDocument: 'after' })
        .lean<ContactLimitRecord>()
        .exec(),
    );
    return record!.hits;
  },

  /** Gives one count back to a window (a submission that was not accepted); never below zero. */
  async giveBack(id: string): Promise<void> {
    await call(() => ContactLimitCollection.updateOne({ _id: id, hits: mongoose.trusted({ $gt: 0 }) }, { $inc: { hits: -1 } }).exec());
  },

  /** Forgets every window of one hashed address. */
  async clear(hashedAddress: string): Promise<void> {
    await call(() => ContactLimitCollection.deleteMany({ _id: mongoose.trusted({ $regex: `^${hashedAddress}:` }) }).exec());
  },

  /** Deletes the windows that ended at or before `now`; resolves with how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await call(() => ContactLimitCollection.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) }).exec());
    return result.deletedCount;
  },
};
