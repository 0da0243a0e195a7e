import { towns } from '../../seeds/towns';
import type { BusinessProfile } from '../config/business-profile';
import { townName } from '../towns/town-name';
import { townPath } from '../towns/town-path';
import type { SiteData } from './site-data';

/** The site data without its moment, which each request adds. */
export function siteData(business: BusinessProfile): Omit<SiteData, 'moment'> {
  return {
    business,
    townLinks: towns.map((town) => ({ label: townName(town), path: townPath(town), county: town.county })),
  };
}
