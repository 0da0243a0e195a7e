import mongoose, { Schema, type Model } from 'mongoose';
import { deliveryStateSchema, type DeliveryState } from './delivery-state';

/** What one successful import of the scheduled feed changed. */
export interface FeedImportSummary {
  at: Date;
  created: number;
  updated: number;
  sold: number;
  unchanged: number;
}

/**
 * The scheduled feed (FEED_URL) as every instance sees it, one document in feed_schedule: when it
 * is next due, which instance holds the lease to fetch it, the validators of the last good fetch,
 * the failures in a row and the last import's summary (for the staff area), and the staff e-mail
 * owed after three failures in a row, sent by the outbox like any other.
 */
export interface FeedScheduleRecord {
  _id: string;
  /** The feed's address without credentials or query: validators of another feed are never sent. */
  source?: string;
  nextFetchAt: Date;
  /** The instance fetching now (a random token) and until when, unless it renews; the epoch when free. */
  leaseToken?: string;
  leaseUntil: Date;
  /** From the last fetch that was imported: sent back as If-None-Match and If-Modified-Since. */
  etag?: string;
  lastModified?: string;
  consecutiveFailures: number;
  /** When the current run of failures began, and the last one's reason (no secret, no feed content). */
  failingSince?: Date;
  lastFailure?: { at: Date; reason: string };
  /** The last fetch, whatever came of it. */
  lastCheck?: { at: Date; outcome: 'imported' | 'not-modified' | 'failed' };
  lastImport?: FeedImportSummary;
  /** The staff e-mail about failures in a row: pending until the outbox sends it. */
  alert?: DeliveryState;
}

const feedScheduleSchema = new Schema<FeedScheduleRecord>(
  {
    _id: { type: String, required: true },
    source: { type: String, maxlength: 2000 },
    nextFetchAt: { type: Date, required: true },
    leaseToken: { type: String, maxlength: 64 },
    leaseUntil: { type: Date, required: true },
    etag: { type: String, maxlength: 500 },
    lastModified: { type: String, maxlength: 100 },
    consecutiveFailures: { type: Number, required: true, default: 0 },
    failingSince: { type: Date },
    lastFailure: { type: new Schema({ at: Date, reason: { type: String, maxlength: 500 } }, { _id: false }) },
    lastCheck: { type: new Schema({ at: Date, outcome: String }, { _id: false }) },
    lastImport: { type: new Schema({ at: Date, created: Number, updated: Number, sold: Number, unchanged: Number }, { _id: false }) },
    alert: { type: deliveryStateSchema },
  },
  { collection: 'feed_schedule', versionKey: false },
);

type FeedScheduleCollectionType = Model<FeedScheduleRecord>;

/** The scheduled feed's state. Only models/feed-schedule.repository.ts reads or writes it. */
export const FeedScheduleCollection: FeedScheduleCollectionType =
  (mongoose.models.FeedSchedule as FeedScheduleCollectionType | undefined) ?? mongoose.model<FeedScheduleRecord>('FeedSchedule', feedScheduleSchema);
