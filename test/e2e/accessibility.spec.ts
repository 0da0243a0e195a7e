import { expect, expectNoAxeViolations, gotoHydrated, PHONE_SCREEN, sendInquiryThatFails, test, waitForHydration } from './support/fixtures';

/**
 * axe, zero violations, at 390 px and 1280 px, for the page types and states the other specs do
 * not already check. Where each page type is checked at both widths:
 *
 *   home, services, privacy, terms, thank-you, not found (404) ........... platform.spec.ts
 *   inventory, empty inventory, model entry, vehicle not found,
 *   DENAGO and EVOLUTION pages ............................................ catalog-pages.spec.ts
 *   model pages (one of each of the four layouts) ......................... model-pages.spec.ts
 *   rentals, about, showroom, two town pages ............................. local-pages.spec.ts
 *   contact ............................................................... contact.spec.ts
 *   contact with the browser's field messages, the Error toast and the
 *   page a refused no-JavaScript post comes back to (1280 px) ............. contact.spec.ts
 *   filtered inventory with results, unknown model (404) ................. here, both widths
 *   open mobile menu, and the contact states above at 390 px ............. here (the menu exists
 *                                                                           below 1024 px only)
 */

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the inventory filtered in the browser, with its results', async ({ page }) => {
      await gotoHydrated(page, '/inventory');
      await page.getByLabel('Brand').selectOption('denago');
      await page.getByLabel('Price').selectOption('under-15000');
      await expect(page.getByTestId('results-count')).toHaveText('Showing 1 of 23 total vehicles');
      await expectNoAxeViolations(page);
    });

    test('an unknown model page (404)', async ({ page }) => {
      const response = await page.goto('/vehicles/no-such-model');
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Not Found');
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE_SCREEN });

  test('the open mobile menu', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    // Checked once it has slid fully in.
    await expect(menu).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);
  });

  test('the contact form with a message beside every field', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('First name is required');
    await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Message must be at least 10 characters');
    await expectNoAxeViolations(page);
  });

  test('the Error toast after a failed send', async ({ page, expectedConsoleErrors }) => {
    expectedConsoleErrors.push(/status of 500/);
    await sendInquiryThatFails(page, 'Our mail room is closed for a moment.');
    await expect(page.getByRole('status').filter({ hasText: 'Our mail room is closed for a moment.' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
