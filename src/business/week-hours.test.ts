import { describe, expect, test } from 'vitest';
import type { WeekHours } from '../config/business-file';
import { formatTime, hoursRows } from './week-hours';

const nineToFive = { opens: '09:00', closes: '17:00' };

describe('opening hours as the site prints them', () => {
  test('weekdays with the same hours share a line; Saturday and Sunday have their own', () => {
    const week: WeekHours = {
      monday: nineToFive,
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: nineToFive,
      friday: nineToFive,
      saturday: nineToFive,
      sunday: 'closed',
    };
    expect(hoursRows(week)).toEqual([
      { days: 'Mon-Fri', hours: '9AM-5PM' },
      { days: 'Sat', hours: '9AM-5PM' },
      { days: 'Sun', hours: 'Closed' },
    ]);
  });

  test('a weekday that differs splits the run, and a day in words is shown as written', () => {
    const late = { opens: '10:00', closes: '19:30' };
    const week: WeekHours = {
      monday: 'closed',
      tuesday: nineToFive,
      wednesday: nineToFive,
      thursday: late,
      friday: nineToFive,
      saturday: { opens: '09:00', closes: '15:00' },
      sunday: 'Emergency only',
    };
    expect(hoursRows(week)).toEqual([
      { days: 'Mon', hours: 'Closed' },
      { days: 'Tue-Wed', hours: '9AM-5PM' },
      { days: 'Thu', hours: '10AM-7:30PM' },
      { days: 'Fri', hours: '9AM-5PM' },
      { days: 'Sat', hours: '9AM-3PM' },
      { days: 'Sun', hours: 'Emergency only' },
    ]);
  });

  test('noon and midnight read as 12PM and 12AM', () => {
    expect([formatTime('12:00'), formatTime('00:00'), formatTime('08:05')]).toEqual(['12PM', '12AM', '8:05AM']);
  });
});
