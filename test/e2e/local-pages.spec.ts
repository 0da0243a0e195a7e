import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test, WIDE_SCREEN } from './support/fixtures';

const TOWN_PAGE = '/toms-river-township-golf-carts';

/**
 * Answers every request to the map provider with a tiny local page, so the tests run offline, and
 * counts them.
 */
async function stubMaps(page: Page): Promise<{ requests: () => number }> {
  let count = 0;
  await page.route(/^https:\/\/www\.google\.com\//, async (route) => {
    count += 1;
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' });
  });
  return { requests: () => count };
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/rentals', '/about', '/showroom', TOWN_PAGE, '/cape-may-city-golf-carts']) {
      test(`${path} has one heading and no accessibility violations`, async ({ page }) => {
        await stubMaps(page);
        await gotoHydrated(page, path);
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }

    test('the map does not take the place of its link while the keyboard is on it', async ({ page }) => {
      await stubMaps(page);
      await gotoHydrated(page, TOWN_PAGE);
      const place = page.getByRole('link', { name: 'Map of Toms River Township, New Jersey (opens in a new tab)' });
      const map = page.locator('iframe[title="Map of Toms River Township, New Jersey"]');
      // Focusing the link scrolls it into view; a few frames give the page time to see it come near.
      await place.focus();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
      await expect(place).toBeFocused();
      await expect(map).toHaveCount(0);

      // Once focus moves on, the map comes, and it does not take the focus.
      await page.keyboard.press('Tab');
      await expect(map).toHaveAttribute('src', 'https://www.google.com/maps?q=39.9537,-74.1979&z=12&output=embed');
      await expect(map).not.toBeFocused();
    });

    test('the town map loads only when the visitor scrolls near it', async ({ page }) => {
      const maps = await stubMaps(page);
      await gotoHydrated(page, TOWN_PAGE);
      const place = page.getByRole('link', { name: 'Map of Toms River Township, New Jersey (opens in a new tab)' });
      await expect(place).toHaveAttribute('href', 'https://www.google.com/maps?q=39.9537,-74.1979&z=12&output=embed');
      const map = page.locator('iframe[title="Map of Toms River Township, New Jersey"]');
      // Give a too-eager browser every chance to fetch it before asserting that it did not.
      await page.waitForLoadState('networkidle');
      expect(maps.requests(), 'map requests before scrolling').toBe(0);
      await expect(map).toHaveCount(0);
      const before = await place.boundingBox();

      await place.scrollIntoViewIfNeeded();
      await expect.poll(maps.requests, { message: 'map requested after scrolling' }).toBeGreaterThan(0);
      await expect(map).not.toBeFocused();
      await expect(map).toHaveAttribute('loading', 'lazy');
      await expect(map).toHaveAttribute('height', '450');
      // The frame takes the link's place at the same size: nothing below it moves.
      expect((await map.boundingBox())?.height).toBe(before?.height);
      await expect(map).toHaveAttribute('src', 'https://www.google.com/maps?q=39.9537,-74.1979&z=12&output=embed');
    });
  });
}

test.describe('reserving a rental', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('RESERVE TODAY opens the contact form with the plan in the link and the message', async ({ page }) => {
    await gotoHydrated(page, '/rentals');
    const sixSeaters = page.locator('li', { has: page.getByRole('heading', { name: 'Weekly Rental' }) }).filter({ hasText: '$1,400' });
    await sixSeaters.getByRole('link', { name: /reserve today/i }).click();

    await expect(page).toHaveURL(/\/contact\?interest=general&topic=rental&plan=6-seater-weekly$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue("I'd like to reserve a 6-seater golf cart for a weekly rental.");
  });

  test('View Pricing jumps to the rental plans', async ({ page }) => {
    await gotoHydrated(page, '/rentals');
    await page.getByRole('link', { name: 'View Pricing' }).click();
    await expect(page).toHaveURL(/\/rentals#plans$/);
    await expect(page.getByRole('heading', { name: 'Rental Plans & Pricing' })).toBeInViewport();
  });
});

test.describe('town pages', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('Get Free Quote opens the contact form for a sales quote', async ({ page }) => {
    await stubMaps(page);
    await gotoHydrated(page, TOWN_PAGE);
    await page.getByRole('link', { name: 'Get Free Quote' }).click();
    await expect(page).toHaveURL(/\/contact\?interest=sales&topic=golf\+cart\+quote\+for\+Toms\+River\+Township$/);
    await expect(page.getByLabel('Message')).toHaveValue(/quote/i);
  });

  test('a neighbouring town is one click away, with its own page', async ({ page }) => {
    await stubMaps(page);
    await gotoHydrated(page, TOWN_PAGE);
    await page.getByRole('navigation', { name: 'Also serving nearby' }).getByRole('link', { name: 'Brick Township' }).click();
    await expect(page).toHaveURL(/\/brick-township-golf-carts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Carts in Brick Township, NJ');
    await expect(page).toHaveTitle(/^Golf Carts in Brick Township, NJ/);
    await expect(page.getByRole('link', { name: 'Map of Brick Township, New Jersey (opens in a new tab)' })).toBeVisible();
  });

  test('a short form of a town name redirects to its page', async ({ page }) => {
    await stubMaps(page);
    await page.goto('/toms-river-golf-carts');
    await expect(page).toHaveURL(new RegExp(`${TOWN_PAGE}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Carts in Toms River Township, NJ');
  });
});
