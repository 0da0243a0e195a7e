import { describe, expect, test } from 'vitest';
import type { BusinessFile } from '../config/business-file';
import { businessProfile } from '../config/business-profile.server';
import { businessMoment } from './business-moment';

const nineToFive = { opens: '09:00', closes: '17:00' };
const eightToFive = { opens: '08:00', closes: '17:00' };
const showroom = (id: string) => ({
  id,
  name: id,
  street: '1 Main St',
  city: 'Town',
  county: 'Ocean',
  state: 'NJ',
  postalCode: '08000',
  phone: '(609) 555-0100',
  geo: { lat: 39.9, lng: -74.1 },
  links: {},
});

const file: BusinessFile = {
  name: 'Test Carts',
  phone: '(609) 555-0100',
  email: 'sales@test-carts.test',
  website: 'https://www.test-carts.test',
  financingUrl: 'https://lender.test/apply',
  foundedYear: 2010,
  happyCustomers: '500+',
  serviceRadiusMeters: 50_000,
  hours: { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: nineToFive, sunday: 'closed' },
  serviceHours: { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: nineToFive, sunday: 'closed' },
  holidays: [
    { date: '2026-11-26', name: 'Thanksgiving' },
    { date: '2026-12-24', name: 'Christmas Eve', opens: '09:00', closes: '13:00' },
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-28', name: 'Inventory day', showrooms: ['early'] },
  ],
  showrooms: [
    showroom('main'),
    {
      ...showroom('early'),
      hours: { monday: eightToFive, tuesday: eightToFive, wednesday: eightToFive, thursday: eightToFive, friday: eightToFive, saturday: 'closed', sunday: 'closed' },
    },
  ],
  promotions: [{ id: 'winter-financing', title: '0% Financing', text: 'On select models.', start: '2026-12-01', end: '2026-12-31' }],
};
const business = businessProfile(file, 'http://localhost:3000');

/** The moment at a New Jersey wall-clock time (EST in these dates: UTC-5). */
const at = (local: string) => businessMoment(business, file.promotions, new Date(`${local}-05:00`));
const sign = (local: string, id = 'main') => {
  const status = at(local).showrooms[id]!;
  return `${status.headline}, ${status.detail}`;
};

describe('open or closed, from the dealer hours in New Jersey time', () => {
  test('inside the hours: open until closing time', () => {
    expect(sign('2026-11-23T10:00:00')).toBe('Open now, until 5PM');
    expect(at('2026-11-23T10:00:00').showrooms.main!.open).toBe(true);
  });

  test.each([
    // Before opening, after closing and on a closed day: when it opens next.
    ['2026-11-23T08:30:00', 'main', 'Closed now, opens today at 9AM'],
    ['2026-11-23T17:00:00', 'main', 'Closed now, opens tomorrow at 9AM'],
    ['2026-11-21T18:00:00', 'main', 'Closed now, opens Monday at 9AM'],
    // A holiday closure names the holiday; shorter holiday hours are said as such.
    ['2026-11-26T11:00:00', 'main', 'Closed today for Thanksgiving, opens tomorrow at 9AM'],
    ['2026-12-24T10:00:00', 'main', 'Open now, until 1PM (Christmas Eve hours)'],
    ['2026-12-24T14:00:00', 'main', 'Closed now, opens Saturday at 9AM'],
    // Each showroom keeps its own hours and its own holidays.
    ['2026-11-23T08:30:00', 'early', 'Open now, until 5PM'],
    ['2026-11-21T10:00:00', 'early', 'Closed now, opens Monday at 8AM'],
    ['2026-12-28T10:00:00', 'early', 'Closed today for Inventory day, opens tomorrow at 8AM'],
    ['2026-12-28T10:00:00', 'main', 'Open now, until 5PM'],
  ])('at %s the %s showroom says: %s', (local, id, text) => {
    expect(sign(local, id)).toBe(text);
  });

  test('the reply promise: within 2-6 hours while the team is in, else the next business morning', () => {
    expect(at('2026-11-23T10:00:00').reply).toEqual({ open: true, when: 'within 2-6 hours' });
    expect(at('2026-11-23T07:00:00').reply).toEqual({ open: false, when: 'this morning' });
    expect(at('2026-11-23T19:00:00').reply).toEqual({ open: false, when: 'tomorrow morning' });
    expect(at('2026-11-21T19:00:00').reply).toEqual({ open: false, when: 'Monday morning' });
    expect(at('2026-11-25T19:00:00').reply).toEqual({ open: false, when: 'Friday morning' });
  });

  test('a promotion shows from its start date to its end date, both days included', () => {
    expect(at('2026-11-30T23:59:00').promotions).toEqual([]);
    expect(at('2026-12-01T00:00:00').promotions.map((promotion) => promotion.id)).toEqual(['winter-financing']);
    expect(at('2026-12-31T23:59:00').promotions.map((promotion) => promotion.id)).toEqual(['winter-financing']);
    expect(at('2027-01-01T00:00:00').promotions).toEqual([]);
  });

  test('the moment lasts until the next opening, closing or midnight, and renders the same throughout', () => {
    // 08:30: the early showroom is open, the main one opens at 9:00.
    expect(at('2026-11-23T08:30:00').validUntil).toBe('2026-11-23T14:00:00.000Z');
    expect(at('2026-11-23T10:00:00').validUntil).toBe('2026-11-23T22:00:00.000Z');
    expect(at('2026-11-23T17:00:00').validUntil).toBe('2026-11-24T05:00:00.000Z');
    expect(at('2026-11-23T10:00:00')).toEqual(at('2026-11-23T16:59:59'));
    expect(at('2026-11-23T16:59:59')).not.toEqual(at('2026-11-23T17:00:00'));
  });
});
