import mongoose, { Schema, type Model } from 'mongoose';
import type { Promotion } from '../src/config/business-file';
import type { StaffHoliday } from '../src/site-content/site-content';
import type { SiteNotice } from '../src/site-content/site-notice';

/**
 * What staff keep of the site's content (issue 24, point 5): one small document (`_id: 'site'`) in
 * site_content with their promotions, holidays and the notice, and a revision that every change
 * moves. Pages read this one document (at most once a second per instance) and key their render
 * cache on its revision, as they do on the catalog's, so a change shows on every instance within
 * seconds. Entries are checked by the business file's rules before they are written.
 */
export interface SiteContentRecord {
  _id: string;
  revision: number;
  promotions: Promotion[];
  holidays: StaffHoliday[];
  notice: SiteNotice | null;
  updatedAt: Date;
}

const siteContentSchema = new Schema<SiteContentRecord>(
  {
    _id: { type: String, required: true },
    revision: { type: Number, required: true, default: 0 },
    promotions: { type: Schema.Types.Mixed, default: [] },
    holidays: { type: Schema.Types.Mixed, default: [] },
    notice: { type: Schema.Types.Mixed, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'site_content', versionKey: false, minimize: false },
);

type SiteContentCollectionType = Model<SiteContentRecord>;

/** Only models/site-content.repository.ts reads or writes it. */
export const SiteContentCollection: SiteContentCollectionType =
  (mongoose.models.SiteContent as SiteContentCollectionType | undefined) ?? mongoose.model<SiteContentRecord>('SiteContent', siteContentSchema);
