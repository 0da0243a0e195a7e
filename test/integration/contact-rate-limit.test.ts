import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { InquiryCollection } from '../../models/inquiry.model';
import { startTestApp, type TestApp } from '../support/test-app';
import { VALID_INQUIRY as valid } from '../support/fixtures';

let site: TestApp | undefined;

afterEach(async () => {
  await site?.close();
  site = undefined;
});

const send = (app: TestApp['app'], forwardedFor?: string) => {
  const post = request(app).post('/api/contact');
  if (forwardedFor) post.set('X-Forwarded-For', forwardedFor);
  return post.send(valid);
};

describe('the contact rate limit', () => {
  test('after CONTACT_RATE_LIMIT submissions in the window, a client address gets 429 with an error', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 3, CONTACT_RATE_WINDOW_SECONDS: 600 });
    for (let index = 0; index < 3; index += 1) await send(site.app).expect(201);
    const refused = await send(site.app).expect(429).expect('Content-Type', /json/);
    expect(refused.body.error).toBe('Too many messages from your address. Please try again later, or call us.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await InquiryCollection.countDocuments()).toBe(3);
  });

  test('the form without JavaScript shares the allowance and keeps what the visitor typed', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 2 });
    await send(site.app).expect(201);
    await request(site.app).post('/contact').type('form').set('Origin', 'http://localhost:3000').send(valid).expect(303);
    const page = await request(site.app).post('/contact').type('form').set('Origin', 'http://localhost:3000').send(valid).expect(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('Too many messages from your address. Please try again later, or call us.');
    expect(page.text).toContain('value="jane.doe@example.com"');
    expect(await InquiryCollection.countDocuments()).toBe(2);
  });

  test('behind a proxy (TRUST_PROXY set) each visitor address has its own allowance', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 2, TRUST_PROXY: '1' });
    await send(site.app, '203.0.113.10').expect(201);
    await send(site.app, '203.0.113.10').expect(201);
    await send(site.app, '203.0.113.10').expect(429);
    await send(site.app, '198.51.100.7').expect(201);
  });

  test('without TRUST_PROXY a forged X-Forwarded-For does not buy more submissions', async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 2 });
    await send(site.app, '203.0.113.10').expect(201);
    await send(site.app, '203.0.113.11').expect(201);
    await send(site.app, '203.0.113.12').expect(429);
  });
});
