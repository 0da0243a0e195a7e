import mongoose from 'mongoose';
import { storeCall } from './store-call';
import { InquiryCollection, type DeliveryState, type DeliveryStatus, type InquiryRecord } from './inquiry.model';

const UNAVAILABLE_MESSAGE = 'We could not save your message right now. Please call us or try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** The two e-mails an inquiry can owe, by their stored field: the staff e-mail and the CRM copy. */
export type DeliveryKind = 'notification' | 'crmNotification';

/** A new inquiry as a service hands it over: the server's id and arrival time are set here or by the model. */
export type NewInquiry = Omit<InquiryRecord, 'id'>;

/**
 * The inquiries (the contact_forms collection): every Mongoose call on it, the database's outage
 * answered as StoreUnavailableError, Mongoose's validation errors reduced to field names (its own
 * messages quote what the visitor typed, and errors get logged). The outbox's claims and outcomes
 * are conditional updates on the claim token, so two workers never record over each other.
 */
export const inquiryRepository = {
  async create(inquiry: NewInquiry): Promise<{ id: string; createdAt: Date }> {
    try {
      const record = await call(() => InquiryCollection.create(inquiry));
      return { id: record.id, createdAt: record.createdAt };
    } catch (error) {
      if (error instanceof mongoose.Error.ValidationError) throw new Error(`the inquiry failed the model's validation: ${Object.keys(error.errors).join(', ')}`);
      throw error;
    }
  },

  /**
   * Claims the e-mail of this kind due longest (its next attempt at or before now) for one worker
   * until leaseUntil. The filter pins the status and the sort follows nextAttemptAt, the two keys of
   * the kind's index (models/inquiry.model.ts), so the claim reads the first index entry in range
   * rather than every pending e-mail: a backlog does not make a claim dearer.
   */
  claimDue(kind: DeliveryKind, { now, leaseUntil, token }: { now: Date; leaseUntil: Date; token: string }): Promise<InquiryRecord | null> {
    return call(() =>
      InquiryCollection.findOneAndUpdate(
        // Operators in a filter must be marked trusted, since sanitizeFilter is on.
        { [`${kind}.status`]: 'pending', [`${kind}.nextAttemptAt`]: mongoose.trusted({ $lte: now }) },
        { $set: { [`${kind}.nextAttemptAt`]: leaseUntil, [`${kind}.claimToken`]: token } },
        { sort: { [`${kind}.nextAttemptAt`]: 1 }, returnDocument: 'after' },
      )
        .lean<InquiryRecord>()
        .exec(),
    );
  },

  /** The claimed e-mail could not be sent this time: counted, and tried again at nextAttemptAt. */
  async scheduleRetry(kind: DeliveryKind, inquiryId: string, token: string, { nextAttemptAt, error }: { nextAttemptAt: Date; error: string }): Promise<void> {
    await call(() =>
      InquiryCollection.updateOne(
        { id: inquiryId, [`${kind}.status`]: 'pending', [`${kind}.claimToken`]: token },
        { $set: { [`${kind}.nextAttemptAt`]: nextAttemptAt, [`${kind}.lastError`]: error }, $inc: { [`${kind}.attempts`]: 1 }, $unset: { [`${kind}.claimToken`]: 1 } },
      ).exec(),
    );
  },

  /** The claimed e-mail is given up (staff must look); `attempted` when this failure was a send attempt. */
  async markFailed(kind: DeliveryKind, inquiryId: string, token: string, { error, attempted }: { error: string; attempted: boolean }): Promise<void> {
    await call(() =>
      InquiryCollection.updateOne(
        { id: inquiryId, [`${kind}.status`]: 'pending', [`${kind}.claimToken`]: token },
        {
          $set: { [`${kind}.status`]: 'failed', [`${kind}.lastError`]: error },
          ...(attempted ? { $inc: { [`${kind}.attempts`]: 1 } } : {}),
          $unset: { [`${kind}.claimToken`]: 1 },
        },
      ).exec(),
    );
  },

  /** The e-mail went out: recorded even if another worker has since claimed it, so it is never sent again. */
  async markSent(kind: DeliveryKind, inquiryId: string, sentAt: Date): Promise<void> {
    await call(() =>
      InquiryCollection.updateOne(
        { id: inquiryId, [`${kind}.status`]: 'pending' },
        { $set: { [`${kind}.status`]: 'sent', [`${kind}.sentAt`]: sentAt }, $unset: { [`${kind}.claimToken`]: 1 } },
      ).exec(),
    );
  },

  /**
   * Every e-mail of this kind waiting out its back-off after a failed attempt becomes due at `now`
   * (one the outbox has claimed is left to it); resolves with how many.
   */
  async makeBackedOffDue(kind: DeliveryKind, now: Date): Promise<number> {
    const result = await call(() =>
      InquiryCollection.updateMany(
        {
          [`${kind}.status`]: 'pending',
          [`${kind}.attempts`]: mongoose.trusted({ $gt: 0 }),
          [`${kind}.nextAttemptAt`]: mongoose.trusted({ $gt: now }),
          [`${kind}.claimToken`]: mongoose.trusted({ $exists: false }),
        },
        { $set: { [`${kind}.nextAttemptAt`]: now } },
      ).exec(),
    );
    return result.modifiedCount;
  },

  /** Whether an inquiry has this id. */
  async exists(inquiryId: string): Promise<boolean> {
    return (await call(() => InquiryCollection.exists({ id: inquiryId }).exec())) !== null;
  },

  /**
   * Puts the failed e-mail of this kind of the inquiry that arrived first (of that one inquiry when
   * inquiryId is given) back in the outbox: pending and due at `now`, its attempts and last error
   * kept. Resolves with the inquiry's id, or null when none has one failed.
   */
  async requeueFailed(kind: DeliveryKind, now: Date, inquiryId?: string): Promise<string | null> {
    const record = await call(() =>
      InquiryCollection.findOneAndUpdate(
        { [`${kind}.status`]: 'failed', ...(inquiryId === undefined ? {} : { id: inquiryId }) },
        { $set: { [`${kind}.status`]: 'pending', [`${kind}.nextAttemptAt`]: now }, $unset: { [`${kind}.claimToken`]: 1 } },
        { sort: { createdAt: 1 }, projection: { id: 1 } },
      )
        .lean<Pick<InquiryRecord, 'id'>>()
        .exec(),
    );
    return record?.id ?? null;
  },

  /** The inquiries whose e-mail of this kind is pending or failed: their id, arrival and that delivery only. */
  owing(kind: DeliveryKind): Promise<Array<Pick<InquiryRecord, 'id' | 'createdAt'> & Partial<Record<DeliveryKind, DeliveryState>>>> {
    return call(() =>
      InquiryCollection.find({ [`${kind}.status`]: mongoose.trusted({ $in: ['pending', 'failed'] }) }, { id: 1, createdAt: 1, [kind]: 1 })
        .lean<Array<Pick<InquiryRecord, 'id' | 'createdAt'> & Partial<Record<DeliveryKind, DeliveryState>>>>()
        .exec(),
    );
  },

  countDeliveries(kind: DeliveryKind, status: DeliveryStatus): Promise<number> {
    return call(() => InquiryCollection.countDocuments({ [`${kind}.status`]: status }).exec());
  },

  /** How many inquiries named each of these units (the staff inventory's list); absent: none. */
  async countByStockNumber(stockNumbers: readonly string[]): Promise<Map<string, number>> {
    if (stockNumbers.length === 0) return new Map();
    const rows = await call(() =>
      InquiryCollection.aggregate<{ _id: string; inquiries: number }>([
        { $match: { 'vehicleOfInterest.unit.stockNumber': mongoose.trusted({ $in: [...stockNumbers] }) } },
        { $group: { _id: '$vehicleOfInterest.unit.stockNumber', inquiries: { $sum: 1 } } },
      ]).exec(),
    );
    return new Map(rows.map((row) => [row._id, row.inquiries]));
  },
};
