import type { Holiday, ShowroomFacts, WeekHours } from './business-file';

/** A showroom as the pages show it: its own hours (or the business's), and its call and directions links. */
export interface Showroom extends Omit<ShowroomFacts, 'hours'> {
  hours: WeekHours;
  /** The phone in E.164 form, for tel: links. */
  phoneHref: string;
  directionsUrl: string;
}

/**
 * The business as every page, the structured data and the e-mails describe it: the business file
 * (seeds/business.json or BUSINESS_FILE) with what follows from it (business-profile.server.ts).
 * Views receive it through the root route's data, so the browser never reads the file or the
 * environment.
 */
export interface BusinessProfile {
  name: string;
  phone: string;
  /** tel: link for the phone. */
  phoneHref: string;
  email: string;
  /** The dealer's website as the file gives it, for people and CRMs. */
  website: string;
  /** PUBLIC_ORIGIN: where this site is served, for canonical links and structured data. */
  origin: string;
  financingUrl: string;
  foundedYear: number;
  /** "500+": how many customers the site says the dealer has served. */
  happyCustomers: string;
  serviceRadiusMeters: number;
  /** When the phones and the sales team answer. */
  hours: WeekHours;
  serviceHours: WeekHours;
  holidays: Holiday[];
  /** Business minutes a new lead may wait before it is overdue (the business file's `leads.responseMinutes`, else 60). */
  leadResponseMinutes: number;
  /** The first is the main showroom. */
  showrooms: Showroom[];
  /** Ids of the showrooms the contact page lists. */
  contactPageShowrooms: string[];
  /** The counties with town pages, in words: "Ocean County and Cape May County, New Jersey". */
  region: string;
}

/**
 * One holiday per date: the first listed. Staff's holidays are listed before the business file's
 * (src/site-content/merge-site-content.ts), so a date staff set (shorter hours on a day the file
 * closes, say) is the one the signs, the reply promise and the structured data give.
 */
function firstOfEachDate(holidays: Holiday[]): Holiday[] {
  const dates = new Set<string>();
  return holidays.filter((holiday) => !dates.has(holiday.date) && Boolean(dates.add(holiday.date)));
}

/** The holidays that apply to one showroom: those for every showroom and those that name it. */
export function showroomHolidays(business: Pick<BusinessProfile, 'holidays'>, showroomId: string): Holiday[] {
  return firstOfEachDate(business.holidays.filter((holiday) => !holiday.showrooms || holiday.showrooms.includes(showroomId)));
}

/** The holidays of the business as a whole (the phones, the sales team): those that name no showroom. */
export function businessHolidays(business: Pick<BusinessProfile, 'holidays'>): Holiday[] {
  return firstOfEachDate(business.holidays.filter((holiday) => !holiday.showrooms));
}
