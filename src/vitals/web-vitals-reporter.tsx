import { useEffect } from 'react';
import { NOT_FOUND_ROUTE } from './field-metric';

interface WebVitalsReporterProps {
  /** The route id of the page shown now (the deepest matched route). */
  currentRoute: () => string | undefined;
}

/** The page type the document was loaded as; a page served as 404 counts as not found. */
function landingRoute(current: string | undefined): string | undefined {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation?.responseStatus === 404 ? NOT_FOUND_ROUTE : current;
}

/**
 * Starts field measurement (src/vitals/report-web-vitals.ts) once React has hydrated the page:
 * its effect runs after the hydration commit, and web-vitals then loads in its own chunk when the
 * browser is idle, so it is never part of a page's initial JavaScript.
 */
export function WebVitalsReporter({ currentRoute }: WebVitalsReporterProps) {
  useEffect(() => {
    const landing = landingRoute(currentRoute());
    if (!landing) return;
    const start = () => {
      import('./report-web-vitals')
        .then(({ reportWebVitals }) => reportWebVitals({ landing, current: currentRoute }))
        .catch(() => {
          // A chunk that fails to load (a new deployment) costs only this page's measurements.
        });
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: 5000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 1000);
    return () => clearTimeout(timer);
  }, [currentRoute]);
  return null;
}
