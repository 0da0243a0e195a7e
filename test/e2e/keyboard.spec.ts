import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, PHONE_SCREEN, test, WIDE_SCREEN } from './support/fixtures';

/**
 * A keyboard-only visitor: every stop shows where focus is (an outline or a shadow that is not
 * transparent), is on screen and not covered by the sticky header, the call bar or anything else,
 * and the order follows the page. Nothing keeps focus from moving on.
 */

const PHONE = '(609) 555-0142';

interface FocusStop {
  description: string;
  indicator: boolean;
  onScreen: boolean;
  covered: boolean;
  coveredBy?: string;
}

/** What the focused element is, and whether a sighted keyboard user can see it. */
function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const style = getComputedStyle(element);
    const visible = (color: string) => color !== 'transparent' && !/^rgba\([^)]*,\s*0\)$/.test(color);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && visible(style.outlineColor);
    const shadow = style.boxShadow !== 'none' && (style.boxShadow.match(/rgba?\([^)]*\)/g) ?? []).some(visible);
    // The middle of the element's first box (a link that wraps has one per line).
    const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onScreen = box.width > 0 && box.height > 0 && x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight;
    const top = onScreen ? document.elementFromPoint(x, y) : null;
    const describe = (node: Element) => {
      const name = node.getAttribute('aria-label') ?? (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${name.slice(0, 60)}"`;
    };
    return {
      description: describe(element),
      indicator: outline || shadow,
      onScreen,
      covered: !top || !(element === top || element.contains(top)),
      ...(top && !(element === top || element.contains(top)) ? { coveredBy: describe(top) } : {}),
    };
  });
}

const SEEN = { indicator: true, onScreen: true, covered: false };
const seenPart = (stop: FocusStop | null) => stop && { indicator: stop.indicator, onScreen: stop.onScreen, covered: stop.covered, coveredBy: stop.coveredBy };

/** The focused element is `expected`, and can be seen to be focused (once a sliding menu has settled). */
async function expectFocusOn(page: Page, expected: Locator) {
  await expect(expected).toBeFocused();
  let last: FocusStop | null = null;
  await expect.poll(async () => seenPart((last = await focusStop(page))), { message: `focus is visible on ${expected}`, timeout: 2000 }).toEqual(SEEN);
  expect(last).not.toBeNull();
}

/** The focus stop that Tab just reached, if any, can be seen. */
async function expectStopSeen(page: Page): Promise<FocusStop | null> {
  const stop = await focusStop(page);
  if (stop) expect(seenPart(stop), stop.description).toEqual(SEEN);
  return stop;
}

async function tab(page: Page, expected: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await page.keyboard.press(key);
  await expectFocusOn(page, expected);
}

/** Tabs forward until `expected` has focus, checking every stop on the way; fails after `limit` stops. */
async function tabUntil(page: Page, expected: Locator, limit = 40) {
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press('Tab');
    if (await expected.evaluate((element) => element === document.activeElement)) return expectFocusOn(page, expected);
    await expectStopSeen(page);
  }
  throw new Error(`focus did not reach ${expected} within ${limit} Tab presses`);
}

/** The page's own maps answer with a tiny local page: the tests run offline. */
async function stubMaps(page: Page) {
  await page.route(/^https:\/\/www\.google\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
  );
}

// A wide screen unless a group says a phone.
test.use({ viewport: WIDE_SCREEN });

test.describe('header on a wide screen', () => {
  test('Tab goes skip link, logo, each menu link, Call Now, then into the page; Shift+Tab walks back', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.getByRole('banner');
    const stops = [
      page.getByRole('link', { name: 'Skip to content' }),
      header.getByRole('link', { name: 'Shore Golf Carts, home' }),
      ...['Home', 'Inventory', 'Rentals', 'Services', 'Showroom', 'About', 'Contact'].map((name) =>
        header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }),
      ),
      header.getByRole('link', { name: `Call Now: ${PHONE}` }),
    ];
    for (const stop of stops) await tab(page, stop);
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    for (const stop of stops.reverse()) await tab(page, stop, 'Shift+Tab');
  });

  test('the skip link takes focus past the header to the page content', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await tab(page, page.getByRole('link', { name: 'Skip to content' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    expect((await focusStop(page))?.indicator).toBe(true);
  });

  test('every stop on the home page shows its focus, and Tab comes round to the start again', async ({ page }) => {
    await stubMaps(page);
    await gotoHydrated(page, '/');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await tab(page, skip);
    const visited: string[] = [];
    // Past the last stop Chromium leaves the page for its own interface, then starts at the top again.
    for (let stop = 0; stop < 150 && !(visited.length > 0 && (await skip.evaluate((element) => element === document.activeElement))); stop += 1) {
      await page.keyboard.press('Tab');
      const seen = await expectStopSeen(page);
      if (seen) visited.push(seen.description);
    }
    await expect(skip).toBeFocused();
    expect(visited.length).toBeGreaterThan(30);
  });
});

test.describe('mobile menu on a phone', () => {
  test.use({ viewport: PHONE_SCREEN });

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Site menu' });
  const menuLink = (page: Page, name: string) => menu(page).getByRole('link', { name, exact: true });

  test('opens from the keyboard with focus inside, walks in order, and Tab past the end closes it', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await tab(page, page.getByRole('link', { name: 'Skip to content' }));
    await tab(page, page.getByRole('banner').getByRole('link', { name: 'Shore Golf Carts, home' }));
    await tab(page, menuButton(page));
    await expect(menu(page)).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    await expectFocusOn(page, menuLink(page, 'Home'));
    for (const name of ['Inventory', 'Rentals', 'Services', 'Showroom', 'About', 'Contact', `Call ${PHONE}`]) await tab(page, menuLink(page, name));

    // Past the last link the menu closes and focus goes on to the page, not behind the open menu.
    await page.keyboard.press('Tab');
    await expect(menu(page)).toBeHidden();
    await expect(page.locator('main :focus')).toHaveCount(1);
    // Back from the page: the Menu button, then the menu opens again with Space.
    await tab(page, menuButton(page), 'Shift+Tab');
    await page.keyboard.press('Space');
    await expectFocusOn(page, menuLink(page, 'Home'));
    // Back past the first control closes it and returns to the Menu button.
    await tab(page, menu(page).getByRole('button', { name: 'Close menu' }), 'Shift+Tab');
    await tab(page, menuButton(page), 'Shift+Tab');
    await expect(menu(page)).toBeHidden();
  });

  test('Escape and the Close button close it and put focus back on the Menu button; Enter follows a link', async ({ page }) => {
    await gotoHydrated(page, '/about');
    await tabUntil(page, menuButton(page));

    await page.keyboard.press('Enter');
    await expectFocusOn(page, menuLink(page, 'Home'));
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expectFocusOn(page, menuButton(page));

    await page.keyboard.press('Enter');
    await expectFocusOn(page, menuLink(page, 'Home'));
    await tab(page, menu(page).getByRole('button', { name: 'Close menu' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeHidden();
    await expectFocusOn(page, menuButton(page));

    await page.keyboard.press('Enter');
    await expectFocusOn(page, menuLink(page, 'Home'));
    await tab(page, menuLink(page, 'Inventory'));
    await tab(page, menuLink(page, 'Rentals'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rentals$/);
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rent a Street-Legal Golf Cart at the Shore');
  });
});

test.describe('inventory filters', () => {
  test('every control is reached in order and changed from the keyboard, and the results follow', async ({ page }) => {
    await gotoHydrated(page, '/inventory');
    const filters = page.getByRole('search', { name: 'Filter vehicles' });
    const count = page.getByTestId('results-count');
    const search = filters.getByLabel('Search');
    const brand = filters.getByLabel('Brand');
    const category = filters.getByLabel('Category');
    const price = filters.getByLabel('Price');
    const apply = filters.getByRole('button', { name: 'Apply Filters' });
    await expect(count).toHaveText('Showing 23 of 23 total vehicles');

    await tabUntil(page, search);
    await tab(page, brand);
    await page.keyboard.press('d');
    await expect(brand).toHaveValue('denago');
    await expect(count).toHaveText('Showing 6 of 23 total vehicles');
    await tab(page, category);
    await page.keyboard.type('ro');
    await expect(category).toHaveValue('rover');
    await expect(count).toHaveText('Showing 3 of 23 total vehicles');
    await tab(page, price);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(price).toHaveValue('15000-25000');
    await expect(count).toHaveText('Showing 2 of 23 total vehicles');
    await tab(page, apply);

    // Back to the search box, type, and forward again to the submit button.
    for (const control of [price, category, brand, search]) await tab(page, control, 'Shift+Tab');
    await page.keyboard.type('xxl');
    await expect(count).toHaveText('Showing 1 of 23 total vehicles');
    for (const control of [brand, category, price, apply]) await tab(page, control);
    await page.keyboard.press('Enter');
    await expect(count).toBeFocused();
    await expect(page).toHaveURL(/\/inventory\?search=xxl&brand=denago&category=rover&price=15000-25000$/);
    await expect(page.getByRole('list', { name: /Vehicles/ }).getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('list', { name: /Vehicles/ }).getByRole('link', { name: 'DENAGO EV Rover XXL' })).toBeVisible();
  });
});

test.describe('contact form on a phone', () => {
  test.use({ viewport: PHONE_SCREEN });

  test('every field is filled from the keyboard; a refused send puts focus on the first wrong field with its message; then it goes through', async ({ page }) => {
    await stubMaps(page);
    await gotoHydrated(page, '/contact');
    const form = page.locator('form[action="/contact"]');
    const field = (label: string) => form.getByLabel(label, { exact: true });
    const send = form.getByRole('button', { name: 'Send Message' });

    await tabUntil(page, field('First Name'));
    await page.keyboard.type('Jane');
    await tab(page, field('Last Name'));
    await tab(page, field('Email'));
    await page.keyboard.type('jane.doe@example');
    await tab(page, field('Phone'));
    await page.keyboard.type('(609) 555-0100');
    await tab(page, field("I'm Interested In"));
    await page.keyboard.press('ArrowDown');
    await expect(field("I'm Interested In")).toHaveValue('service');
    await tab(page, field('Message'));
    await page.keyboard.type('Brakes');
    // The off-screen trap field for bots is not a stop: Message leads straight to the button.
    await tab(page, send);
    await page.keyboard.press('Enter');

    // Focus lands on the first field to fix, which reads out its message.
    await expectFocusOn(page, field('Last Name'));
    await expect(field('Last Name')).toHaveAccessibleDescription('Last name is required');
    await expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(field('Message')).toHaveAccessibleDescription('Message must be at least 10 characters');
    await page.keyboard.type('Doe');
    await tab(page, field('Email'));
    // Tab selects a field's text; End keeps it and adds to it.
    await page.keyboard.press('End');
    await page.keyboard.type('.com');
    await tab(page, field('Phone'));
    await tab(page, field("I'm Interested In"));
    await tab(page, field('Message'));
    await page.keyboard.press('End');
    await page.keyboard.type(' squeak on my Rover XL.');
    await expect(field('Message')).not.toHaveAttribute('aria-invalid');
    await tab(page, send);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Message!');
    // Focus starts on the new page's main area, so the next Tab goes into the new page.
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
    await expectStopSeen(page);
  });
});
