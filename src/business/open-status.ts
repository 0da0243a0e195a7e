import type { Holiday, Opening, WeekHours } from '../config/business-file';
import { addDays, weekdayOf, type WallClock } from './business-time';
import { formatCalendarDate } from '../text/format-calendar-date';
import { formatTime, isOpening } from './week-hours';

/** A showroom's (or the phone line's) week, with the holidays that apply to it. */
export interface Schedule {
  hours: WeekHours;
  holidays: Holiday[];
}

/** Whether a place is open at a moment, in words: "Open now" and "until 5PM", or "Closed now" and "opens tomorrow at 9AM". */
export interface OpenStatus {
  open: boolean;
  headline: string;
  detail: string;
}

/** How far ahead to look for the next opening; further than any holiday run a dealer would close for. */
const LOOKAHEAD_DAYS = 14;

const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** The opening of a date (a holiday's own hours or closure first, else the weekday's hours), and the holiday if it is one. */
export function openingOn(schedule: Schedule, date: string): { opening: Opening | null; holiday?: Holiday } {
  const holiday = schedule.holidays.find((candidate) => candidate.date === date);
  if (holiday) return { opening: holiday.opens && holiday.closes ? { opens: holiday.opens, closes: holiday.closes } : null, holiday };
  const day = schedule.hours[weekdayOf(date)];
  return { opening: isOpening(day) ? day : null };
}

/** The next time the place opens after a moment, as a date and an opening; null when it stays closed for two weeks. */
export function nextOpening(schedule: Schedule, now: WallClock): { date: string; opening: Opening; daysAhead: number } | null {
  for (let daysAhead = 0; daysAhead < LOOKAHEAD_DAYS; daysAhead++) {
    const date = addDays(now.date, daysAhead);
    const { opening } = openingOn(schedule, date);
    if (opening && (daysAhead > 0 || toMinute(opening.opens) > now.minute)) return { date, opening, daysAhead };
  }
  return null;
}

/** "today", "tomorrow", "Monday", or "Mon, Dec 28" beyond a week. */
export function dayWords(date: string, daysAhead: number): string {
  if (daysAhead === 0) return 'today';
  if (daysAhead === 1) return 'tomorrow';
  return formatCalendarDate(date, daysAhead < 7 ? 'weekday' : 'short');
}

/** Open or closed at a moment of the dealer's clock, and what changes next, in the words a door sign uses. */
export function openStatus(schedule: Schedule, now: WallClock): OpenStatus {
  const { opening, holiday } = openingOn(schedule, now.date);
  if (opening && toMinute(opening.opens) <= now.minute && now.minute < toMinute(opening.closes)) {
    return { open: true, headline: 'Open now', detail: `until ${formatTime(opening.closes)}${holiday ? ` (${holiday.name} hours)` : ''}` };
  }
  const next = nextOpening(schedule, now);
  const headline = holiday && !opening ? `Closed today for ${holiday.name}` : 'Closed now';
  return { open: false, headline, detail: next ? `opens ${dayWords(next.date, next.daysAhead)} at ${formatTime(next.opening.opens)}` : 'call us for our next opening' };
}

/** The minute of today at which a schedule next opens or closes, after a moment; null when nothing changes before midnight. */
export function nextChangeToday(schedule: Schedule, now: WallClock): number | null {
  const { opening } = openingOn(schedule, now.date);
  if (!opening) return null;
  return [toMinute(opening.opens), toMinute(opening.closes)].find((minute) => minute > now.minute) ?? null;
}
