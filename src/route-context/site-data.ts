import type { County } from '../../seeds/towns';
import type { BusinessMoment } from '../business/business-moment';
import type { BusinessProfile } from '../config/business-profile';

export interface TownLink {
  label: string;
  path: string;
  county: County;
}

/**
 * What every page's layout needs from the server: the business profile, the town links and the
 * business moment (open or closed signs, today's promotions) the page was rendered in. It travels
 * in the root route's data, so the browser bundle carries neither the environment, the business
 * file nor the town texts.
 */
export interface SiteData {
  business: BusinessProfile;
  townLinks: TownLink[];
  moment: BusinessMoment;
}
