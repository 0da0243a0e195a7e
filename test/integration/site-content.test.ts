import request from 'supertest';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditEventRepository } from '../../models/audit-event.repository';
import { InquiryCollection } from '../../models/inquiry.model';
import { siteContentRepository } from '../../models/site-content.repository';
import { VALID_INQUIRY } from '../support/fixtures';
import { byId, jsonLd, textOf } from '../support/page-html';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Promotions, holiday hours and the site notice changed in the staff area (issue 24, point 5),
 * without JavaScript and without a restart: the public pages, their structured data and the
 * contact page's reply promise follow within seconds, kept pages included; bad input saves
 * nothing; sales accounts read but cannot change; the audit log names each change.
 */

const ORIGIN = 'http://localhost:3000';
const SECOND = 1000;
/** A New Jersey wall-clock time in November (EST, UTC-5). */
const newJersey = (local: string) => new Date(`${local}-05:00`);
// Monday 23 November 2026, 10:00 in New Jersey: the phones and the showrooms are open (9:00-17:00).
const clock = testClock(newJersey('2026-11-23T10:00:00'));
const site = useTestApp({}, { clock: clock.now });

let managerId = '';
let salesId = '';

beforeAll(async () => {
  managerId = (await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' })).id;
  salesId = (await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' })).id;
});

/** A session signed in now (the tests move the clock by days, past any session's idle time). */
const signedIn = (staffId: string): Promise<TestStaffSession> => openStaffSession(staffId, clock.now());
const staffPage = async (path: string, staffId: string) =>
  request(site.app)
    .get(path)
    .set('Cookie', (await signedIn(staffId)).cookie)
    .expect(200);

/** A staff form post as a browser without JavaScript sends it (same origin, the page's form token). */
async function post(path: string, staffId: string, fields: Record<string, string | string[]>) {
  const session = await signedIn(staffId);
  const page = await request(site.app).get(path).set('Cookie', session.cookie).expect(200);
  return request(site.app)
    .post(path)
    .set('Cookie', session.cookie)
    .set('Origin', ORIGIN)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields });
}

/** The visible text of a page, with the entities React writes for quotes read back as characters. */
const readable = (html: string) => textOf(html).replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const publicText = async (path: string) => readable((await request(site.app).get(path).expect(200)).text);
const fieldError = (html: string, id: string) => readable(byId(html, id));
const revision = async () => (await siteContentRepository.read()).revision;

async function auditDetails(kind: Parameters<typeof auditEventRepository.list>[0]['kind']) {
  return (await auditEventRepository.list({ kind })).events.map((event) => ({
    staffId: event.actor.type === 'staff' ? event.actor.staffId : '',
    details: event.details,
  }));
}

describe('a promotion staff add', () => {
  test('dated for tomorrow, is not on the home page today and is there tomorrow, the kept page following', async () => {
    // The home page is rendered and kept before the change.
    expect(await publicText('/')).not.toContain('Trade-In Week');
    const saved = await post('/staff/promotions', managerId, {
      title: 'Trade-In Week',
      text: 'Bring your old cart: we pay top dollar toward a new one.',
      start: '2026-11-24',
      end: '2026-11-30',
      places: ['home', 'towns'],
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/staff/promotions?done=saved');
    expect(await publicText('/')).not.toContain('Trade-In Week');

    clock.set(newJersey('2026-11-24T00:00:01'));
    const tomorrow = await publicText('/');
    expect(tomorrow).toContain('Trade-In Week');
    expect(tomorrow).toContain('Bring your old cart');
    // Only where it was told to show: not on the showroom page.
    expect(await publicText('/showroom')).not.toContain('Trade-In Week');
    clock.set(newJersey('2026-11-23T10:00:00'));
  });

  test("is listed beside the business file's, which is marked and cannot be changed or deleted", async () => {
    const list = await staffPage('/staff/promotions', managerId);
    const text = readable(list.text);
    expect(text).toContain('0% Financing on Select Models');
    expect(text).toContain('From the business file');
    expect(text).toContain('Trade-In Week');
    const refused = await post('/staff/promotions', managerId, { intent: 'delete', id: 'zero-percent-financing' });
    expect(refused.status).toBe(409);
    expect(readable(refused.text)).toContain('in the business file');
    expect(await publicText('/')).toContain('0% Financing on Select Models');
  });
});

describe('a holiday closure a manager adds', () => {
  test('closes the phones and showrooms today: the signs, the reply promise, the holiday hours and the JSON-LD follow at once', async () => {
    const before = await publicText('/contact');
    expect(before).toContain("We're open now");
    const saved = await post('/staff/closures', managerId, { name: 'Staff training day', date: '2026-11-23', kind: 'closed', opens: '', closes: '' });
    expect(saved.status).toBe(303);

    const contact = await request(site.app).get('/contact').expect(200);
    expect(readable(contact.text)).toContain("We're closed right now: expect our answer tomorrow morning.");
    expect(readable(contact.text)).toContain('Staff training day');
    const business = jsonLd(contact.text).find((node) => Array.isArray(node.specialOpeningHoursSpecification));
    expect(business?.specialOpeningHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      name: 'Staff training day',
      validFrom: '2026-11-23',
      validThrough: '2026-11-23',
      opens: '00:00',
      closes: '00:00',
    });
    const showroom = await request(site.app).get('/showroom').expect(200);
    expect(readable(byId(showroom.text, 'locations'))).toContain('Staff training day');
    expect(JSON.stringify(jsonLd(showroom.text))).toContain('Staff training day');

    // An inquiry sent today is due within the response time counted from the next opening, as
    // the reply promise says: Tuesday 9:00 plus the hour, not 11:00 on the closed day.
    const sent = await request(site.app).post('/api/contact').set('Origin', ORIGIN).send(VALID_INQUIRY).expect(201);
    const lead = await InquiryCollection.findOne({ id: (sent.body as { id: string }).id }).lean();
    expect(lead?.lead?.dueAt).toEqual(newJersey('2026-11-24T10:00:00'));
  });

  test('shorter hours for one showroom apply to that showroom alone', async () => {
    const saved = await post('/staff/closures', managerId, {
      name: 'Inventory count',
      date: '2026-11-25',
      kind: 'short',
      opens: '09:00',
      closes: '12:00',
      showrooms: ['waretown'],
    });
    expect(saved.status).toBe(303);
    const showroom = readable(byId((await request(site.app).get('/showroom').expect(200)).text, 'locations'));
    const waretown = showroom.slice(showroom.indexOf('Waretown Showroom'), showroom.indexOf('Directions', showroom.indexOf('Waretown Showroom')));
    expect(waretown).toContain('Inventory count');
    expect(waretown).toContain('9AM-12PM');
    const bayville = showroom.slice(showroom.indexOf('Bayville Showroom'), showroom.indexOf('Directions', showroom.indexOf('Bayville Showroom')));
    expect(bayville).not.toContain('Inventory count');
  });

  test("another instance's change shows within a second: the database's revision is followed", async () => {
    const current = await siteContentRepository.read();
    // Written as another instance would: this process's write counter is not what the pages follow.
    await siteContentRepository.write(current, { ...current, holidays: current.holidays.filter((holiday) => holiday.name !== 'Staff training day') }, clock.now());
    clock.advance(1.5 * SECOND);
    expect(await publicText('/contact')).toContain("We're open now");
  });
});

describe('the site notice', () => {
  test('appears at its start and disappears at its end, on every public page', async () => {
    const saved = await post('/staff/notice', managerId, {
      text: 'Closed early today for the storm: we reopen tomorrow at 9.',
      link: '/contact',
      start: '2026-11-23T12:00',
      end: '2026-11-23T14:00',
    });
    expect(saved.status).toBe(303);
    const banner = (html: string) => html.match(/<section aria-label="Notice"[\s\S]*?<\/section>/)?.[0];
    expect(banner((await request(site.app).get('/').expect(200)).text)).toBeUndefined();

    clock.set(newJersey('2026-11-23T12:00:00'));
    for (const path of ['/', '/inventory', '/contact']) {
      const shown = banner((await request(site.app).get(path).expect(200)).text);
      expect(shown).toContain('Closed early today for the storm');
      expect(shown).toContain('href="/contact"');
    }
    clock.set(newJersey('2026-11-23T14:00:00'));
    expect(banner((await request(site.app).get('/').expect(200)).text)).toBeUndefined();
    clock.set(newJersey('2026-11-23T10:00:00'));
  });
});

describe('bad input', () => {
  test('is refused beside the field and saves nothing', async () => {
    const at = await revision();
    const endBeforeStart = await post('/staff/promotions', managerId, {
      title: 'Backwards',
      text: 'Ends before it starts.',
      start: '2026-12-10',
      end: '2026-12-01',
      places: 'home',
    });
    expect(endBeforeStart.status).toBe(400);
    expect(fieldError(endBeforeStart.text, 'promotion-end-error')).toContain('start must not be after end');
    expect(endBeforeStart.text).toMatch(/id="promotion-end"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="promotion-end"/);
    // What was typed comes back in the form.
    expect(endBeforeStart.text).toContain('value="Backwards"');

    const badDate = await post('/staff/promotions', managerId, { title: 'Odd', text: 'A date that is not one.', start: '2026-13-45', end: '2026-12-01', places: 'home' });
    expect(badDate.status).toBe(400);
    expect(fieldError(badDate.text, 'promotion-start-error')).toContain('must be a date written YYYY-MM-DD');

    const tooLong = await post('/staff/notice', managerId, { text: 'x'.repeat(201), link: '', start: '2026-11-23T12:00', end: '2026-11-23T14:00' });
    expect(tooLong.status).toBe(400);
    expect(fieldError(tooLong.text, 'notice-text-error')).toContain('at most 200 characters');

    const badLink = await post('/staff/notice', managerId, { text: 'Fine text.', link: 'https://elsewhere.example', start: '2026-11-23T12:00', end: '2026-11-23T11:00' });
    expect(badLink.status).toBe(400);
    expect(fieldError(badLink.text, 'notice-link-error')).toContain('path on this site');
    expect(fieldError(badLink.text, 'notice-end-error')).toContain('later than the start');

    const halfHours = await post('/staff/closures', managerId, { name: 'Half', date: '2026-12-01', kind: 'short', opens: '13:00', closes: '09:00' });
    expect(halfHours.status).toBe(400);
    expect(fieldError(halfHours.text, 'closure-closes-error')).toContain('opens must be earlier than closes');

    expect(await revision()).toBe(at);
    expect(readable((await staffPage('/staff/promotions', managerId)).text)).not.toContain('Backwards');
  });
});

describe('a sales account', () => {
  test('reads the pages without the forms, and its post is refused with access.denied in the audit log', async () => {
    const page = await staffPage('/staff/promotions', salesId);
    expect(readable(page.text)).toContain('Trade-In Week');
    expect(page.text).not.toContain('name="title"');
    const at = await revision();
    const refused = await post('/staff/promotions', salesId, { title: 'Sneaky', text: 'Not allowed.', start: '2026-11-24', end: '2026-11-30', places: 'home' });
    expect(refused.status).toBe(403);
    expect(await revision()).toBe(at);
    const denied = await auditDetails('access.denied');
    expect(denied).toContainEqual({ staffId: salesId, details: { permission: 'manage-promotions', change: 'promotion' } });
  });
});

describe('the audit log', () => {
  test('names each change, who made it, and the entry before and after', async () => {
    const promotions = await auditDetails('promotion.changed');
    expect(promotions).toHaveLength(1);
    expect(promotions[0]!.staffId).toBe(managerId);
    expect(promotions[0]!.details.before).toBe('');
    expect(JSON.parse(String(promotions[0]!.details.after))).toMatchObject({ title: 'Trade-In Week', start: '2026-11-24', end: '2026-11-30', places: ['home', 'towns'] });
    const closures = await auditDetails('closure.changed');
    expect(closures.map((event) => event.details.date).sort()).toEqual(['2026-11-23', '2026-11-25']);
    const notices = await auditDetails('site-notice.changed');
    expect(notices).toHaveLength(1);
    expect(JSON.parse(String(notices[0]!.details.after))).toMatchObject({
      text: 'Closed early today for the storm: we reopen tomorrow at 9.',
      start: '2026-11-23T12:00',
    });
  });
});
