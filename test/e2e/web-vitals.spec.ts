import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, gotoHydrated, PHONE_SCREEN, test, waitForHydration } from './support/fixtures';

// The build under test (as test/e2e/support/start-e2e-server.mjs picks it): its manifest names the
// reporter's lazy chunk, which carries web-vitals.
const distDir = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const reporterChunk = `/${manifest['src/vitals/report-web-vitals.ts']!.file}`;

interface SentMetric {
  name: string;
  value: number;
  rating: string;
  delta: number;
  id: string;
  navigationType: string;
  route: string;
}

/** Resolves once the lazily loaded reporter has run, so the page's metrics are being collected. */
async function reporterRunning(page: Page) {
  await page.waitForFunction((chunk) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(chunk)), reporterChunk);
  // Importing the same module again settles after it has run, and after the page's own import.
  await page.evaluate((chunk) => import(new URL(chunk, location.href).href).then(() => undefined), reporterChunk);
}

/** The next report to POST /api/vitals, with its metrics. */
function nextReport(page: Page): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/api/vitals');
}

const metricsOf = (request: Request) => (request.postDataJSON() as { metrics: SentMetric[] }).metrics;

// A report sent while the page unloads is not visible to Playwright, and a headless tab cannot be
// sent to the background; so the page is told it was hidden, or left, with the events a browser
// fires (the unload case was checked by hand against the server's log).

/** The visitor switches to another tab or app: the document becomes hidden. */
async function switchAway(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/** The visitor leaves (Safari may fire only this when a page is unloaded). */
async function leave(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
}

/** Lets the browser finish processing an interaction (web-vitals measures it when idle). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

test.describe('field Core Web Vitals', () => {
  test.use({ viewport: PHONE_SCREEN });

  test('a model page’s load is reported when the visitor switches away: the five metrics, with the page type', async ({ page }) => {
    await gotoHydrated(page, '/vehicles/denago-ev-city');
    await reporterRunning(page);
    // A tap: the visitor's first interaction, measured as INP.
    await page.getByRole('heading', { level: 1 }).click();
    await settle(page);

    const sent = nextReport(page);
    await switchAway(page);
    const request = await sent;

    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('text/plain;charset=UTF-8');
    const metrics = metricsOf(request);
    expect(metrics.map((metric) => metric.name).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    for (const metric of metrics) {
      expect(Object.keys(metric).sort()).toEqual(['delta', 'id', 'name', 'navigationType', 'rating', 'route', 'value']);
      expect(metric.route).toBe('model-page');
      expect(metric.navigationType).toBe('navigate');
      expect(Number.isFinite(metric.value) && metric.value >= 0).toBe(true);
      expect(metric.delta).toBeCloseTo(metric.value);
      expect(['good', 'needs-improvement', 'poor']).toContain(metric.rating);
      expect(metric.id).toMatch(/^v6-\d+-\d+$/);
    }
    // The model page does not shift while it loads.
    expect(metrics.find((metric) => metric.name === 'CLS')?.value).toBe(0);
    expect((await request.response())?.status()).toBe(204);
  });

  test('leaving after moving on inside the site reports the page the visit landed on', async ({ page }) => {
    await gotoHydrated(page, '/');
    await reporterRunning(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await settle(page);

    const sent = nextReport(page);
    await leave(page);
    const request = await sent;
    const metrics = metricsOf(request);
    expect(metrics.map((metric) => metric.name)).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP', 'INP']));
    expect(new Set(metrics.map((metric) => metric.route))).toEqual(new Set(['home-page']));
    expect((await request.response())?.status()).toBe(204);
  });

  test('web-vitals is not part of the first load: it is requested only after hydration', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.documentElement.dataset.hydrated !== 'true') return;
        (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(reporterChunk);
    await waitForHydration(page);
    await reporterRunning(page);
    const { hydratedAt, requestedAt } = await page.evaluate((chunk) => {
      const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith(chunk));
      return { hydratedAt: (window as unknown as { hydratedAt: number }).hydratedAt, requestedAt: entry?.startTime ?? -1 };
    }, reporterChunk);
    expect(hydratedAt).toBeGreaterThan(0);
    expect(requestedAt).toBeGreaterThan(hydratedAt);
  });

  test('a page answered with 404 reports as the not-found page, whatever route pattern its URL matched', async ({ page }) => {
    // A one-segment path matches the town page's pattern; no town has this name.
    const response = await page.goto('/atlantis-golf-carts');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await reporterRunning(page);
    const sent = nextReport(page);
    await switchAway(page);
    const metrics = metricsOf(await sent);
    expect(metrics.length).toBeGreaterThan(0);
    expect(new Set(metrics.map((metric) => metric.route))).toEqual(new Set(['not-found-page']));
  });
});
