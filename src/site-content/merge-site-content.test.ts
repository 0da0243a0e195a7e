import { describe, expect, test } from 'vitest';
import { businessMoment } from '../business/business-moment';
import type { BusinessFile } from '../config/business-file';
import { businessProfile } from '../config/business-profile.server';
import { mergeSiteContent } from './merge-site-content';
import type { StaffSiteContent } from './site-content';

const nineToFive = { opens: '09:00', closes: '17:00' };
const week = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: nineToFive, sunday: 'closed' };
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
  hours: week,
  serviceHours: week,
  holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
  showrooms: [showroom('main'), showroom('shore')],
  promotions: [{ id: 'winter-financing', title: '0% Financing', text: 'On select models.', start: '2026-12-01', end: '2026-12-31' }],
};
const business = businessProfile(file, 'http://localhost:3000');
const none: StaffSiteContent = { promotions: [], holidays: [], notice: null };
/** A New Jersey wall-clock time in December (EST, UTC-5). */
const at = (local: string) => new Date(`${local}-05:00`);

describe("staff's promotions and holidays beside the business file's", () => {
  test('both promotions run, by start date, the file keeping its own', () => {
    const merged = mergeSiteContent(business, file.promotions, {
      ...none,
      promotions: [{ id: 'p-early', title: 'Early bird', text: 'Free delivery.', start: '2026-11-20', end: '2026-12-10' }],
    });
    expect(merged.promotions.map((promotion) => promotion.id)).toEqual(['p-early', 'winter-financing']);
    expect(businessMoment(merged.business, merged.promotions, at('2026-12-05T10:00:00')).promotions).toHaveLength(2);
  });

  test("a staff holiday on a date the file names gives staff's hours, once, to the signs and the reply promise", () => {
    const merged = mergeSiteContent(business, file.promotions, {
      ...none,
      holidays: [{ id: 'h-1', date: '2026-12-24', name: 'Christmas Eve', opens: '09:00', closes: '12:00' }],
    });
    const morning = businessMoment(merged.business, merged.promotions, at('2026-12-24T10:00:00'));
    expect(morning.phoneLine.open).toBe(true);
    expect(morning.reply.open).toBe(true);
    expect(merged.business.holidays.filter((holiday) => holiday.date === '2026-12-24')).toHaveLength(2);
    const afternoon = businessMoment(merged.business, merged.promotions, at('2026-12-24T12:30:00'));
    expect(afternoon.phoneLine.open).toBe(false);
  });

  test('a closure for one showroom closes that showroom only', () => {
    const merged = mergeSiteContent(business, file.promotions, { ...none, holidays: [{ id: 'h-2', date: '2026-12-07', name: 'Staff training', showrooms: ['shore'] }] });
    const moment = businessMoment(merged.business, merged.promotions, at('2026-12-07T10:00:00'));
    expect(moment.showrooms.shore?.open).toBe(false);
    expect(moment.showrooms.main?.open).toBe(true);
    expect(moment.phoneLine.open).toBe(true);
  });
});

describe('the site notice in the business moment', () => {
  const notice = { text: 'Closed early for the storm.', start: '2026-12-07T12:00', end: '2026-12-08T09:30' };

  test('shows from its start to its end, and the moment ends at each of them', () => {
    const before = businessMoment(business, [], at('2026-12-07T10:00:00'), notice);
    expect(before.notice).toBeNull();
    expect(before.validUntil).toBe(at('2026-12-07T12:00:00').toISOString());
    const during = businessMoment(business, [], at('2026-12-07T12:00:00'), notice);
    expect(during.notice?.text).toBe('Closed early for the storm.');
    const nextMorning = businessMoment(business, [], at('2026-12-08T09:00:00'), notice);
    expect(nextMorning.notice).not.toBeNull();
    expect(nextMorning.validUntil).toBe(at('2026-12-08T09:30:00').toISOString());
    expect(businessMoment(business, [], at('2026-12-08T09:30:00'), notice).notice).toBeNull();
  });
});
