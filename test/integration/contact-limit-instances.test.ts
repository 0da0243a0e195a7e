import mongoose from 'mongoose';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { InquiryCollection } from '../../models/inquiry.model';
import { VALID_INQUIRY as valid } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

// A dealer running two instances behind a load balancer: the contact form's limit (5 per address
// per 10 minutes) must hold whichever instance each inquiry reaches (issue 25: 8 of 8 accepted).

let sites: TestApp[] = [];

afterEach(async () => {
  // The first app owns the database: the second's close() leaves it alone.
  for (const site of sites.reverse()) await site.close();
  sites = [];
});

async function twoInstances(clock = testClock()) {
  const a = await startTestApp({ CONTACT_RATE_LIMIT: 5, CONTACT_RATE_WINDOW_SECONDS: 600 }, { clock: clock.now });
  sites.push(a);
  const b = await startTestApp({ CONTACT_RATE_LIMIT: 5, CONTACT_RATE_WINDOW_SECONDS: 600 }, { clock: clock.now, database: a.database });
  sites.push(b);
  return { a, b, clock };
}

const postJson = (site: TestApp) => request(site.app).post('/api/contact').send(valid);
const postForm = (site: TestApp) => request(site.app).post('/contact').type('form').set('Origin', 'http://localhost:3000').send(valid);

describe('the contact limit across instances', () => {
  test('two instances on one database accept 5 inquiries from one address and refuse the 6th on either', async () => {
    const { a, b } = await twoInstances();
    await postJson(a).expect(201);
    await postJson(b).expect(201);
    await postForm(a).expect(303);
    await postForm(b).expect(303);
    await postJson(a).expect(201);
    const refused = await postJson(b).expect(429);
    expect(refused.body.error).toBe('Too many messages from your address. Please try again later, or call us.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    await postJson(a).expect(429);
    await postForm(b).expect(429);
    expect(await InquiryCollection.countDocuments()).toBe(5);
  });

  test('ten inquiries sent at once over both instances: exactly five are stored', async () => {
    const { a, b } = await twoInstances();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => postJson(index % 2 === 0 ? a : b)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(await InquiryCollection.countDocuments()).toBe(5);
  });

  test('once the window has passed, the address may send again, and the ended window is deleted', async () => {
    const { a, b, clock } = await twoInstances();
    for (let index = 0; index < 5; index += 1) await postJson(index % 2 === 0 ? a : b).expect(201);
    await postJson(a).expect(429);
    clock.advance(600_000);
    await postJson(b).expect(201);
    // The embedded store never applies the TTL index: the site deletes ended windows itself.
    await vi.waitFor(async () => expect(await mongoose.connection.collection('contact_limits').countDocuments()).toBe(1));
  });

  test('the database keeps no client address, only a keyed hash of it', async () => {
    const { a } = await twoInstances();
    await postJson(a).expect(201);
    const windows = await mongoose.connection.collection('contact_limits').find({}).toArray();
    expect(windows).toHaveLength(1);
    const stored = JSON.stringify(windows);
    expect(stored).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
    expect(String(windows[0]!._id)).toMatch(/^[0-9a-f]{64}:\d+$/);
    // On MongoDB an ended window is deleted by its TTL index.
    const indexes = await mongoose.connection.collection('contact_limits').indexes();
    expect(indexes).toContainEqual(expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }));
  });
});
