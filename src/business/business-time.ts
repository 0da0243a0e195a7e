import { WEEKDAYS, type Weekday } from '../config/weekdays';

/** The dealership's clock: every time staff and visitors read is New Jersey time. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/**
 * Each formatter is made once, on its first use rather than when the module loads: making one
 * costs far more than formatting with it, and pages that only count days (the hours cards'
 * holidays) load this module in the browser, where Intl's time zone data would cost a phone
 * 20-60 ms of main thread while the page hydrates.
 */
function madeOnce<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const wallClockFormat = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    }),
);

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(
    wallClockFormat()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
}

/** ISO 8601 with the local offset, as ADF's requestdate expects: "2025-06-14T09:30:00-04:00". */
export function businessIsoTime(date: Date): string {
  const { year, month, day, hour, minute, second, timeZoneName } = parts(date);
  const offset = timeZoneName === 'GMT' ? '+00:00' : timeZoneName!.replace('GMT', '');
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}

const readableWhen = madeOnce(() => new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }));
const zoneName = madeOnce(() => new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'short' }));

/** For people: "Saturday, June 14, 2025 at 9:30 AM EDT". */
export function businessReadableTime(date: Date): string {
  const when = readableWhen().format(date);
  const zone = zoneName()
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${when} ${zone}` : when;
}

/** The dealer's wall clock at an instant: the calendar date (YYYY-MM-DD) and the minute of that day. */
export interface WallClock {
  date: string;
  minute: number;
}

export function wallClock(instant: Date): WallClock {
  const { year, month, day, hour, minute } = parts(instant);
  return { date: `${year}-${month}-${day}`, minute: Number(hour) * 60 + Number(minute) };
}

/** A calendar date some days later (or earlier): "2026-12-31" + 1 = "2027-01-01". */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The day of the week of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** Minutes the dealer's clock is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function offsetMinutes(instant: Date): number {
  const { year, month, day, hour, minute, second } = parts(instant);
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the dealer's clock shows a minute of a date, daylight saving time included. */
export function instantAt(date: string, minute: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, 0, minute);
  const first = new Date(asUtc - offsetMinutes(new Date(asUtc)) * 60_000);
  // Across a daylight saving change the offset at the answer differs from the first guess's.
  return new Date(asUtc - offsetMinutes(first) * 60_000);
}
