import type { StaffSiteContent } from '../src/site-content/site-content';
import { SiteContentCollection, type SiteContentRecord } from './site-content.model';
import { storeCall } from './store-call';

const SITE_ID = 'site';
const UNAVAILABLE = 'The promotions and closures cannot be read or saved right now. Nothing was changed; please try again in a minute.';

/** The staff's content at one revision (revision 0: nothing saved yet). */
export interface SiteContentVersion extends StaffSiteContent {
  revision: number;
}

let localWrites = 0;

const call = <T>(work: () => Promise<T>) => storeCall(UNAVAILABLE, work);

export const siteContentRepository = {
  async read(): Promise<SiteContentVersion> {
    const record = await call(() => SiteContentCollection.findById(SITE_ID).lean<SiteContentRecord>().exec());
    if (!record) return { revision: 0, promotions: [], holidays: [], notice: null };
    return { revision: record.revision, promotions: record.promotions ?? [], holidays: record.holidays ?? [], notice: record.notice ?? null };
  },

  /**
   * Writes the content decided on `read` if the document is still at that revision, moving it on by
   * one; false when another change came first (the caller reads again and decides again).
   */
  async write(read: SiteContentVersion, next: StaffSiteContent, now: Date): Promise<boolean> {
    const change = { $set: { promotions: next.promotions, holidays: next.holidays, notice: next.notice, updatedAt: now }, $inc: { revision: 1 } };
    try {
      const result = await call(() => SiteContentCollection.updateOne({ _id: SITE_ID, revision: read.revision }, change, { upsert: read.revision === 0 }).exec());
      const written = result.modifiedCount + result.upsertedCount > 0;
      if (written) localWrites += 1;
      return written;
    } catch (error) {
      // Two first changes at once: the second's insert meets the first's document.
      if ((error as { code?: unknown }).code === 11000) return false;
      throw error;
    }
  },

  /** How many changes this process has written: a reader that sees it move reads again at once. */
  writesInThisProcess(): number {
    return localWrites;
  },
};
