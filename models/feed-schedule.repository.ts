import mongoose from 'mongoose';
import type { DeliveryState } from './delivery-state';
import { FeedScheduleCollection, type FeedImportSummary, type FeedScheduleRecord } from './feed-schedule.model';
import { storeCall } from './store-call';

export type { FeedImportSummary };

const call = <T>(query: () => Promise<T>) => storeCall('The site cannot reach its database right now. Please try again in a few minutes.', query);

/** The one feed the site fetches (FEED_URL). */
const FEED_ID = 'feed';
const FREE = new Date(0);

/** What staff are shown of the scheduled feed: how the last fetches went and what the last import changed. */
export interface FeedStatus {
  /** The feed's address without credentials or query. */
  source?: string;
  nextFetchAt: Date;
  consecutiveFailures: number;
  failingSince?: Date;
  lastFailure?: { at: Date; reason: string };
  lastCheck?: { at: Date; outcome: 'imported' | 'not-modified' | 'failed' };
  lastImport?: FeedImportSummary;
}

/** A fetch under the lease: the validators to send (those of this feed's last good fetch, if any). */
export interface FeedLease {
  token: string;
  etag?: string;
  lastModified?: string;
}

/** The feed state with its owed staff e-mail, as the outbox claims it. */
export interface FeedAlert {
  status: FeedStatus;
  alert: DeliveryState;
}

function statusOf(record: FeedScheduleRecord): FeedStatus {
  return {
    ...(record.source !== undefined && { source: record.source }),
    nextFetchAt: record.nextFetchAt,
    consecutiveFailures: record.consecutiveFailures,
    ...(record.failingSince && { failingSince: record.failingSince }),
    ...(record.lastFailure && { lastFailure: record.lastFailure }),
    ...(record.lastCheck && { lastCheck: record.lastCheck }),
    ...(record.lastImport && { lastImport: record.lastImport }),
  };
}

/** The fields every finished fetch sets: the lease is given back and the next fetch is due an interval on. */
const released = (nextFetchAt: Date) => ({ nextFetchAt, leaseUntil: FREE });

/**
 * The scheduled feed's state (feed_schedule): one document, so that the lease, the validators and
 * the failure count are the same for every instance. A fetch is claimed with one atomic update that
 * succeeds only when the feed is due and nobody holds the lease (as the outbox claims a message);
 * every write under the lease names its token, so an instance whose lease ran out changes nothing.
 */
export const feedScheduleRepository = {
  /**
   * Takes the lease when the feed is due at `now` and nobody holds it, until `leaseUntil`; null
   * otherwise. `source` is the feed's address: validators stored for another one are not handed out.
   */
  async claim({ now, leaseUntil, token, source }: { now: Date; leaseUntil: Date; token: string; source: string }): Promise<FeedLease | null> {
    await call(() =>
      FeedScheduleCollection.updateOne({ _id: FEED_ID }, { $setOnInsert: { nextFetchAt: FREE, leaseUntil: FREE, consecutiveFailures: 0 } }, { upsert: true }).exec(),
    );
    const record = await call(() =>
      FeedScheduleCollection.findOneAndUpdate(
        { _id: FEED_ID, nextFetchAt: mongoose.trusted({ $lte: now }), leaseUntil: mongoose.trusted({ $lte: now }) },
        { $set: { leaseToken: token, leaseUntil } },
        { returnDocument: 'after' },
      )
        .lean<FeedScheduleRecord>()
        .exec(),
    );
    if (!record) return null;
    const sameFeed = record.source === source;
    return {
      token,
      ...(sameFeed && record.etag !== undefined && { etag: record.etag }),
      ...(sameFeed && record.lastModified !== undefined && { lastModified: record.lastModified }),
    };
  },

  /** Keeps the lease until `leaseUntil`; false when it is no longer this token's. */
  async renew(token: string, leaseUntil: Date): Promise<boolean> {
    const result = await call(() => FeedScheduleCollection.updateOne({ _id: FEED_ID, leaseToken: token }, { $set: { leaseUntil } }).exec());
    return result.matchedCount === 1;
  },

  /** The feed was imported: its validators, the summary, and the failures in a row end. */
  async recordImported(
    token: string,
    { source, etag, lastModified, summary, nextFetchAt }: { source: string; etag?: string; lastModified?: string; summary: FeedImportSummary; nextFetchAt: Date },
  ): Promise<void> {
    // A validator the server no longer sends is forgotten, never left over from an earlier fetch.
    await call(() =>
      FeedScheduleCollection.updateOne(
        { _id: FEED_ID, leaseToken: token },
        {
          $set: {
            ...released(nextFetchAt),
            source,
            consecutiveFailures: 0,
            lastImport: summary,
            lastCheck: { at: summary.at, outcome: 'imported' },
            ...(etag !== undefined && { etag }),
            ...(lastModified !== undefined && { lastModified }),
          },
          $unset: { leaseToken: 1, failingSince: 1, ...(etag === undefined && { etag: 1 }), ...(lastModified === undefined && { lastModified: 1 }) },
        },
      ).exec(),
    );
  },

  /** The feed had not changed since the last good fetch (304): nothing imported, the failures in a row end. */
  async recordNotModified(token: string, { now, nextFetchAt }: { now: Date; nextFetchAt: Date }): Promise<void> {
    await call(() =>
      FeedScheduleCollection.updateOne(
        { _id: FEED_ID, leaseToken: token },
        { $set: { ...released(nextFetchAt), consecutiveFailures: 0, lastCheck: { at: now, outcome: 'not-modified' } }, $unset: { leaseToken: 1, failingSince: 1 } },
      ).exec(),
    );
  },

  /**
   * A fetch or import failed; resolves with the failures in a row now. When that makes exactly
   * `alertAt`, a staff e-mail becomes owed (pending, due now): one per run of failures.
   */
  async recordFailure(token: string, { now, reason, nextFetchAt, alertAt }: { now: Date; reason: string; nextFetchAt: Date; alertAt: number }): Promise<number> {
    const record = await call(() =>
      FeedScheduleCollection.findOneAndUpdate(
        { _id: FEED_ID, leaseToken: token },
        {
          $set: { ...released(nextFetchAt), lastFailure: { at: now, reason: reason.slice(0, 500) }, lastCheck: { at: now, outcome: 'failed' } },
          $inc: { consecutiveFailures: 1 },
          $unset: { leaseToken: 1 },
        },
        { returnDocument: 'after' },
      )
        .lean<FeedScheduleRecord>()
        .exec(),
    );
    if (!record) return 0;
    const failures = record.consecutiveFailures;
    const update: Record<string, unknown> = {};
    if (!record.failingSince) update.failingSince = now;
    if (failures === alertAt) update.alert = { status: 'pending', attempts: 0, nextAttemptAt: now } satisfies DeliveryState;
    if (Object.keys(update).length > 0) await call(() => FeedScheduleCollection.updateOne({ _id: FEED_ID }, { $set: update }).exec());
    return failures;
  },

  /** The feed's state for staff; null before the first fetch. */
  async status(): Promise<FeedStatus | null> {
    const record = await call(() => FeedScheduleCollection.findById(FEED_ID).lean<FeedScheduleRecord>().exec());
    return record?.lastCheck ? statusOf(record) : null;
  },

  /** Claims the owed staff e-mail when it is due (the outbox's claim: its next attempt moved a lease ahead). */
  async claimAlert({ now, leaseUntil, token }: { now: Date; leaseUntil: Date; token: string }): Promise<FeedAlert | null> {
    const record = await call(() =>
      FeedScheduleCollection.findOneAndUpdate(
        { _id: FEED_ID, 'alert.status': 'pending', 'alert.nextAttemptAt': mongoose.trusted({ $lte: now }) },
        { $set: { 'alert.nextAttemptAt': leaseUntil, 'alert.claimToken': token } },
        { returnDocument: 'after' },
      )
        .lean<FeedScheduleRecord>()
        .exec(),
    );
    return record?.alert ? { status: statusOf(record), alert: record.alert } : null;
  },

  async scheduleAlertRetry(claimToken: string, { nextAttemptAt, error }: { nextAttemptAt: Date; error: string }): Promise<void> {
    await call(() =>
      FeedScheduleCollection.updateOne(
        { _id: FEED_ID, 'alert.status': 'pending', 'alert.claimToken': claimToken },
        { $set: { 'alert.nextAttemptAt': nextAttemptAt, 'alert.lastError': error }, $inc: { 'alert.attempts': 1 }, $unset: { 'alert.claimToken': 1 } },
      ).exec(),
    );
  },

  async markAlertFailed(claimToken: string, { error, attempted }: { error: string; attempted: boolean }): Promise<void> {
    await call(() =>
      FeedScheduleCollection.updateOne(
        { _id: FEED_ID, 'alert.status': 'pending', 'alert.claimToken': claimToken },
        { $set: { 'alert.status': 'failed', 'alert.lastError': error }, ...(attempted ? { $inc: { 'alert.attempts': 1 } } : {}), $unset: { 'alert.claimToken': 1 } },
      ).exec(),
    );
  },

  async markAlertSent(sentAt: Date): Promise<void> {
    await call(() =>
      FeedScheduleCollection.updateOne(
        { _id: FEED_ID, 'alert.status': 'pending' },
        { $set: { 'alert.status': 'sent', 'alert.sentAt': sentAt }, $unset: { 'alert.claimToken': 1 } },
      ).exec(),
    );
  },
};
