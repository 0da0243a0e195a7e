import { expect, expectNoAxeViolations, gotoHydrated, test, WIDE_SCREEN } from './support/fixtures';

// One page of each layout (docs/product.md#model-page-layouts), and the older-layout page that adds quick specs and standard features.
const LAYOUT_PAGES = [
  { layout: 'older', path: '/vehicles/denago-ev-city', name: 'DENAGO EV City' },
  { layout: 'older with standard features', path: '/vehicles/evolution-d5-ranger-6-plus', name: 'EVOLUTION D5 Ranger 6 Plus' },
  { layout: 'priced', path: '/vehicles/denago-ev-nomad-xl', name: 'DENAGO EV Nomad XL' },
  { layout: 'price banner', path: '/vehicles/evolution-carrier-6-plus', name: 'EVOLUTION Carrier 6 Plus' },
];

// The e2e server runs with the default financing application address.
const FINANCING_URL = 'https://www.example.com/financing';

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { layout, path, name } of LAYOUT_PAGES) {
      test(`the ${layout} layout (${path}) hydrates without console errors and has no accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
        await expect(page.getByRole('img', { name })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('links to other sites', () => {
  test.beforeEach(async ({ context }) => {
    // This machine is offline: the external pages answer from here, so the new tab can be inspected.
    await context.route(/^https:\/\/(www\.example\.com|www\.denagoev\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Elsewhere</p>' }),
    );
  });

  test('open in a new tab that cannot reach back to the page and is told no referrer', async ({ page }) => {
    await gotoHydrated(page, '/vehicles/denago-ev-nomad-xl');
    const external = page.locator('main a[href^="http"]');
    expect(await external.count()).toBeGreaterThanOrEqual(3);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toContainText('(opens in a new tab)');
    }

    for (const label of [/^Finance Options/, /^Visit Showroom/, /^View More Details/]) {
      const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: label }).click()]);
      await tab.waitForLoadState();
      if (!/View More Details/.test(String(label))) expect(tab.url()).toBe(FINANCING_URL);
      expect(await tab.evaluate(() => ({ opener: window.opener, referrer: document.referrer }))).toEqual({ opener: null, referrer: '' });
      await tab.close();
    }
    await expect(page).toHaveURL(/\/vehicles\/denago-ev-nomad-xl$/);
  });
});

test.describe('breadcrumb', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('leads to the brand page and back without reloading, and the model page needs no request of its own', async ({ page }) => {
    await gotoHydrated(page, '/vehicles/evolution-d6-max-gt6');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', 'Vehicles', 'EVOLUTION', 'EVOLUTION D6 Max GT6']);
    await expect(breadcrumb.getByText('EVOLUTION D6 Max GT6')).toHaveAttribute('aria-current', 'page');
    // A full page load would lose this mark.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    await breadcrumb.getByRole('link', { name: 'EVOLUTION' }).click();
    await expect(page).toHaveURL(/\/evolution$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('EVOLUTION D6 Max GT6');
    // The brand page's own request is done before we listen for the model page's.
    await expect(page.locator('#evolution-inventory').getByRole('article').first()).toBeVisible();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (['fetch', 'xhr', 'document'].includes(request.resourceType())) requests.push(request.url());
    });
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVOLUTION D6 Max GT6');
    await expect(page.getByText('$18,995')).toBeVisible();
    await expect(page).toHaveTitle('EVOLUTION D6 Max GT6 | 6-Seat Performance Golf Cart | Shore Golf Carts');
    expect(requests).toEqual([]);

    await breadcrumb.getByRole('link', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVOLUTION D6 Max GT6');
    await breadcrumb.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true);
  });
});
