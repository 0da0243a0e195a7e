import type { Promotion } from '../config/business-file';
import type { SiteNotice } from '../site-content/site-notice';
import { businessHolidays, showroomHolidays, type BusinessProfile } from '../config/business-profile';
import { addDays, instantAt, wallClock, type WallClock } from './business-time';
import type { Clock } from '../time/clock';
import { nextChangeToday, nextOpening, openStatus, dayWords, type OpenStatus, type Schedule } from './open-status';

/** When a visitor who writes now hears back: within hours while the team is in, else the next business morning. */
export interface ReplyPromise {
  open: boolean;
  /** "within 2-6 hours", "tomorrow morning", "Monday morning", "today at 1PM". */
  when: string;
}

/**
 * Everything on the site that depends on the clock, for one stretch of time in which none of it
 * changes: each showroom's open or closed sign, the contact page's reply promise and the
 * promotions running today. Pages render from this, never from the clock, so two renders in the
 * same stretch are identical bytes; validUntil ends the stretch (the next opening, closing or
 * midnight) and is what the render cache keys its pages on besides the catalog.
 */
export interface BusinessMoment {
  /** ISO instant at which some of this changes. */
  validUntil: string;
  /** The phones and the sales team (the business hours). */
  phoneLine: OpenStatus;
  showrooms: Record<string, OpenStatus>;
  reply: ReplyPromise;
  promotions: Promotion[];
  /** The site notice while it runs (from its start to its end), else null. */
  notice: SiteNotice | null;
  /** The dealer's calendar date (YYYY-MM-DD): which holidays are still to come. */
  date: string;
  /** The dealer's calendar year (copyright lines, years in business); a moment never spans New Year. */
  year: number;
}

function replyPromise(schedule: Schedule, now: WallClock): ReplyPromise {
  if (openStatus(schedule, now).open) return { open: true, when: 'within 2-6 hours' };
  const next = nextOpening(schedule, now);
  if (!next) return { open: false, when: 'within 24 hours' };
  const day = next.daysAhead === 0 ? 'this' : dayWords(next.date, next.daysAhead);
  const partOfDay = Number(next.opening.opens.slice(0, 2)) < 12 ? 'morning' : 'afternoon';
  return { open: false, when: next.daysAhead < 7 ? `${day} ${partOfDay}` : `on ${dayWords(next.date, next.daysAhead)}` };
}

/** The instant a notice's wall-clock time ("2026-12-24T12:00") happens in New Jersey. */
export function noticeInstant(localTime: string): Date {
  const [date, time] = localTime.split('T') as [string, string];
  return instantAt(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
}

export function businessMoment(business: BusinessProfile, promotions: readonly Promotion[], instant: Date, notice: SiteNotice | null = null): BusinessMoment {
  const now = wallClock(instant);
  const phoneLine: Schedule = { hours: business.hours, holidays: businessHolidays(business) };
  const showroomSchedules = business.showrooms.map((showroom) => ({
    id: showroom.id,
    schedule: { hours: showroom.hours, holidays: showroomHolidays(business, showroom.id) },
  }));
  const changes = [phoneLine, ...showroomSchedules.map(({ schedule }) => schedule)]
    .map((schedule) => nextChangeToday(schedule, now))
    .filter((minute): minute is number => minute !== null);
  const nextChange = changes.length > 0 ? instantAt(now.date, Math.min(...changes)) : instantAt(addDays(now.date, 1), 0);
  const noticeTimes = notice ? [noticeInstant(notice.start), noticeInstant(notice.end)] : [];
  const noticeChange = noticeTimes.filter((time) => time.getTime() > instant.getTime()).map((time) => time.getTime());
  const validUntil = new Date(Math.min(nextChange.getTime(), ...noticeChange));
  const noticeRuns = notice !== null && noticeTimes[0]!.getTime() <= instant.getTime() && instant.getTime() < noticeTimes[1]!.getTime();
  return {
    validUntil: validUntil.toISOString(),
    phoneLine: openStatus(phoneLine, now),
    showrooms: Object.fromEntries(showroomSchedules.map(({ id, schedule }) => [id, openStatus(schedule, now)])),
    reply: replyPromise(phoneLine, now),
    promotions: promotions.filter((promotion) => promotion.start <= now.date && now.date <= promotion.end),
    notice: noticeRuns ? notice : null,
    date: now.date,
    year: Number(now.date.slice(0, 4)),
  };
}

/**
 * The moment now, worked out once per stretch rather than on every request: the last one is kept
 * while the clock is inside it.
 */
export function currentBusinessMoment(business: BusinessProfile, promotions: readonly Promotion[], clock: Clock): () => BusinessMoment {
  let last: { moment: BusinessMoment; from: number; until: number } | undefined;
  return () => {
    const now = clock().getTime();
    if (!last || now < last.from || now >= last.until) {
      const moment = businessMoment(business, promotions, new Date(now));
      last = { moment, from: now, until: Date.parse(moment.validUntil) };
    }
    return last.moment;
  };
}
