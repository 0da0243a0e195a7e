import { z } from 'zod';
import { FIELD_METRIC_NAMES, MAX_METRICS_PER_REPORT, METRIC_RATINGS, NAVIGATION_TYPES, type VitalsReport } from './field-metric';
import { MAX_VIEWS_PER_REPORT, VEHICLE_PAGE_PATH } from './vehicle-page-views';

/** A timing no real page load reaches (ten minutes): anything beyond is not a measurement. */
export const MAX_TIMING_MS = 600_000;
/** Layout shift scores are unitless; a page's CLS is far below this even when it is very poor. */
export const MAX_LAYOUT_SHIFT = 100;

// web-vitals' ids: 'v6-' then the page load's timestamp and a random 13-digit number.
const METRIC_ID = /^v\d{1,2}-\d{1,16}-\d{1,16}$/;

function measurement(names: readonly (typeof FIELD_METRIC_NAMES)[number][], max: number, routeIds: readonly [string, ...string[]]) {
  return z.strictObject({
    name: z.enum(names),
    value: z.number().min(0).max(max),
    rating: z.enum(METRIC_RATINGS),
    // A metric reported again sends the change since its last report; INP's can be negative.
    delta: z.number().min(-max).max(max),
    id: z.string().max(40).regex(METRIC_ID),
    navigationType: z.enum(NAVIGATION_TYPES),
    route: z.enum(routeIds),
  });
}

/**
 * What POST /api/vitals accepts: a batch of up to MAX_METRICS_PER_REPORT measurements and vehicle page views (at least one of either), each with
 * a known metric name, finite values in a plausible range, and a known page route. Unknown fields
 * are refused, so nothing else (a URL, a user agent) can ride along into the log.
 */
export function vitalsReportSchema(routeIds: readonly string[]) {
  const [first, ...rest] = routeIds;
  if (first === undefined) throw new Error('vitalsReportSchema needs at least one route id');
  const routes: [string, ...string[]] = [first, ...rest];
  const metric = z.discriminatedUnion('name', [measurement(['CLS'], MAX_LAYOUT_SHIFT, routes), measurement(['FCP', 'INP', 'LCP', 'TTFB'], MAX_TIMING_MS, routes)]);
  return z
    .strictObject({
      metrics: z.array(metric).max(MAX_METRICS_PER_REPORT),
      views: z.array(z.string().regex(VEHICLE_PAGE_PATH)).min(1).max(MAX_VIEWS_PER_REPORT).optional(),
    })
    .refine((report) => report.metrics.length > 0 || report.views !== undefined, 'a report holds a metric or a page view') satisfies z.ZodType<VitalsReport>;
}
