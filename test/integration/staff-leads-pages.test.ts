import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';

/**
 * The leads inbox's pages without JavaScript (issue 23): what a person on a phone with scripts off
 * gets from /staff/leads and /staff/leads/:id, and the forms that answer a lead, as plain HTML and
 * form posts. The rules behind them (overdue, who may change what) are the service's own tests.
 */

const ORIGIN = 'http://localhost:3000';
// Tuesday 24 November 2026, 10:00 in New Jersey: the phones are answered (9:00-17:00).
const START = new Date('2026-11-24T15:00:00.000Z');
const MINUTE = 60_000;
const clock = testClock(START);
const site = useTestApp({ CONTACT_RATE_LIMIT: 10_000 }, { clock: clock.now });

let sam: { id: string; name: string };
let samSession: TestStaffSession;
let bo: { id: string; name: string };
let manager: { id: string; name: string };
let managerSession: TestStaffSession;

const get = (path: string, session: TestStaffSession) => request(site.app).get(path).set('Cookie', session.cookie);

/** A staff form post as a browser without JavaScript sends it (same origin, the page's form token), answered with `status`. */
async function post(path: string, session: TestStaffSession, fields: Record<string, string>, status: number) {
  const page = await get(path, session).expect(200);
  return request(site.app)
    .post(path)
    .set('Cookie', session.cookie)
    .set('Origin', ORIGIN)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields })
    .expect(status);
}

/** A shopper's inquiry through the public contact form, without JavaScript. */
async function sendInquiry(fields: Record<string, string>) {
  await request(site.app)
    .post('/contact')
    .type('form')
    .set('Origin', ORIGIN)
    .send({ interest: 'sales', phone: '(609) 555-0142', landingPage: '/contact', utmSource: 'newsletter', ...fields })
    .expect(303);
}

/** The lead page links of an inbox page, in the list's order, with the names they show. */
function listed(html: string): { href: string; name: string }[] {
  const list = html.slice(html.indexOf('aria-label="Inquiries, page'));
  return [...list.matchAll(/<a[^>]*href="(\/staff\/leads\/[0-9a-f-]{36})"[^>]*>([^<]+)<\/a>/g)].map((match) => ({ href: match[1]!, name: match[2]! }));
}

const text = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('&quot;', '"');

beforeAll(async () => {
  sam = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' });
  bo = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Bo Sales' });
  manager = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' });
  samSession = await openStaffSession(sam.id, clock.now());
  managerSession = await openStaffSession(manager.id, clock.now());
});

describe('the leads inbox without JavaScript', () => {
  let leadPath = '';

  it('lists a new inquiry with what it is about, when it came and how long it has waited', async () => {
    await sendInquiry({
      firstName: 'Pat',
      lastName: 'Doe',
      email: 'pat.doe@example.com',
      message: 'Is the blue four-seater still in stock?\nCould I see it on Saturday?',
    });
    clock.advance(14 * MINUTE);
    samSession = await openStaffSession(sam.id, clock.now());
    const inbox = await get('/staff/leads', samSession).expect(200);
    expect(inbox.headers['cache-control']).toBe('no-store');
    const [pat] = listed(inbox.text);
    expect(pat?.name).toBe('Pat Doe');
    leadPath = pat!.href;
    const row = text(inbox.text.slice(inbox.text.indexOf(leadPath)));
    expect(row).toMatch(/>New</);
    expect(row).toContain('>14 min ago</time>');
    expect(row).toContain(`<time dateTime="${START.toISOString()}" title="Nov 24, 10:00 AM EST"`);
    expect(row).toContain('Waiting <strong>14 min</strong>');
    expect(row).toContain('Unassigned');
    // The dashboard line and the new count.
    expect(text(inbox.text)).toContain('1 new inquiry');
    expect(inbox.text).toMatch(/Leads this week<\/dt><dd[^>]*>1<\/dd>/);
  });

  it('filters by status, assignee and a search, all in the address, and keeps the filter in the exports', async () => {
    await sendInquiry({ firstName: 'Lee', lastName: 'Roe', email: 'lee.roe@example.com', message: 'Do you rent six-seaters by the week in July?' });
    const names = async (query: string) => listed((await get(`/staff/leads?${query}`, samSession).expect(200)).text).map((lead) => lead.name);
    expect(await names('q=pat')).toEqual(['Pat Doe']);
    expect(await names('q=lee.roe%40example.com')).toEqual(['Lee Roe']);
    expect((await names('status=new')).sort()).toEqual(['Lee Roe', 'Pat Doe']);
    expect(await names('status=won')).toEqual([]);
    expect((await names('assignee=unassigned')).sort()).toEqual(['Lee Roe', 'Pat Doe']);
    expect(await names('assignee=mine')).toEqual([]);
    const filtered = await get('/staff/leads?q=pat&status=new', samSession).expect(200);
    expect(filtered.text).toContain('href="/staff/leads/export.csv?q=pat&amp;status=new"');
    expect(filtered.text).toContain('href="/staff/leads/export.xml?q=pat&amp;status=new"');
    expect(filtered.text).toMatch(/<input[^>]*name="q"[^>]*value="pat"/);
  });

  it('shows the lead: the message as typed, a call link and a reply already addressed to the shopper', async () => {
    const page = await get(leadPath, samSession).expect(200);
    const html = text(page.text);
    expect(html).toContain('Is the blue four-seater still in stock?\nCould I see it on Saturday?');
    expect(html).toContain('href="tel:+16095550142"');
    const mailto = /href="(mailto:[^"]+)"/.exec(html)?.[1];
    const reply = new URL(mailto!);
    expect(reply.pathname).toBe('pat.doe@example.com');
    expect(reply.searchParams.get('subject')).toBe('Your inquiry to Shore Golf Carts');
    expect(reply.searchParams.get('body')).toContain('> Could I see it on Saturday?');
    // Its lead source, as the form recorded it.
    expect(html).toContain('newsletter');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Mark contacted<\/button>/);
  });

  it('marks it contacted in one form post, and the lead then shows its first response', async () => {
    clock.advance(MINUTE);
    samSession = await openStaffSession(sam.id, clock.now());
    const answer = await post(leadPath, samSession, { intent: 'contacted' }, 303);
    expect(answer.headers.location).toBe(`${leadPath}?done=contacted`);
    const page = text((await get(answer.headers.location as string, samSession).expect(200)).text);
    expect(page).toContain('Marked contacted.');
    expect(page).not.toMatch(/>Mark contacted<\/button>/);
    expect(page).toMatch(/First response in <strong[^>]*>15 min<\/strong> of business hours, by (<!-- -->)?Sam Sales/);
    expect(page).toContain('Sam Sales changed the status from New to Contacted');
    expect(page).toContain('Sam Sales took it');
    const inbox = text((await get('/staff/leads?status=contacted', samSession).expect(200)).text);
    expect(listed(inbox).map((lead) => lead.name)).toEqual(['Pat Doe']);
    expect(inbox).toMatch(/First response in <strong[^>]*>15 min<\/strong>/);
  });

  it('adds a note, and a note left empty is refused beside its form', async () => {
    const added = await post(leadPath, samSession, { intent: 'note', note: 'Called back, coming Saturday at 10.' }, 303);
    expect(text((await get(added.headers.location as string, samSession)).text)).toContain('Called back, coming Saturday at 10.');
    const empty = await post(leadPath, samSession, { intent: 'note', note: '   ' }, 400);
    expect(empty.text).toMatch(/role="alert"[^>]*>Write the note first\.<\/p>/);
  });

  it('a salesperson cannot change a colleague’s lead: no forms, and a forged post is refused with the reason', async () => {
    const [lee] = listed((await get('/staff/leads?q=lee', managerSession).expect(200)).text);
    await post(lee!.href, managerSession, { intent: 'assign', assignee: bo.id }, 303);
    const page = text((await get(lee!.href, samSession).expect(200)).text);
    expect(page).toContain('Bo Sales has this lead');
    expect(page).not.toMatch(/>Mark contacted<\/button>|name="intent" value="status"/);
    const forged = await post(lee!.href, samSession, { intent: 'status', status: 'lost' }, 403);
    // The service's reason, where the page would have shown the form.
    expect(forged.text).toMatch(/role="alert"[^>]*>[^<]+<\/p>/);
    expect(text((await get(lee!.href, managerSession)).text)).toMatch(/>New</);
  });

  it('downloads the filtered list as CSV and ADF XML, never kept by a cache', async () => {
    const csv = await get('/staff/leads/export.csv?q=pat', samSession).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(csv.text).toContain('pat.doe@example.com');
    expect(csv.text).not.toContain('lee.roe@example.com');
    const adf = await get('/staff/leads/export.xml', samSession).expect(200);
    expect(adf.headers['content-type']).toMatch(/xml/);
    expect(adf.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.xml"$/);
    expect(adf.text).toContain('<adf>');
    // Nothing matches: no file (an ADF document without a prospect is not valid), and the reason.
    const none = await get('/staff/leads/export.xml?q=nobody-by-this-name', samSession).expect(404);
    expect(none.text).toContain('No lead matches these filters, so there is nothing to download.');
    // Without a session: sign in first, then back to the same download.
    const signedOut = await request(site.app).get('/staff/leads/export.csv?q=pat').expect(303);
    expect(signedOut.headers.location).toBe(`/staff/sign-in?returnTo=${encodeURIComponent('/staff/leads/export.csv?q=pat')}`);
  });

  it('keeps the assignment setting to managers and owners', async () => {
    await get('/staff/leads/settings', samSession).expect(403);
    const saved = await post('/staff/leads/settings', managerSession, { assignment: 'round-robin' }, 303);
    expect(saved.headers.location).toBe('/staff/leads/settings?done=assignment');
    expect((await get('/staff/leads/settings', managerSession)).text).toMatch(
      /<input[^>]*value="round-robin"[^>]*checked=""|<input[^>]*checked=""[^>]*value="round-robin"/,
    );
  });

  it('answers 404 for a lead that does not exist', async () => {
    await get('/staff/leads/00000000-0000-4000-8000-000000000000', samSession).expect(404);
  });
});
