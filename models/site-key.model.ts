import mongoose, { Schema, type Model } from 'mongoose';

/**
 * A random secret the site made for itself, in site_keys, one document per purpose: every
 * instance reads the same one, and none has to be configured. It never leaves the database.
 */
export interface SiteKeyRecord {
  /** What the key is for: `contact-limit`. */
  _id: string;
  /** 32 random bytes, hex. */
  key: string;
  createdAt: Date;
}

const siteKeySchema = new Schema<SiteKeyRecord>(
  {
    _id: { type: String, required: true, maxlength: 60 },
    key: { type: String, required: true, maxlength: 128 },
    createdAt: { type: Date, required: true },
  },
  { collection: 'site_keys', versionKey: false },
);

type SiteKeyCollectionType = Model<SiteKeyRecord>;

/** The site's own keys. Only models/site-key.repository.ts reads or writes it. */
export const SiteKeyCollection: SiteKeyCollectionType =
  (mongoose.models.SiteKey as SiteKeyCollectionType | undefined) ?? mongoose.model<SiteKeyRecord>('SiteKey', siteKeySchema);
