const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * How a calendar date reads:
 * - `long`: "December 24, 2026" (an offer's last day);
 * - `short`: "Thu, Dec 24" (a holiday on an hours card, a day more than a week ahead);
 * - `weekday`: "Thursday" (a day within the week).
 */
export type CalendarDateStyle = 'long' | 'short' | 'weekday';

/**
 * A calendar date ("2026-12-24", a day of the dealer's calendar, no time zone) in American English.
 * Written out rather than asked of Intl.DateTimeFormat because the browser loads its locale data on
 * the first such call, 20-60 ms of a phone's main thread while the page hydrates; the words are
 * the same as Intl's en-US.
 */
export function formatCalendarDate(date: string, style: CalendarDateStyle): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const monthName = MONTHS[month - 1]!;
  if (style === 'weekday') return weekday;
  if (style === 'short') return `${weekday.slice(0, 3)}, ${monthName.slice(0, 3)} ${day}`;
  return `${monthName} ${day}, ${year}`;
}
