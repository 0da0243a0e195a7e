import type { DayHours, Opening, WeekHours } from '../config/business-file';
import { WEEKDAYS } from '../config/weekdays';

/** One line of opening hours as the site prints them: { days: 'Mon-Fri', hours: '9AM-5PM' }. */
export interface OpeningHours {
  days: string;
  hours: string;
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export function isOpening(day: DayHours | undefined): day is Opening {
  return typeof day === 'object';
}

/** "09:00" → "9AM", "17:30" → "5:30PM", "12:00" → "12PM". */
export function formatTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const half = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${half}`;
}

/** "9AM-5PM", or the file's word for a day without opening hours ("Closed", "Emergency only"). */
export function dayHoursLabel(day: DayHours): string {
  return isOpening(day) ? `${formatTime(day.opens)}-${formatTime(day.closes)}` : day.charAt(0).toUpperCase() + day.slice(1);
}

/**
 * A week as the lines people expect on a door: weekdays with the same hours together
 * ("Mon-Fri 9AM-5PM"), Saturday and Sunday each on a line of their own.
 */
export function hoursRows(week: WeekHours): OpeningHours[] {
  const rows: Array<OpeningHours & { first: number; last: number }> = [];
  WEEKDAYS.forEach((day, index) => {
    const hours = dayHoursLabel(week[day]);
    const previous = rows.at(-1);
    if (previous && index < 5 && previous.last === index - 1 && previous.hours === hours) previous.last = index;
    else rows.push({ days: '', hours, first: index, last: index });
  });
  return rows.map(({ hours, first, last }) => ({ days: first === last ? SHORT_DAYS[first]! : `${SHORT_DAYS[first]}-${SHORT_DAYS[last]}`, hours }));
}
