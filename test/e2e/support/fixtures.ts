import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export { expect };

/**
 * Every browser test fails on a console error, a page error or a React hydration warning, so a
 * page that breaks after JavaScript loads cannot pass any test.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
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
});

/** Resolves once React has hydrated the page (the entry marks the document). */
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

/** Zero axe violations, WCAG 2.1 A and AA plus best practices. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}
