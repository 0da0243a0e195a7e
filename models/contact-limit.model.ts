import mongoose, { Schema, type Model } from 'mongoose';

/**
 * The inquiries one client address sent in one window of the contact form's limit, in
 * contact_limits. Its id names the address by a keyed hash (never the address itself) and the
 * window by its start, so counting an inquiry is one atomic upsert whichever instance counts it.
 */
export interface ContactLimitRecord {
  /** `<HMAC-SHA256 of the address, hex>:<window start, ms>` (services/contact-limit.service.ts). */
  _id: string;
  /** Inquiries counted in the window, those being sent included. */
  hits: number;
  /** The end of the window: after it the document holds nothing worth keeping. */
  expiresAt: Date;
}

const contactLimitSchema = new Schema<ContactLimitRecord>(
  {
    _id: { type: String, required: true, maxlength: 120 },
    hits: { type: Number, required: true, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'contact_limits', versionKey: false },
);

// MongoDB deletes a window once it has ended; the embedded store does not, so the service sweeps too.
contactLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type ContactLimitCollectionType = Model<ContactLimitRecord>;

/** The contact form's limit windows. Only models/contact-limit.repository.ts reads or writes it. */
export const ContactLimitCollection: ContactLimitCollectionType =
  (mongoose.models.ContactLimit as ContactLimitCollectionType | undefined) ?? mongoose.model<ContactLimitRecord>('ContactLimit', contactLimitSchema);
