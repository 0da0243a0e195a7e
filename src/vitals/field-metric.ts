import type { Metric } from 'web-vitals';

// The wire format of POST /api/vitals, shared by the browser's reporter and the server's schema.
// No zod and no web-vitals code here: the browser loads this with the reporter, lazily.

export const VITALS_ENDPOINT = '/api/vitals';

/** The metrics reported from the field: the three Core Web Vitals plus TTFB and FCP. */
export const FIELD_METRIC_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const satisfies readonly Metric['name'][];

export const METRIC_RATINGS = ['good', 'needs-improvement', 'poor'] as const satisfies readonly Metric['rating'][];

export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const satisfies readonly Metric['navigationType'][];

/** One page load reports five metrics; a beacon carries at most this many. */
export const MAX_METRICS_PER_REPORT = 10;

/** The route a page answered with 404 is reported as, whichever route pattern matched its URL. */
export const NOT_FOUND_ROUTE = 'not-found-page';

/**
 * One measurement as sent: what web-vitals measured and the page type it was measured on (the
 * route id, such as 'model-page'), never the URL.
 */
export interface FieldMetric {
  name: (typeof FIELD_METRIC_NAMES)[number];
  value: number;
  rating: (typeof METRIC_RATINGS)[number];
  delta: number;
  /** web-vitals' id of this metric instance on this page load (random; a metric reported again keeps it). */
  id: string;
  navigationType: (typeof NAVIGATION_TYPES)[number];
  route: string;
}

export interface VitalsReport {
  metrics: FieldMetric[];
  /** The vehicle pages seen since the last report, by path (src/vitals/vehicle-page-views.ts). */
  views?: string[];
}
