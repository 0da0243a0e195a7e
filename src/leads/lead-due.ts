import { businessHolidays, type BusinessProfile } from '../config/business-profile';
import { addDays, instantAt, wallClock } from '../business/business-time';
import { openingOn, type Schedule } from '../business/open-status';

// When a new lead becomes overdue, and how long a lead waited, counted only while the phones are
// answered (the business file's `hours`, and the holidays of every showroom). Shared: the server
// stores the due time, and the inbox may show the same arithmetic.

/** How many days ahead an opening is looked for; further than any closure a dealer would make. */
const LOOKAHEAD_DAYS = 60;

const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** When the phones and the sales team answer: the business hours and the holidays that name no showroom. */
export function leadSchedule(business: Pick<BusinessProfile, 'hours' | 'holidays'>): Schedule {
  return { hours: business.hours, holidays: businessHolidays(business) };
}

/** The instants a date is open, from its opening to its closing (DST-safe), or null on a closed day. */
function openInterval(schedule: Schedule, date: string): { start: number; end: number } | null {
  const { opening } = openingOn(schedule, date);
  if (!opening) return null;
  return { start: instantAt(date, toMinute(opening.opens)).getTime(), end: instantAt(date, toMinute(opening.closes)).getTime() };
}

/**
 * When a lead received at `receivedAt` becomes overdue: once `thresholdMinutes` of open time have
 * passed. One that arrives while closed starts waiting at the next opening (9 p.m. → the next
 * opening plus the threshold); one that arrives near closing carries the rest over (4:30 p.m. with
 * a close at 5 p.m. and 60 minutes → 30 minutes after the next opening). A schedule open on no day
 * within two months counts plain minutes, so a lead is never without a due time.
 */
export function leadDueAt(receivedAt: Date, schedule: Schedule, thresholdMinutes: number): Date {
  let remaining = thresholdMinutes * 60_000;
  const from = receivedAt.getTime();
  const firstDate = wallClock(receivedAt).date;
  for (let day = 0; day < LOOKAHEAD_DAYS; day++) {
    const interval = openInterval(schedule, addDays(firstDate, day));
    if (!interval) continue;
    const start = Math.max(interval.start, from);
    if (start >= interval.end) continue;
    if (remaining <= interval.end - start) return new Date(start + remaining);
    remaining -= interval.end - start;
  }
  return new Date(from + thresholdMinutes * 60_000);
}

/** The whole seconds of open time between two instants (0 when `to` is not after `from`). */
export function businessSecondsBetween(from: Date, to: Date, schedule: Schedule): number {
  if (to.getTime() <= from.getTime()) return 0;
  const lastDate = wallClock(to).date;
  let total = 0;
  for (let date = wallClock(from).date; date <= lastDate; date = addDays(date, 1)) {
    const interval = openInterval(schedule, date);
    if (!interval) continue;
    const start = Math.max(interval.start, from.getTime());
    const end = Math.min(interval.end, to.getTime());
    if (end > start) total += end - start;
  }
  return Math.floor(total / 1000);
}

/** A lead is overdue while it is still new and its due time has come. */
export function isOverdue(lead: { status: string; dueAt: Date | string }, now: Date): boolean {
  return lead.status === 'new' && new Date(lead.dueAt).getTime() <= now.getTime();
}
