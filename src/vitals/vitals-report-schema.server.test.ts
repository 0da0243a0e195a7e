import { describe, expect, test } from 'vitest';
import { routes } from '../../views/routes';
import { pageRouteIds } from '../ssr/page-route-ids.server';
import { vitalsReportSchema } from './vitals-report-schema.server';
import { LCP_MEASUREMENT } from '../../test/support/fixtures';

const schema = vitalsReportSchema(['home-page', 'model-page', 'town-page', 'not-found-page']);

const lcp = LCP_MEASUREMENT;
const cls = { ...lcp, name: 'CLS', value: 0.031, delta: 0.031, id: 'v6-1767225600000-8120394857123' };

const accepts = (metrics: object[]) => schema.safeParse({ metrics }).success;

describe('the web vitals report a browser sends', () => {
  test('accepts a batch of the five field metrics from one page load', () => {
    const batch = [
      { ...lcp, name: 'TTFB', value: 212, delta: 212 },
      { ...lcp, name: 'FCP', value: 1100, delta: 1100 },
      lcp,
      cls,
      { ...lcp, name: 'INP', value: 96, delta: 96, rating: 'good' },
    ];
    expect(schema.parse({ metrics: batch }).metrics).toHaveLength(5);
  });

  test('accepts a later report of the same metric whose INP went down (a negative delta)', () => {
    expect(accepts([{ ...lcp, name: 'INP', value: 180, delta: -40, rating: 'good', navigationType: 'back-forward-cache' }])).toBe(true);
  });

  test('refuses an empty batch, a batch over ten metrics and a body that is not a batch', () => {
    expect(accepts([])).toBe(false);
    expect(accepts(Array.from({ length: 11 }, () => lcp))).toBe(false);
    expect(accepts(Array.from({ length: 10 }, () => lcp))).toBe(true);
    expect(schema.safeParse([lcp]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });

  test('refuses metric names outside LCP, INP, CLS, TTFB and FCP', () => {
    expect(accepts([{ ...lcp, name: 'FID' }])).toBe(false);
    expect(accepts([{ ...lcp, name: 'lcp' }])).toBe(false);
  });

  test('refuses values that are not finite numbers in a plausible range', () => {
    for (const value of [-1, 600_001, Number.POSITIVE_INFINITY, Number.NaN, '1834', null]) {
      expect(accepts([{ ...lcp, value }]), `value ${String(value)}`).toBe(false);
    }
    expect(accepts([{ ...lcp, value: 600_000, delta: 600_000, rating: 'poor' }])).toBe(true);
    expect(accepts([{ ...cls, value: 101, delta: 101 }])).toBe(false);
    expect(accepts([{ ...lcp, delta: 600_001 }])).toBe(false);
  });

  test('refuses unknown ratings and navigation types', () => {
    expect(accepts([{ ...lcp, rating: 'great' }])).toBe(false);
    expect(accepts([{ ...lcp, navigationType: 'prefetch' }])).toBe(false);
  });

  test('refuses a route that is not a page type, such as a URL', () => {
    expect(accepts([{ ...lcp, route: '/vehicles/denago-ev-city?utm_source=mail' }])).toBe(false);
    expect(accepts([{ ...lcp, route: 'admin-page' }])).toBe(false);
    expect(accepts([{ ...lcp, route: 'not-found-page' }])).toBe(true);
  });

  test('refuses ids that are not web-vitals ids', () => {
    expect(accepts([{ ...lcp, id: 'jane.doe@example.com' }])).toBe(false);
    expect(accepts([{ ...lcp, id: `v6-1767225600000-${'1'.repeat(40)}` }])).toBe(false);
  });

  test('refuses any extra field, so a URL or user agent cannot ride along', () => {
    expect(accepts([{ ...lcp, url: 'https://www.example.com/vehicles/denago-ev-city?email=jane.doe@example.com' }])).toBe(false);
    expect(schema.safeParse({ metrics: [lcp], userAgent: 'Mozilla/5.0' }).success).toBe(false);
  });

  test('a metric missing any field is refused', () => {
    for (const field of Object.keys(lcp)) {
      const { [field as keyof typeof lcp]: _left, ...rest } = lcp;
      expect(accepts([rest]), `without ${field}`).toBe(false);
    }
  });
});

describe('the page types a report may name', () => {
  test('are the route table’s pages, not its layout routes', () => {
    const ids = pageRouteIds(routes);
    expect(ids).toEqual(expect.arrayContaining(['home-page', 'inventory-page', 'model-entry-page', 'model-page', 'town-page', 'contact-page', 'not-found-page']));
    expect(ids).not.toContain('root');
    expect(ids).not.toContain('pages');
  });
});
