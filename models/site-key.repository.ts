import { SiteKeyCollection, type SiteKeyRecord } from './site-key.model';
import { storeCall } from './store-call';

const call = <T>(query: () => Promise<T>) => storeCall('The site cannot reach its database right now. Please try again in a few minutes.', query);

/** The site's own keys (site_keys). */
export const siteKeyRepository = {
  /**
   * The key for `purpose`; the first caller's `candidate` becomes it (one upsert that only inserts),
   * so instances starting together all end up with the same key.
   */
  async keyFor(purpose: string, { candidate, now }: { candidate: string; now: Date }): Promise<string> {
    const record = await call(() =>
      SiteKeyCollection.findOneAndUpdate({ _id: purpose }, { $setOnInsert: { key: candidate, createdAt: now } }, { upsert: true, returnDocument: 'after' })
        .lean<SiteKeyRecord>()
        .exec(),
    );
    return record!.key;
  },
};
