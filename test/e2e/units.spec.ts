import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, layoutShiftsOf, test, watchLayoutShifts, WIDE_SCREEN } from './support/fixtures';

// The sample feed's used units (seeds/sample-feed.csv) on a site of their own (playwright.config.ts):
// their photo galleries with and without JavaScript, on a phone and on a desktop.

test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_UNITS_PORT}` });

const ONWARD = '/inventory/2021-club-car-onward-4-passenger-sg2401';
const VIEWPORTS = [
  { name: 'a phone', width: 390, height: 844, photoWidth: 480 },
  { name: 'a desktop', width: 1280, height: 900, photoWidth: 960 },
];

const strip = (page: Page) => page.getByRole('region', { name: 'Photos of the 2021 Club Car Onward 4 Passenger' });
const thumbnail = (page: Page, number: number) => page.getByRole('list', { name: 'Choose a photo' }).getByRole('link', { name: `Photo ${number} of 3` });

/** How far the strip has scrolled, in photos. */
const photosScrolled = (region: Locator) => region.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth));

for (const viewport of VIEWPORTS) {
  test.describe(`a unit's photos on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('load the first photo at once, as AVIF at the width the layout needs, without moving the page', async ({ page }) => {
      await watchLayoutShifts(page);
      await gotoHydrated(page, ONWARD);
      const first = strip(page).getByRole('img', { name: '2021 Club Car Onward 4 Passenger, photo 1 of 3' });
      await expect(first).toHaveJSProperty('complete', true);
      expect(await first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(new RegExp(`/photos/[a-f0-9]{32}/${viewport.photoWidth}\\.avif$`));
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(strip(page).getByRole('img', { name: '2021 Club Car Onward 4 Passenger, photo 3 of 3' })).toHaveAttribute('loading', 'lazy');
      const shifted = (await layoutShiftsOf(page)).reduce((sum, shift) => sum + shift.value, 0);
      expect(shifted).toBeLessThan(0.01);
    });

    test('show the photo a thumbnail names, and swipe from one photo to the next', async ({ page }) => {
      await gotoHydrated(page, ONWARD);
      await expect.poll(() => photosScrolled(strip(page))).toBe(0);
      await thumbnail(page, 3).click();
      await expect(page).toHaveURL(/#photo-3$/);
      await expect.poll(() => photosScrolled(strip(page))).toBe(2);
      await expect(page.getByRole('img', { name: '2021 Club Car Onward 4 Passenger, photo 3 of 3' })).toBeInViewport();
      // A swipe scrolls the strip; it comes to rest on a whole photo, the next one.
      await strip(page).evaluate((element) => element.scrollBy({ left: -element.clientWidth * 0.7, behavior: 'instant' }));
      await expect.poll(() => strip(page).evaluate((element) => element.scrollLeft / element.clientWidth)).toBeCloseTo(1, 2);
      // The page is still the unit's: a thumbnail is no navigation.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('2021 Club Car Onward 4 Passenger');
    });

    test('has no accessibility violations, and asks about the unit by its stock number', async ({ page }) => {
      await gotoHydrated(page, ONWARD);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Ask about stock #SG2401' }).click();
      await expect(page).toHaveURL(/\/contact\?interest=sales&topic=availability&vehicle=2021-club-car-onward-4-passenger-sg2401$/);
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue("I'd like to know if the 2021 Club Car Onward 4 Passenger (stock #SG2401) is available.");
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('every photo is there, and each thumbnail brings its photo into view', async ({ page }) => {
        await page.goto(ONWARD);
        await expect(strip(page).getByRole('img')).toHaveCount(3);
        await thumbnail(page, 2).click();
        await expect(page).toHaveURL(/#photo-2$/);
        await expect(page.getByRole('img', { name: '2021 Club Car Onward 4 Passenger, photo 2 of 3' })).toBeInViewport();
        await expect.poll(() => photosScrolled(strip(page))).toBe(1);
      });

      test('the inventory filters used units by brand and showroom through its plain form', async ({ page }) => {
        await page.goto('/inventory');
        await page.getByLabel('Condition').selectOption('used');
        await page.getByLabel('Location').selectOption('bayville');
        await page.getByRole('button', { name: 'Apply Filters' }).click();
        await expect(page).toHaveURL(/[?&]condition=used&location=bayville$/);
        const cards = page.getByRole('list', { name: 'Matching Vehicles' }).getByRole('article');
        await expect(cards).toHaveCount(1);
        await expect(cards.getByRole('heading')).toHaveText('2021 Club Car Onward 4 Passenger');
        await cards.getByRole('link').click();
        await expect(page).toHaveURL(ONWARD);
        await expect(strip(page).getByRole('img')).toHaveCount(3);
      });
    });
  });
}

test.describe('the inventory with the dealer feed', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('filters by condition, brand and showroom as the shopper chooses, and shows the units with their photos', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    await expect(page.getByTestId('results-count')).toHaveText('Showing 1-24 of 30 total vehicles');
    await page.getByLabel('Condition').selectOption('certified');
    await expect(page).toHaveURL(/\/inventory\?condition=certified$/);
    const cards = page.getByRole('list', { name: 'Matching Vehicles' }).getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText(['2024 EVOLUTION D5 Maverick 4 Plus', '2022 Tomberlin Emerge E4']);
    await expect(cards.first().getByText('certified', { exact: true })).toBeVisible();
    await page.getByLabel('Brand').selectOption('tomberlin');
    await expect(cards.getByRole('heading')).toHaveText(['2022 Tomberlin Emerge E4']);
    // Decorative on a card (the heading names the cart): alt="".
    const photo = cards.first().locator('img');
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/photos\/[a-f0-9]{32}\/480\.webp$/);
    await expectNoAxeViolations(page);
  });
});
