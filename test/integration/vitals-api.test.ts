import request from 'supertest';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestApp, useTestApp, type TestApp } from '../support/test-app';
import { LCP_MEASUREMENT, VALID_INQUIRY } from '../support/fixtures';

// Every line the app logs, as the JSON pino writes: the test app's logger, made to keep its lines.
const logged = vi.hoisted(() => [] as string[]);
vi.mock('../../src/logging/logger.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/logging/logger.server')>();
  const { pino } = await import('pino');
  return {
    ...actual,
    createLogger: () => pino({ level: 'info', base: { service: 'shore-golf-carts' } }, { write: (line: string) => void logged.push(line) }),
  };
});

const ORIGIN = 'http://localhost:3000';

const lcp = LCP_MEASUREMENT;
const cls = { ...lcp, name: 'CLS', value: 0.031, delta: 0.031, id: 'v6-1767225600000-8120394857123' };

/** A report as navigator.sendBeacon sends a string: text/plain with the charset, from our own page. */
const beacon = (app: TestApp['app'], body: string) => request(app).post('/api/vitals').set('Content-Type', 'text/plain;charset=UTF-8').set('Origin', ORIGIN).send(body);

const report = (metrics: object[]) => JSON.stringify({ metrics });

const vitalLines = () => logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'web-vital');

describe('POST /api/vitals', () => {
  const site = useTestApp();

  beforeEach(() => {
    logged.length = 0;
  });

  test('accepts a page load’s metrics with 204 and logs one line per metric', async () => {
    const answer = await beacon(site.app, report([lcp, cls])).expect(204);
    expect(answer.text).toBe('');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(vitalLines().map(({ metric, value, rating, route }) => ({ metric, value, rating, route }))).toEqual([
      { metric: 'LCP', value: 1834.2, rating: 'good', route: 'model-page' },
      { metric: 'CLS', value: 0.031, rating: 'good', route: 'model-page' },
    ]);
  });

  test('the log line carries the figures and the page type only: no address, user agent, page URL or request id', async () => {
    await beacon(site.app, report([lcp]))
      .set('User-Agent', 'Mozilla/5.0 (VisitorPhone) Safari/605.1.15')
      .set('Referer', `${ORIGIN}/vehicles/denago-ev-city?email=jane.doe%40example.com`)
      .set('X-Forwarded-For', '203.0.113.10')
      .expect(204);
    const [line] = vitalLines();
    expect(Object.keys(line ?? {}).sort()).toEqual(['delta', 'id', 'level', 'metric', 'msg', 'navigationType', 'rating', 'route', 'service', 'time', 'value'].sort());
    expect(line).toMatchObject({
      level: 30,
      msg: 'web-vital',
      metric: 'LCP',
      value: 1834.2,
      delta: 1834.2,
      rating: 'good',
      navigationType: 'navigate',
      route: 'model-page',
      id: lcp.id,
    });
    // Nor does any other line the request produced.
    const everything = logged.join('\n');
    for (const secret of ['VisitorPhone', 'jane.doe', 'denago-ev-city', '203.0.113.10', '127.0.0.1', '::1']) expect(everything).not.toContain(secret);
  });

  test('accepts text/plain without a charset, as a fetch with a string body may send it', async () => {
    await request(site.app)
      .post('/api/vitals')
      .set('Content-Type', 'text/plain')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(report([lcp]))
      .expect(204);
  });

  const refused: Array<[string, string]> = [
    ['a body that is not JSON', 'LCP=1834'],
    ['an empty body', ''],
    ['a list of metrics instead of a report', JSON.stringify([lcp])],
    ['an empty batch', report([])],
    ['more than ten metrics', report(Array.from({ length: 11 }, () => lcp))],
    ['an unknown metric name', report([{ ...lcp, name: 'FID' }])],
    ['an infinite value', report([lcp]).replace('"value":1834.2', '"value":1e999')],
    ['a value as text', report([{ ...lcp, value: '1834.2' }])],
    ['a negative timing', report([{ ...lcp, value: -5 }])],
    ['a timing over ten minutes', report([{ ...lcp, value: 600_001, delta: 600_001 }])],
    ['a layout shift over 100', report([{ ...cls, value: 250, delta: 250 }])],
    ['an unknown rating', report([{ ...lcp, rating: 'great' }])],
    ['an unknown navigation type', report([{ ...lcp, navigationType: 'prefetch' }])],
    ['a route that is not a page type', report([{ ...lcp, route: 'admin-page' }])],
    ['a URL as the route', report([{ ...lcp, route: '/vehicles/denago-ev-city?email=jane.doe@example.com' }])],
    ['an id that is not web-vitals’', report([{ ...lcp, id: 'jane.doe@example.com' }])],
    ['an extra field', report([{ ...lcp, url: `${ORIGIN}/contact?message=hello` }])],
    ['a missing field', report([{ ...lcp, route: undefined }])],
  ];
  for (const [what, body] of refused) {
    test(`refuses ${what} with 400 and logs no metric`, async () => {
      const answer = await beacon(site.app, body).expect(400).expect('Content-Type', /json/);
      expect(answer.body.error).toEqual(expect.any(String));
      expect(vitalLines()).toEqual([]);
    });
  }

  test('refuses a body over 4 KB with 413', async () => {
    const answer = await beacon(site.app, report([{ ...lcp, id: 'x'.repeat(5000) }])).expect(413);
    expect(answer.body.error).toBe('The request body is too large.');
    expect(vitalLines()).toEqual([]);
  });

  test('refuses JSON and form bodies with 415: the beacon sends text/plain', async () => {
    const json = await request(site.app)
      .post('/api/vitals')
      .set('Origin', ORIGIN)
      .send({ metrics: [lcp] })
      .expect(415);
    expect(json.body.error).toBe('Send the report as text/plain.');
    await request(site.app).post('/api/vitals').type('form').set('Origin', ORIGIN).send('name=LCP&value=1834').expect(415);
    expect(vitalLines()).toEqual([]);
  });

  test('refuses a report another site’s page sends (its Origin) with 403', async () => {
    const answer = await beacon(site.app, report([lcp]))
      .set('Origin', 'https://elsewhere.example')
      .expect(403);
    expect(answer.body.error).toEqual(expect.any(String));
    await beacon(site.app, report([lcp]))
      .unset('Origin')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    await beacon(site.app, report([lcp]))
      .unset('Origin')
      .expect(403);
    expect(vitalLines()).toEqual([]);
  });

  test('takes a report from the address the site was reached on, not only PUBLIC_ORIGIN: the same rule as the contact form', async () => {
    await beacon(site.app, report([lcp]))
      .unset('Origin')
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(204);
  });

  test('answers other methods with 405 and Allow: POST', async () => {
    const answer = await request(site.app).get('/api/vitals').expect(405);
    expect(answer.headers.allow).toBe('POST');
  });
});

describe('the /api/vitals rate limit', () => {
  let site: TestApp | undefined;

  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  test('by default, after 60 reports in a minute a client address gets 429 and nothing more is logged', async () => {
    site = await startTestApp();
    for (let index = 0; index < 60; index += 1) await beacon(site.app, report([lcp])).expect(204);
    logged.length = 0;
    const answer = await beacon(site.app, report([lcp]))
      .expect(429)
      .expect('Content-Type', /json/);
    expect(answer.body.error).toBe('Too many reports from your address. Please try again later.');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(vitalLines()).toEqual([]);
    // The contact form keeps its own allowance.
    await request(site.app).post('/api/contact').send(VALID_INQUIRY).expect(201);
  });

  test('VITALS_RATE_LIMIT sets the allowance; behind a proxy each visitor address has its own', async () => {
    site = await startTestApp({ VITALS_RATE_LIMIT: 2, TRUST_PROXY: '1' });
    const from = (address: string) => beacon(site!.app, report([lcp])).set('X-Forwarded-For', address);
    await from('203.0.113.10').expect(204);
    await from('203.0.113.10').expect(204);
    await from('203.0.113.10').expect(429);
    await from('198.51.100.7').expect(204);
  });
});
