import { siteContentRepository, type SiteContentVersion } from '../../models/site-content.repository';
import { businessMoment, type BusinessMoment } from '../../src/business/business-moment';
import type { Promotion } from '../../src/config/business-file';
import type { BusinessProfile } from '../../src/config/business-profile';
import { recentRead } from '../../src/cache/recent-read';
import { mergeSiteContent, type SiteContent } from '../../src/site-content/merge-site-content';
import type { Clock } from '../../src/time/clock';

/** The site as a page is rendered now: the business with staff's holidays, and the business moment. */
export interface SiteNow {
  business: BusinessProfile;
  moment: BusinessMoment;
}

export interface SiteContentReader {
  /**
   * Staff's content revision, read at most once a second (at once after a change in this process):
   * the render cache keys its pages on it. Fails when the database cannot be read, so that pages
   * rendered without staff's content are not kept.
   */
  revision(): Promise<number>;
  /** The site now; with the database unreachable, the business file's content alone. */
  now(): Promise<SiteNow>;
}

/** How long a read of staff's content serves: another instance's change shows within this. */
const CONTENT_MAX_AGE_MS = 1000;

export interface SiteContentReaderOptions {
  /** The business profile and the promotions of the business file, read at start. */
  business: BusinessProfile;
  filePromotions: readonly Promotion[];
  clock: Clock;
  maxAgeMs?: number;
}

/**
 * Promotions, holidays and the notice as the public pages show them: the business file's, with what
 * staff keep in site_content added (src/site-content/merge-site-content.ts). The one small
 * document is read at most once a second, like the catalog version; the merge and the moment are
 * worked out once per revision and stretch of time, not per request.
 */
export function createSiteContentReader({ business, filePromotions, clock, maxAgeMs = CONTENT_MAX_AGE_MS }: SiteContentReaderOptions): SiteContentReader {
  const read = recentRead(() => siteContentRepository.read(), { maxAgeMs, clock });
  let writesSeen = siteContentRepository.writesInThisProcess();
  const latest = (): Promise<SiteContentVersion> => {
    const writes = siteContentRepository.writesInThisProcess();
    if (writes !== writesSeen) {
      writesSeen = writes;
      read.forget();
    }
    return read();
  };
  const fileOnly = mergeSiteContent(business, filePromotions, { promotions: [], holidays: [], notice: null });
  let merged: { revision: number; content: SiteContent } | undefined;
  let last: { revision: number | null; moment: BusinessMoment; from: number; until: number } | undefined;

  const momentOf = (revision: number | null, content: SiteContent): BusinessMoment => {
    const now = clock().getTime();
    if (!last || last.revision !== revision || now < last.from || now >= last.until) {
      const moment = businessMoment(content.business, content.promotions, new Date(now), content.notice);
      last = { revision, moment, from: now, until: Date.parse(moment.validUntil) };
    }
    return last.moment;
  };

  return {
    revision: async () => (await latest()).revision,
    async now() {
      let version: SiteContentVersion;
      try {
        version = await latest();
      } catch {
        return { business: fileOnly.business, moment: momentOf(null, fileOnly) };
      }
      if (merged?.revision !== version.revision) merged = { revision: version.revision, content: mergeSiteContent(business, filePromotions, version) };
      return { business: merged.content.business, moment: momentOf(version.revision, merged.content) };
    },
  };
}
