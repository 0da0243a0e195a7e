import type { LCPMetric } from 'web-vitals';
import { describe, expect, test } from 'vitest';
import type { FieldMetric } from './field-metric';
import { createMetricQueue, fieldMetric, routeOf } from './report-web-vitals';
import { LCP_MEASUREMENT } from '../../test/support/fixtures';

// What web-vitals hands over: the measurement with the page's URL and its performance entries.
const { route: _route, ...measurement } = LCP_MEASUREMENT;
const measured = {
  ...measurement,
  navigationId: 1,
  navigationURL: 'https://www.example.com/vehicles/denago-ev-city?utm_source=mail&email=jane.doe@example.com',
  entries: [],
} as unknown as LCPMetric;

const metric = (overrides: Partial<FieldMetric>): FieldMetric => ({
  name: 'CLS',
  value: 0.02,
  rating: 'good',
  delta: 0.02,
  id: 'v6-1767225600000-1000000000001',
  navigationType: 'navigate',
  route: 'home-page',
  ...overrides,
});

describe('what the browser sends of a measurement', () => {
  test('the figures and the page type, never the URL or the performance entries', () => {
    expect(fieldMetric(measured, 'model-page')).toEqual(LCP_MEASUREMENT);
  });

  test('a page load’s metrics count for the page it was loaded as, even after moving on in the site', () => {
    const routes = { landing: 'home-page', current: () => 'inventory-page' };
    expect(routeOf({ navigationType: 'navigate' }, routes)).toBe('home-page');
    expect(routeOf({ navigationType: 'reload' }, routes)).toBe('home-page');
  });

  test('a page restored from the back/forward cache counts for the page it shows', () => {
    expect(routeOf({ navigationType: 'back-forward-cache' }, { landing: 'home-page', current: () => 'inventory-page' })).toBe('inventory-page');
  });
});

describe('the queue of measurements waiting for the page to be hidden', () => {
  test('sends nothing until flushed, then everything once', () => {
    const sent: string[] = [];
    const queue = createMetricQueue((body) => sent.push(body));
    queue.add(metric({ name: 'TTFB', value: 210, delta: 210, id: 'v6-1-1' }));
    queue.add(metric({ name: 'FCP', value: 900, delta: 900, id: 'v6-1-2' }));
    expect(sent).toEqual([]);
    queue.flush();
    expect(sent.map((body) => JSON.parse(body))).toEqual([
      { metrics: [metric({ name: 'TTFB', value: 210, delta: 210, id: 'v6-1-1' }), metric({ name: 'FCP', value: 900, delta: 900, id: 'v6-1-2' })] },
    ]);
    queue.flush();
    expect(sent).toHaveLength(1);
  });

  test('a metric reported twice before a flush goes once, with its latest value and the whole change', () => {
    const sent: string[] = [];
    const queue = createMetricQueue((body) => sent.push(body));
    queue.add(metric({ value: 0.02, delta: 0.02 }));
    queue.add(metric({ value: 0.05, delta: 0.03, rating: 'good' }));
    queue.flush();
    const [report] = sent.map((body) => JSON.parse(body) as { metrics: FieldMetric[] });
    expect(report?.metrics).toHaveLength(1);
    expect(report?.metrics[0]?.value).toBe(0.05);
    expect(report?.metrics[0]?.delta).toBeCloseTo(0.05);
  });

  test('splits a long queue into beacons of at most ten metrics', () => {
    const sent: string[] = [];
    const queue = createMetricQueue((body) => sent.push(body));
    for (let index = 0; index < 23; index += 1) queue.add(metric({ id: `v6-1-${index}` }));
    queue.flush();
    expect(sent.map((body) => (JSON.parse(body) as { metrics: unknown[] }).metrics.length)).toEqual([10, 10, 3]);
  });
});
