import mongoose from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createActiveStaff, openStaffSession, pageFormToken } from '../support/staff-session';
import { useTestApp } from '../support/test-app';

/**
 * Forgery (docs/decisions/011-staff-sign-in.md, "Forgery"; ASVS 3.4.2, 3.5.1, 3.5.3): a staff post
 * is accepted only from the site's own pages (Origin or Sec-Fetch-Site, no Referer fallback) and,
 * with a session, only with that session's form token; GET never changes anything; no answer
 * carries a CORS header. Each refusal is an audit event.
 */

const site = useTestApp();

async function refusals(reason: string) {
  return mongoose.connection.collection('audit_events').countDocuments({ kind: 'request.refused', 'details.reason': reason });
}

/** A signed-in person and the form token their staff home page carries. */
async function signedIn() {
  const person = await createActiveStaff({ role: 'owner', now: new Date() });
  const session = await openStaffSession(person.id, new Date());
  const home = await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
  return { person, session, formToken: pageFormToken(home.text) };
}

describe('a staff post from anywhere but the staff pages', () => {
  it('is refused from another origin with 403, changes nothing and is recorded, even with a valid session and form token', async () => {
    const { session, formToken } = await signedIn();
    const before = await refusals('cross-origin');
    const response = await request(site.app)
      .post('/staff/sign-out')
      .set('Cookie', session.cookie)
      .set('Origin', 'https://attacker.example')
      .type('form')
      .send({ formToken });
    expect(response.status).toBe(403);
    expect(await refusals('cross-origin')).toBe(before + 1);
    // Still signed in: the sign-out never ran.
    await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
  });

  it('is refused when the browser says it comes from another site, whatever the Origin header says', async () => {
    const { session, formToken } = await signedIn();
    const response = await request(site.app)
      .post('/staff/sign-out')
      .set('Cookie', session.cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .type('form')
      .send({ formToken });
    expect(response.status).toBe(403);
    await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
  });

  it('is refused with a missing, wrong or another session’s form token, and recorded', async () => {
    const { session } = await signedIn();
    const other = await signedIn();
    const before = await refusals('form-token');
    for (const form of [{}, { formToken: 'not-a-token' }, { formToken: other.formToken }]) {
      const response = await request(site.app).post('/staff/sign-out').set('Cookie', session.cookie).set('Origin', site.env.PUBLIC_ORIGIN).type('form').send(form);
      expect(response.status).toBe(403);
    }
    expect(await refusals('form-token')).toBe(before + 3);
    await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
  });

  it('is accepted from the staff pages with the session’s own token: the session ends on the server', async () => {
    const { session, formToken } = await signedIn();
    const response = await request(site.app).post('/staff/sign-out').set('Cookie', session.cookie).set('Sec-Fetch-Site', 'same-origin').type('form').send({ formToken });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/staff/sign-in');
    const after = await request(site.app).get('/staff').set('Cookie', session.cookie);
    expect(after.status).toBe(303);
    expect(after.headers.location).toMatch(/^\/staff\/sign-in\?returnTo=/);
  });
});

describe('safe methods', () => {
  it('never sign out on GET: the address answers 405 and the session stays', async () => {
    const { session } = await signedIn();
    const response = await request(site.app).get('/staff/sign-out').set('Cookie', session.cookie);
    expect(response.status).toBe(405);
    await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
  });
});

describe('cross-origin reads', () => {
  it('get no CORS header on any staff answer, the browser router’s JSON answers included', async () => {
    const { session } = await signedIn();
    for (const headers of [{}, { 'X-Staff-Route': 'staff-layout' }]) {
      const response = await request(site.app).get('/staff').set('Cookie', session.cookie).set('Origin', 'https://attacker.example').set(headers);
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});
