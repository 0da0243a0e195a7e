import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';
import { MAX_METRICS_PER_REPORT, VITALS_ENDPOINT, type FieldMetric, type VitalsReport } from './field-metric';
import { takeVehiclePageViews } from './vehicle-page-views';

// Loaded lazily after hydration (see web-vitals-reporter.tsx): web-vitals reads buffered
// performance entries, so starting late loses nothing but the page's first load never pays for it.

export interface PageRoutes {
  /** The route id of the page the document was loaded as (the hard navigation's page type). */
  landing: string;
  /** The route id shown now, after any client-side navigation. */
  current: () => string | undefined;
}

/**
 * What is sent of a metric: its figures and the page type, not its performance entries (they name
 * elements and URLs) nor the URL it was measured on.
 */
export function fieldMetric(metric: MetricType, route: string): FieldMetric {
  const { name, value, rating, delta, id, navigationType } = metric;
  return { name, value, rating, delta, id, navigationType, route };
}

/**
 * A page load's metrics belong to the page type it was loaded as, even when CLS or INP is reported
 * after the visitor moved on inside the site; a page restored from the back/forward cache starts
 * new metrics for the page it shows.
 */
export function routeOf(metric: Pick<MetricType, 'navigationType'>, routes: PageRoutes): string {
  return metric.navigationType === 'back-forward-cache' ? (routes.current() ?? routes.landing) : routes.landing;
}

export interface MetricQueue {
  add(metric: FieldMetric): void;
  /** Sends what is waiting, in batches of at most MAX_METRICS_PER_REPORT, and empties the queue. */
  flush(): void;
}

/**
 * Metrics wait here until the page is hidden; one entry per metric instance. The vehicle pages seen
 * meanwhile (`takeViews`) ride with the first batch, or go alone when no metric is waiting.
 */
export function createMetricQueue(send: (body: string) => void, takeViews: () => string[] = () => []): MetricQueue {
  const pending = new Map<string, FieldMetric>();
  return {
    add(metric) {
      // A metric reported again before the last report went out: its latest value, and the change
      // since the report that did go out.
      const earlier = pending.get(metric.id);
      pending.set(metric.id, earlier ? { ...metric, delta: earlier.delta + metric.delta } : metric);
    },
    flush() {
      const metrics = [...pending.values()];
      pending.clear();
      const views = takeViews();
      for (let start = 0; start < Math.max(metrics.length, views.length > 0 ? 1 : 0); start += MAX_METRICS_PER_REPORT) {
        const report: VitalsReport = { metrics: metrics.slice(start, start + MAX_METRICS_PER_REPORT), ...(start === 0 && views.length > 0 ? { views } : {}) };
        send(JSON.stringify(report));
      }
    },
  };
}

/**
 * A beacon survives the page being closed. A string body goes as text/plain, which the endpoint
 * expects; when the browser refuses the beacon (its queue is full) a keepalive fetch carries it.
 */
function sendReport(body: string) {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VITALS_ENDPOINT, body)) return;
  fetch(VITALS_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }).catch(() => {
    // Field data is best effort: a lost report is not the visitor's problem.
  });
}

/** Measures this page load's LCP, INP, CLS, FCP and TTFB and reports them whenever the page is hidden. */
export function reportWebVitals(routes: PageRoutes): void {
  const queue = createMetricQueue(sendReport, takeVehiclePageViews);
  const add = (metric: MetricType) => queue.add(fieldMetric(metric, routeOf(metric, routes)));
  onTTFB(add);
  onFCP(add);
  // Every change, not only the final value: a page being left fires pagehide before
  // visibilitychange (when web-vitals would report its final LCP, CLS and INP), so the queue holds
  // the latest values at whichever comes first, and one report carries the whole page load.
  onLCP(add, { reportAllChanges: true });
  onCLS(add, { reportAllChanges: true });
  onINP(add, { reportAllChanges: true });
  // web-vitals' own listeners capture, so what it reports on hiding is queued before this sends.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  addEventListener('pagehide', () => queue.flush());
}
