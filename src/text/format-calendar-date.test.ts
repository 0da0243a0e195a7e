import { describe, expect, test } from 'vitest';
import { formatCalendarDate } from './format-calendar-date';

describe('a calendar date in American English', () => {
  test('an offer’s last day in full', () => {
    expect(formatCalendarDate('2027-12-31', 'long')).toBe('December 31, 2027');
    expect(formatCalendarDate('2026-01-05', 'long')).toBe('January 5, 2026');
  });

  test('a holiday on an hours card: the weekday, the month and the day, short', () => {
    expect(formatCalendarDate('2026-12-24', 'short')).toBe('Thu, Dec 24');
    expect(formatCalendarDate('2027-05-31', 'short')).toBe('Mon, May 31');
    expect(formatCalendarDate('2028-02-29', 'short')).toBe('Tue, Feb 29');
  });

  test('a day within the week by its name', () => {
    expect(formatCalendarDate('2026-11-26', 'weekday')).toBe('Thursday');
    expect(formatCalendarDate('2026-11-29', 'weekday')).toBe('Sunday');
  });

  test('the same words as en-US Intl on every day of two years', () => {
    const intl = {
      long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
      short: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }),
    };
    for (let day = 0; day < 731; day++) {
      const instant = new Date(Date.UTC(2027, 0, 1 + day));
      const date = instant.toISOString().slice(0, 10);
      for (const style of ['long', 'short', 'weekday'] as const) expect(formatCalendarDate(date, style)).toBe(intl[style].format(instant));
    }
  });
});
