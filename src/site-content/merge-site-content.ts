import type { Promotion } from '../config/business-file';
import type { BusinessProfile } from '../config/business-profile';
import type { StaffSiteContent } from './site-content';
import type { SiteNotice } from './site-notice';

/** The site as pages show it: the business file's facts with what staff added. */
export interface SiteContent {
  business: BusinessProfile;
  promotions: Promotion[];
  notice: SiteNotice | null;
}

/**
 * The business file stays the source of the permanent facts; staff's entries are added to it,
 * never replacing it. Promotions: both lists, by start date (the file's first on a tie). Holidays:
 * staff's first, so that on a date both name, staff's hours are the ones given (one holiday per
 * date and showroom, src/config/business-profile.ts). The notice exists only in the database.
 */
export function mergeSiteContent(business: BusinessProfile, filePromotions: readonly Promotion[], staff: StaffSiteContent): SiteContent {
  const staffHolidays = staff.holidays.map(({ id: _id, ...holiday }) => holiday).sort((a, b) => a.date.localeCompare(b.date));
  const promotions = [...filePromotions, ...staff.promotions].map((promotion, order) => ({ promotion, order }));
  promotions.sort((a, b) => a.promotion.start.localeCompare(b.promotion.start) || a.order - b.order);
  return {
    business: staffHolidays.length === 0 ? business : { ...business, holidays: [...staffHolidays, ...business.holidays] },
    promotions: promotions.map(({ promotion }) => promotion),
    notice: staff.notice,
  };
}
