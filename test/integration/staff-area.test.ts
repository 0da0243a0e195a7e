import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/**
 * The staff area's door (issue 22, docs/decisions/011-staff-sign-in.md): every address under /staff
 * is answered by the staff controller alone, never kept by any cache, never indexed, and a post
 * from anywhere but the site's own staff pages is refused before it is read.
 */

const site = useTestApp();

function expectStaffHeaders(response: request.Response) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(response.headers['referrer-policy']).toBe('same-origin');
}

/** The audit events of a kind, straight from the collection (the staff audit page is tested on its own). */
async function auditEvents(kind: string) {
  return mongoose.connection.collection('audit_events').find({ kind }).toArray();
}

describe('the staff area', () => {
  it('sends a visitor who is not signed in from /staff to the sign-in page, and remembers where they were going', async () => {
    const response = await request(site.app).get('/staff');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/sign-in?returnTo=%2Fstaff');
    expectStaffHeaders(response);
  });

  it('answers every staff address itself, whatever its case, and never with a public page', async () => {
    const unknown = await request(site.app).get('/staff/no-such-page');
    expect(unknown.status).toBe(404);
    expectStaffHeaders(unknown);
    expect(unknown.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(unknown.text).toContain('There is no staff page at this address.');
    expect(unknown.text).toContain('/views/staff/staff-entry-client.tsx');
    expect(unknown.text).not.toContain('/views/entry-client.tsx');

    const upper = await request(site.app).get('/STAFF/No-Such-Page');
    expect(upper.status).toBe(404);
    expectStaffHeaders(upper);
  });

  it('gives each staff page one address: a trailing slash is redirected away', async () => {
    const response = await request(site.app).get('/staff/');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/staff');
    expectStaffHeaders(response);
  });

  it('refuses methods other than GET, HEAD and POST', async () => {
    const response = await request(site.app).delete('/staff');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expectStaffHeaders(response);
  });

  it('refuses a post from another origin, or naming none, before reading it, and records the refusal', async () => {
    const before = (await auditEvents('request.refused')).length;
    const crossSite = await request(site.app).post('/staff/sign-out').set('Origin', 'https://attacker.example').type('form').send({ formToken: 'x' });
    expect(crossSite.status).toBe(403);
    expectStaffHeaders(crossSite);
    // A Referer alone does not do for a staff post (the public contact form accepts one).
    const noOrigin = await request(site.app).post('/staff/sign-out').set('Referer', `${site.env.PUBLIC_ORIGIN}/staff`).type('form').send({ formToken: 'x' });
    expect(noOrigin.status).toBe(403);
    const events = await auditEvents('request.refused');
    expect(events.length - before).toBe(2);
    expect(events.at(-1)).toMatchObject({ actor: { type: 'anonymous' }, details: { reason: 'cross-origin' } });
  });

  it('refuses a staff post that is not a plain form', async () => {
    const response = await request(site.app).post('/staff/sign-out').set('Origin', site.env.PUBLIC_ORIGIN).type('json').send({ formToken: 'x' });
    expect(response.status).toBe(415);
  });

  it('sends a same-origin post without a session to the sign-in page, changing nothing', async () => {
    const response = await request(site.app).post('/staff/sign-out').set('Origin', site.env.PUBLIC_ORIGIN).type('form').send({});
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/sign-in?returnTo=%2Fstaff%2Fsign-out');
  });

  it('clears a session cookie that names no session', async () => {
    const response = await request(site.app)
      .get('/staff')
      .set('Cookie', `staff-session=${'A'.repeat(43)}`);
    expect(response.status).toBe(303);
    expect(String(response.headers['set-cookie'])).toMatch(/staff-session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('keeps crawlers out: robots.txt disallows /staff and the sitemap lists no staff address', async () => {
    const robots = await request(site.app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /staff\n');
    const sitemap = await request(site.app).get('/sitemap.xml').buffer(true);
    expect(String(sitemap.text ?? sitemap.body)).not.toMatch(/\/staff(<|\/)/);
  });
});
