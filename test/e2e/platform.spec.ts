import { expect, expectNoAxeViolations, gotoHydrated, PHONE_SCREEN, test, waitForHydration, WIDE_SCREEN } from './support/fixtures';

const pages = ['/', '/services', '/thank-you', '/privacy', '/terms', '/no-such-page'];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of pages) {
      test(`${path} hydrates without console errors and has no accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
});

test.describe('header navigation on a wide screen', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('highlights Home only on exactly / and the other links by prefix', async ({ page }) => {
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Golf Cart Service & Repair | Shore Golf Carts');
  });

  test('starts each new page at the top', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('keeps the Call Now button in the header', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('banner').getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+16095550142');
  });
});

test.describe('mobile menu on a phone', () => {
  test.use({ viewport: PHONE_SCREEN });

  test('opens as a side menu and closes when a link is chosen', async ({ page }) => {
    await gotoHydrated(page, '/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Cart Service & Repair');
  });

  test('opened before its code arrives, it stays open when the code hydrates it', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/mobile-menu-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await waitForHydration(page, { deferredParts: false });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
  });

  test('closes with its close button and with Escape', async ({ page }) => {
    await gotoHydrated(page, '/services');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('keeps a call button within reach at the bottom of the screen', async ({ page }) => {
    await page.goto('/privacy');
    const call = page.getByRole('link', { name: 'Call Now: (609) 555-0142' }).last();
    await expect(call).toBeInViewport();
    await page.mouse.wheel(0, 3000);
    await expect(call).toBeInViewport();
  });
});

test.describe('before and without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE_SCREEN });

  test('the menu still opens and its links work', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Golf Cart Service & Repair');
  });
});
