import type { BusinessProfile } from './config/business-profile';

export interface TownLink {
  label: string;
  path: string;
  county: 'Ocean' | 'Cape May';
}

/**
 * What every page's layout needs from the server: the business profile and the town links.
 * It travels in the root route's data, so the browser bundle carries neither the environment nor
 * the town texts.
 */
export interface SiteData {
  business: BusinessProfile;
  townLinks: TownLink[];
}
