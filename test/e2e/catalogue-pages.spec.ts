import type { Page, Request, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test, waitForHydration, WIDE_SCREEN } from './support/fixtures';

const resultsCount = (page: Page) => page.getByTestId('results-count');
const resultCards = (page: Page) => page.getByRole('list', { name: /Vehicles/ }).getByRole('article');

/**
 * Every request the page makes from now on, as "METHOD path?query": pictures scrolling into view,
 * the favicon, which Chromium asks for again on each new history entry, and script chunks aside.
 */
function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'image' || request.resourceType() === 'script' || url.pathname === '/favicon.svg') return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return requests;
}

/** Marks the document, so a test can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return async () => expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** Holds matching requests until released, so a test can look at the page while data loads. */
async function holdRequests(page: Page, url: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

async function vehicleId(page: Page, slug: string): Promise<string> {
  const vehicles = (await (await page.request.get('/api/vehicles')).json()) as Array<{ id: string; slug: string }>;
  return vehicles.find((vehicle) => vehicle.slug === slug)!.id;
}

test.describe('inventory filters after hydration', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('filters without reloading the page, asking the API for the matching page only, and mirrors the filters in the address bar', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');
    const sameDocument = await markDocument(page);
    const requests = recordRequests(page);

    await page.getByLabel('Brand').selectOption('denago');
    await expect(resultsCount(page)).toHaveText('Showing 6 of 23 total vehicles');
    await expect(page).toHaveURL(/\/inventory\?brand=denago$/);

    await page.getByLabel('Price').selectOption('under-15000');
    await expect(resultsCount(page)).toHaveText('Showing 1 of 23 total vehicles');
    await expect(resultCards(page)).toHaveCount(1);
    await expect(resultCards(page).getByRole('link')).toHaveText('DENAGO EV City');
    await expect(page).toHaveURL(/\/inventory\?brand=denago&price=under-15000$/);

    await page.getByLabel('Price').selectOption('all');
    await page.getByLabel('Category').selectOption('rover');
    await page.getByLabel('Search').pressSequentially('xxl');
    await expect(resultsCount(page)).toHaveText('Showing 1 of 23 total vehicles');
    await expect(page.getByLabel('Search')).toHaveValue('xxl');
    await expect(page).toHaveURL(/\/inventory\?search=xxl&brand=denago&category=rover$/);

    // Enter submits the form; with JavaScript that must not reload the page either: the page's
    // handler cancels the submission (seen by a listener after it, on window).
    await page.evaluate(() => {
      const cancelled = new Promise<boolean>((resolve) => window.addEventListener('submit', (event) => resolve(event.defaultPrevented), { once: true }));
      Object.assign(window, { submitCancelled: cancelled });
    });
    await page.getByLabel('Search').press('Enter');
    expect(await page.evaluate(() => (window as unknown as { submitCancelled: Promise<boolean> }).submitCancelled)).toBe(true);
    await expect(resultsCount(page)).toBeFocused();
    await sameDocument();
    // Only the JSON of each filtered page: never a document, never the whole catalog.
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request).toMatch(/^GET \/api\/inventory(\?|$)/);
    expect(requests).toContain('GET /api/inventory?search=xxl&brand=denago&category=rover');
  });

  test('search is case-insensitive and keeps every typed character', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    await page.getByLabel('Search').pressSequentially('EV ROVER XL', { delay: 0 });
    await expect(page.getByLabel('Search')).toHaveValue('EV ROVER XL');
    await expect(resultsCount(page)).toHaveText('Showing 3 of 23 total vehicles');
    await expect(page).toHaveURL(/\?search=EV\+ROVER\+XL$/);
  });

  test('Back restores the previous filters, and a whole search is one step', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    await page.getByLabel('Brand').selectOption('evolution');
    await page.getByLabel('Price').selectOption('15000-25000');
    await expect(resultsCount(page)).toHaveText('Showing 5 of 23 total vehicles');
    await page.getByLabel('Search').pressSequentially('max');
    await expect(resultsCount(page)).toHaveText('Showing 4 of 23 total vehicles');
    await expect(page).toHaveURL(/\?search=max&brand=evolution&price=15000-25000$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/inventory\?brand=evolution&price=15000-25000$/);
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(resultsCount(page)).toHaveText('Showing 5 of 23 total vehicles');

    await page.goBack();
    await expect(page).toHaveURL(/\/inventory\?brand=evolution$/);
    await expect(page.getByLabel('Price')).toHaveValue('all');
    await expect(page.getByLabel('Brand')).toHaveValue('evolution');
    await expect(resultsCount(page)).toHaveText('Showing 17 of 23 total vehicles');

    await page.goBack();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByLabel('Brand')).toHaveValue('all');
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');

    await page.goForward();
    await expect(page.getByLabel('Brand')).toHaveValue('evolution');
    await expect(resultsCount(page)).toHaveText('Showing 17 of 23 total vehicles');
  });

  test('Clear All Filters resets the store and the address without reloading the page', async ({ page }) => {
    await gotoHydrated(page, '/inventory?category=forester&price=under-15000');
    await expect(page.getByText('No vehicles match your current filters.')).toBeVisible();
    await expect(resultsCount(page)).toHaveText('Showing 0 of 23 total vehicles');
    const sameDocument = await markDocument(page);
    const requests = recordRequests(page);

    await page.getByRole('link', { name: 'Clear All Filters' }).click();
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByLabel('Category')).toHaveValue('all');
    await expect(page.getByLabel('Price')).toHaveValue('all');
    await sameDocument();
    expect(requests).toEqual(['GET /api/inventory']);

    await page.goBack();
    await expect(resultsCount(page)).toHaveText('Showing 0 of 23 total vehicles');
  });

  test('a card leads to its model page', async ({ page }) => {
    await gotoHydrated(page, '/inventory?brand=denago&price=under-15000');
    await resultCards(page).getByRole('link', { name: 'DENAGO EV City' }).click();
    await expect(page).toHaveURL(/\/vehicles\/denago-ev-city$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('DENAGO EV City');
  });
});

test.describe('without JavaScript', () => {
  test('the filter form asks the server for the filtered inventory', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/inventory');
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');
    await page.getByLabel('Brand').selectOption('denago');
    await page.getByLabel('Price').selectOption('under-15000');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/inventory\?search=&brand=denago&category=all&price=under-15000$/);
    await expect(resultsCount(page)).toHaveText('Showing 1 of 23 total vehicles');
    await expect(page.getByLabel('Brand')).toHaveValue('denago');

    await page.getByLabel('Search').fill('hovercraft');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByText('No vehicles match your current filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear All Filters' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');
    await context.close();
  });
});

test.describe('client-side navigation', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('shows six skeleton cards while the inventory loads, then the vehicles', async ({ page }) => {
    await gotoHydrated(page, '/denago');
    const list = await holdRequests(page, '**/api/inventory');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByTestId('vehicle-skeleton')).toHaveCount(6);
    await list.release();
    await expect(resultCards(page)).toHaveCount(23);
    await expect(page.getByTestId('vehicle-skeleton')).toHaveCount(0);
    await expect(page).toHaveTitle('Golf Cart & LSV Inventory | Shore Golf Carts');
  });

  test('shows six skeleton cards while the EVOLUTION inventory loads, then the cards', async ({ page }) => {
    await gotoHydrated(page, '/denago');
    const list = await holdRequests(page, '**/api/vehicles/brand/evolution');
    await page.getByRole('contentinfo').getByRole('link', { name: 'EVOLUTION' }).click();
    await expect(page).toHaveURL(/\/evolution$/);
    await expect(page.getByTestId('vehicle-skeleton')).toHaveCount(6);
    await list.release();
    const grid = page.locator('#evolution-inventory');
    await expect(grid.getByRole('article')).toHaveCount(17);
    await expect(grid.getByText('Available', { exact: true })).toHaveCount(17);
    await expect(page.getByText('Starting at $17,995')).toBeVisible();
  });

  test('the model entry page links back to the inventory without a reload', async ({ page }) => {
    const id = await vehicleId(page, 'evolution-turfman-1000');
    await gotoHydrated(page, `/vehicle/${id}`);
    await page.getByRole('link', { name: 'View More Vehicles' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(resultsCount(page)).toHaveText('Showing 23 of 23 total vehicles');
  });
});

test.describe('model entry', () => {
  test('renders the vehicle and a 404 Vehicle Not Found view for an unknown id', async ({ page }) => {
    const id = await vehicleId(page, 'denago-ev-rover-xl6');
    const found = await page.goto(`/vehicle/${id}`);
    expect(found?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('DENAGO EV Rover XL6');
    await expect(page.getByText('$18,995')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule Test Drive' })).toHaveAttribute('href', /^\/contact\?interest=sales/);

    const missing = await page.goto('/vehicle/2f1c7e1a-3b4d-4c5e-8f90-123456789abc');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Not Found');
    await expect(page.getByText("The vehicle you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Inventory' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
  });
});

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    const paths: Array<[string, (page: Page) => Promise<string>]> = [
      ['the inventory', async () => '/inventory'],
      ['the empty inventory', async () => '/inventory?category=forester&price=under-15000'],
      ['an inventory page past the end', async () => '/inventory?page=2'],
      ["a model entry's page", async (page) => `/vehicle/${await vehicleId(page, 'denago-ev-city')}`],
      ['the vehicle not found page', async () => '/vehicle/not-a-uuid'],
      ['the DENAGO page', async () => '/denago'],
      ['the EVOLUTION page', async () => '/evolution'],
    ];
    for (const [name, pathFor] of paths) {
      test(`${name} has one h1 and no axe violations`, async ({ page }) => {
        await gotoHydrated(page, await pathFor(page));
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  });
}
