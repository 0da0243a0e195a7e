import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { InquiryCollection } from '../../models/inquiry.model';
import { startTestApp, type TestApp } from '../support/test-app';
import { VALID_INQUIRY as valid } from '../support/fixtures';

// A visitor who mistypes their e-mail address five times must still reach the dealer on the sixth
// try: only the inquiries the site accepted (stored, to be mailed) use up CONTACT_RATE_LIMIT.

let site: TestApp | undefined;

afterEach(async () => {
  await site?.close();
  site = undefined;
});

const typo = { ...valid, email: 'jane.doe@example' };
const ORIGIN = 'http://localhost:3000';

const postJson = (app: TestApp['app'], body: object) => request(app).post('/api/contact').send(body);
const postForm = (app: TestApp['app'], body: object) => request(app).post('/contact').type('form').set('Origin', ORIGIN).send(body);

describe('the contact rate limit counts accepted inquiries only', () => {
  test('five refused JSON posts (a typo in the e-mail) and then the corrected one is accepted', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 5, CONTACT_RATE_WINDOW_SECONDS: 600 });
    for (let attempt = 0; attempt < 5; attempt += 1) await postJson(site.app, typo).expect(400);
    await postJson(site.app, valid).expect(201);
    expect(await InquiryCollection.countDocuments()).toBe(1);
  });

  test('five refused form posts without JavaScript and then the corrected one is accepted', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 5, CONTACT_RATE_WINDOW_SECONDS: 600 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const page = await postForm(site.app, typo).expect(400);
      expect(page.text).toContain('Invalid email address');
    }
    await postForm(site.app, valid).expect(303);
    expect(await InquiryCollection.countDocuments()).toBe(1);
  });

  test('refused posts mixed in still leave a flood of accepted ones stopped at the limit, on both routes', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 3, CONTACT_RATE_WINDOW_SECONDS: 600 });
    await postJson(site.app, typo).expect(400);
    await postJson(site.app, valid).expect(201);
    await postForm(site.app, typo).expect(400);
    await postForm(site.app, valid).expect(303);
    await postJson(site.app, valid).expect(201);
    await postJson(site.app, valid).expect(429);
    await postForm(site.app, valid).expect(429);
    // A 429 stores nothing either, yet the allowance stays used up.
    await postJson(site.app, valid).expect(429);
    expect(await InquiryCollection.countDocuments()).toBe(3);
  });
});
