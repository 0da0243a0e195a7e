import { expect, gotoHydrated, PHONE_SCREEN, test } from './support/fixtures';

// On a phone nothing is wider than the screen: a page that scrolls sideways hides the end of every
// line and price behind the edge. Checked after scrolling to the end, so that parts drawn only as
// the visitor nears them (content-visibility) are measured drawn and undrawn.
test.describe('a phone held upright', () => {
  test.use({ viewport: PHONE_SCREEN });

  for (const path of ['/', '/inventory', '/vehicles/denago-ev-city', '/rentals', '/toms-river-township-golf-carts', '/showroom', '/contact']) {
    test(`${path} fits the screen's width, top to bottom`, async ({ page }) => {
      await gotoHydrated(page, path);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await overflow()).toBe(0);
    });
  }
});
