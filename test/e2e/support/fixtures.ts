import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { VALID_INQUIRY } from '../../support/fixtures';

export { expect };

/** A phone held upright, and a laptop: the two screens the browser tests look through. */
export const PHONE_SCREEN = { width: 390, height: 844 };
export const WIDE_SCREEN = { width: 1280, height: 900 };

/**
 * Every browser test fails on a console error, a page error or a React hydration warning, so a
 * page that breaks after JavaScript loads cannot pass any test.
 */
export const test = base.extend<{ consoleProblems: string[]; expectedConsoleErrors: RegExp[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // The embedded map frames load from Google, which this offline machine cannot reach.
        if (/google\.com|maps\.gstatic/.test(text) || /google\.com/.test(message.location().url)) return;
        // A not-found page is served with status 404 on purpose; Chromium reports that as an error.
        if (/status of 404/.test(text) && message.location().url === page.url()) return;
        if (message.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'console errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Some tests make the server (or a stand-in) answer with an error status on purpose; Chromium
   * logs each such response as a console error. A test lists the ones it expects here; every other
   * console error still fails it.
   */
  expectedConsoleErrors: async ({ consoleProblems }, use) => {
    const expected: RegExp[] = [];
    await use(expected);
    const unexpected = consoleProblems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
    consoleProblems.splice(0, consoleProblems.length, ...unexpected);
  },
});

/**
 * Waits until React has hydrated the page and, unless `deferredParts` is false, every part whose
 * code comes after the page (the footer, the phone menu…: views/layout/deferred-hydration.tsx),
 * so that their links navigate inside the app too.
 */
export async function waitForHydration(page: Page, { deferredParts = true } = {}) {
  await page.waitForFunction(
    (all) => document.documentElement.dataset.hydrated === 'true' && (!all || (document.documentElement.dataset.deferredWaiting ?? '0') === '0'),
    deferredParts,
  );
}

/** Opens `url` and waits until the page has hydrated (waitForHydration), parts that come later included. */
export async function gotoHydrated(page: Page, url: string, options?: Parameters<Page['goto']>[1]) {
  await page.goto(url, options);
  await waitForHydration(page);
}

/** Types an inquiry into the contact form, field by field; a field left out of `values` is left as it is. */
export async function fillContactForm(page: Page, values: Partial<typeof VALID_INQUIRY> = VALID_INQUIRY) {
  if (values.firstName !== undefined) await page.getByLabel('First Name').fill(values.firstName);
  if (values.lastName !== undefined) await page.getByLabel('Last Name').fill(values.lastName);
  if (values.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.phone !== undefined) await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  if (values.message !== undefined) await page.getByLabel('Message', { exact: true }).fill(values.message);
}

/** Opens the contact form, fills it in and sends it, while the contact API answers status 500 with this error text. */
export async function sendInquiryThatFails(page: Page, error: string) {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error }) }));
  await gotoHydrated(page, '/contact');
  await fillContactForm(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

/** Zero axe violations, WCAG 2.1 A and AA plus best practices. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** A layout shift the visitor saw (not one right after their own input), with what moved. */
export interface SeenLayoutShift {
  value: number;
  /** The start of each moved element's markup (or its text). */
  sources: string[];
}

/** Collects the page's layout shifts from the first paint on (the Layout Instability API); read them with layoutShiftsOf. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.textContent ?? ''))),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts watchLayoutShifts has seen so far. */
export function layoutShiftsOf(page: Page): Promise<SeenLayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: SeenLayoutShift[] }).layoutShifts);
}
