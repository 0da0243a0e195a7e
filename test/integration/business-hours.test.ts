import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { byId, textOf } from '../support/page-html';
import { businessFileWith } from '../support/business-file';
import { useTestApp } from '../support/test-app';

// Open or closed signs, the contact page's reply promise and promotions follow the dealer's clock
// (New Jersey time) at the moment a page is rendered, without JavaScript, and a page kept by the
// render cache is never one from before a showroom opened or closed.

let now = new Date();
/** A New Jersey wall-clock time in November or December (EST, UTC-5). */
const newJersey = (local: string) => new Date(`${local}-05:00`);

const promotions = [{ id: 'holiday-sale', title: 'Holiday Cart Sale', text: 'Free delivery on new carts bought this December.', start: '2026-12-01', end: '2026-12-31' }];
const site = useTestApp({ BUSINESS_FILE: businessFileWith({ promotions }) }, { clock: () => now });

/** The visible text of one part of a page, without the space textOf leaves before punctuation. */
async function textAt(path: string, id = 'main'): Promise<string> {
  const { text } = await request(site.app).get(path).expect(200);
  return textOf(byId(text, id)).replace(/ ([,.:])/g, '$1');
}

function showroomCard(text: string, name: string): string {
  const start = text.indexOf(name);
  return text.slice(start, text.indexOf('Directions', start));
}

describe('open or closed, on the showroom and contact pages', () => {
  test('a showroom is open until closing time and closed from then on, even when the page was kept by the render cache', async () => {
    now = newJersey('2026-11-23T16:58:00');
    const before = await request(site.app).get('/showroom').expect(200);
    now = newJersey('2026-11-23T16:59:30');
    const kept = await request(site.app).get('/showroom').expect(200);
    // Within one stretch of the clock the page is the same bytes, so it can be kept and revalidated.
    expect(kept.headers.etag).toBe(before.headers.etag);
    expect(showroomCard(await textAt('/showroom', 'locations'), 'Bayville Showroom')).toContain('Open now, until 5PM');

    now = newJersey('2026-11-23T17:00:00');
    const after = await request(site.app).get('/showroom').expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const locations = await textAt('/showroom', 'locations');
    expect(showroomCard(locations, 'Bayville Showroom')).toContain('Closed now, opens tomorrow at 9AM');
    // The service center keeps its own hours: 8 in the morning.
    expect(showroomCard(locations, 'New Jersey Service & Delivery Center')).toContain('Closed now, opens tomorrow at 8AM');
  });

  test('on a holiday the sign says so, and on Saturday evening it points to Monday', async () => {
    now = newJersey('2026-11-26T11:00:00');
    expect(showroomCard(await textAt('/showroom', 'locations'), 'Waretown Showroom')).toContain('Closed today for Thanksgiving, opens tomorrow at 9AM');
    now = newJersey('2026-11-28T18:00:00');
    expect(showroomCard(await textAt('/showroom', 'locations'), 'Waretown Showroom')).toContain('Closed now, opens Monday at 9AM');
  });

  test('the contact page shows the showrooms’ and the phones’ signs', async () => {
    now = newJersey('2026-11-24T10:00:00');
    const open = await textAt('/contact');
    expect(open).toContain('Business Hours Open now, until 5PM');
    expect(open).toContain('Cape May County Showroom 2100 Route 9 North, Cape May Court House, NJ 08210 (609) 555-0105 Open now, until 5PM');
    now = newJersey('2026-11-24T20:00:00');
    expect(await textAt('/contact')).toContain('Business Hours Closed now, opens tomorrow at 9AM');
  });
});

describe('when will I hear back', () => {
  test.each([
    ['during business hours', '2026-11-24T10:00:00', "We're open now: expect our answer within 2-6 hours."],
    ['before opening', '2026-11-24T07:15:00', "We're closed right now: expect our answer this morning."],
    ['after closing on a weekday', '2026-11-24T19:00:00', "We're closed right now: expect our answer tomorrow morning."],
    ['on Saturday evening (closed on Sunday)', '2026-11-28T18:00:00', "We're closed right now: expect our answer Monday morning."],
    ['the evening before Thanksgiving', '2026-11-25T18:00:00', "We're closed right now: expect our answer Friday morning."],
  ])('%s', async (_when, local, promise) => {
    now = newJersey(local);
    expect(await textAt('/contact')).toContain(promise);
  });
});

describe('the contact page makes one promise', () => {
  test.each([
    ['inside business hours', '2026-11-24T10:00:00', 'within 2-6 hours', "We're open now: expect our answer within 2-6 hours."],
    ['outside business hours', '2026-11-24T19:00:00', 'tomorrow morning', "We're closed right now: expect our answer tomorrow morning."],
  ])('%s the hero promises what the form does', async (_when, local, when, promise) => {
    now = newJersey(local);
    const text = await textAt('/contact');
    expect(text).toContain(`Call, e-mail or send us a message, and a real person will answer ${when}.`);
    expect(text).toContain(promise);
    // No second, different promise anywhere on the page.
    expect(text).not.toContain('24 hours');
  });
});

describe('promotions', () => {
  test.each([
    ['the day before it starts', '2026-11-30T23:59:00', false],
    ['its first day', '2026-12-01T00:00:00', true],
    ['its last day', '2026-12-31T23:30:00', true],
    ['the day after it ends', '2027-01-01T00:00:00', false],
  ])('show on %s only between their dates', async (_day, local, shown) => {
    now = newJersey(local);
    for (const path of ['/', '/showroom', '/toms-river-township-golf-carts']) {
      expect((await textAt(path)).includes('Holiday Cart Sale. Free delivery on new carts bought this December. Offer ends December 31, 2026.'), path).toBe(shown);
    }
  });
});
