import { describe, expect, it } from 'vitest';
import type { WeekHours } from '../config/business-file';
import { businessSecondsBetween, isOverdue, leadDueAt, leadSchedule } from './lead-due';

const day = { opens: '09:00', closes: '17:00' };
const hours: WeekHours = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: { opens: '10:00', closes: '16:00' }, sunday: 'closed' };
const schedule = leadSchedule({
  hours,
  holidays: [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-24', name: 'Christmas Eve', opens: '09:00', closes: '13:00' },
    // A holiday of one showroom only: the phones still answer.
    { date: '2026-07-06', name: 'Inventory day', showrooms: ['bayville'] },
  ],
});

/** New Jersey wall time, written with its offset: EDT (-04:00) in summer, EST (-05:00) in winter. */
const at = (iso: string) => new Date(iso);

describe('leadDueAt', () => {
  it('is the threshold later during business hours', () => {
    expect(leadDueAt(at('2026-06-10T10:15:00-04:00'), schedule, 60)).toEqual(at('2026-06-10T11:15:00-04:00'));
  });

  it('starts counting at the next opening for an inquiry at 9 p.m.', () => {
    expect(leadDueAt(at('2026-06-10T21:00:00-04:00'), schedule, 60)).toEqual(at('2026-06-11T10:00:00-04:00'));
  });

  it('carries the rest of the threshold over a closing time (4:30 p.m., close at 5 p.m.)', () => {
    expect(leadDueAt(at('2026-06-10T16:30:00-04:00'), schedule, 60)).toEqual(at('2026-06-11T09:30:00-04:00'));
  });

  it('skips a closed Sunday, and Saturday keeps its own hours', () => {
    // Saturday 3:45 p.m.: 15 minutes before the 4 p.m. close, then Monday from 9.
    expect(leadDueAt(at('2026-06-13T15:45:00-04:00'), schedule, 60)).toEqual(at('2026-06-15T09:45:00-04:00'));
    expect(leadDueAt(at('2026-06-14T12:00:00-04:00'), schedule, 60)).toEqual(at('2026-06-15T10:00:00-04:00'));
  });

  it("skips a holiday of every showroom and keeps a holiday's shorter hours", () => {
    // Christmas Eve closes at 1 p.m.; Christmas Day is closed; Saturday the 26th opens at 10.
    expect(leadDueAt(at('2026-12-24T12:40:00-05:00'), schedule, 60)).toEqual(at('2026-12-26T10:40:00-05:00'));
  });

  it('ignores a holiday of one showroom: the phones still answer', () => {
    expect(leadDueAt(at('2026-07-06T10:00:00-04:00'), schedule, 60)).toEqual(at('2026-07-06T11:00:00-04:00'));
  });

  it('counts wall-clock opening hours across the change to daylight saving time', () => {
    // Saturday March 7, 2026 at 3:30 p.m. EST; clocks go forward on Sunday the 8th; Monday opens at 9 EDT.
    expect(leadDueAt(at('2026-03-07T15:30:00-05:00'), schedule, 60)).toEqual(at('2026-03-09T09:30:00-04:00'));
    // And back in November: Saturday Oct 31 at 3:30 p.m. EDT → Monday Nov 2 at 9:30 EST.
    expect(leadDueAt(at('2026-10-31T15:30:00-04:00'), schedule, 60)).toEqual(at('2026-11-02T09:30:00-05:00'));
  });

  it('counts plain minutes when the schedule is never open', () => {
    const closed = leadSchedule({ hours: Object.fromEntries(Object.keys(hours).map((name) => [name, 'closed'])) as WeekHours, holidays: [] });
    expect(leadDueAt(at('2026-06-10T10:00:00-04:00'), closed, 60)).toEqual(at('2026-06-10T11:00:00-04:00'));
  });
});

describe('businessSecondsBetween', () => {
  it('counts only open time across a closing and a night', () => {
    expect(businessSecondsBetween(at('2026-06-10T16:30:00-04:00'), at('2026-06-11T09:30:00-04:00'), schedule)).toBe(3600);
  });

  it('counts nothing while closed, and nothing backwards', () => {
    expect(businessSecondsBetween(at('2026-06-14T08:00:00-04:00'), at('2026-06-14T20:00:00-04:00'), schedule)).toBe(0);
    expect(businessSecondsBetween(at('2026-06-11T09:30:00-04:00'), at('2026-06-10T16:30:00-04:00'), schedule)).toBe(0);
  });

  it('counts a weekend and a holiday as closed, and daylight saving time as the wall clock reads', () => {
    // Thursday Dec 24 at noon → Monday Dec 28 at 10: 1 h Thursday, 6 h Saturday, 1 h Monday.
    expect(businessSecondsBetween(at('2026-12-24T12:00:00-05:00'), at('2026-12-28T10:00:00-05:00'), schedule)).toBe(8 * 3600);
    // Saturday March 7 at 3:30 p.m. EST → Monday at 9:30 EDT: 30 + 30 minutes.
    expect(businessSecondsBetween(at('2026-03-07T15:30:00-05:00'), at('2026-03-09T09:30:00-04:00'), schedule)).toBe(3600);
  });

  it('is whole seconds', () => {
    expect(businessSecondsBetween(at('2026-06-10T10:00:00.000-04:00'), at('2026-06-10T10:00:01.900-04:00'), schedule)).toBe(1);
  });
});

describe('isOverdue', () => {
  const now = at('2026-06-10T12:00:00-04:00');
  it('is a new lead whose due time has come', () => {
    expect(isOverdue({ status: 'new', dueAt: at('2026-06-10T12:00:00-04:00') }, now)).toBe(true);
    expect(isOverdue({ status: 'new', dueAt: '2026-06-10T16:00:01.000Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'contacted', dueAt: at('2026-06-09T12:00:00-04:00') }, now)).toBe(false);
  });
});
