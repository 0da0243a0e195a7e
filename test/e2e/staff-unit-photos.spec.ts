import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, test, waitForHydration } from './support/fixtures';
import { inviteStaff } from './support/staff';
import { enrolWithPasswordAndApp } from './support/staff-enrolment';

/**
 * Issue 24, point 3, with JavaScript: a manager uploads three photos to a unit (with upload progress),
 * waits for them to be processed, drags the third to the front and finds it as the main photo on the
 * public unit page; the photos page has no axe violations at 390 px and 1280 px.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A phone-sized photo of one color. */
const photo = async (name: string, color: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

/** The photos a public page shows, by hash, in its order. */
async function publicPhotos(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  return [...new Set([...html.matchAll(/\/photos\/([a-f0-9]{32})\//g)].map((match) => match[1]!))];
}

/** The photos page's photos, by hash, in its order. */
const staffPhotos = (page: Page) => page.getByRole('list', { name: /^Photos/ }).locator('li[data-photo]');

for (const width of [390, 1280]) {
  test.describe(`a unit's photos at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a manager uploads three photos, drags the third to the front and sees it as the public main photo', async ({ page }) => {
      test.setTimeout(120_000);
      const id = unique();
      const stockNumber = `P${id.slice(-8).toUpperCase()}`;
      await enrolWithPasswordAndApp(page, inviteStaff(`photos-manager-${width}-${id}@example.org`, 'manager', `Mia Manager ${width}`));

      await page.goto('/staff/inventory/new');
      await waitForHydration(page, { deferredParts: false });
      await page.getByLabel('Stock number').fill(stockNumber);
      await page.getByLabel('Year').fill('2024');
      await page.getByLabel('Brand').fill('Zephyr Carts');
      await page.getByLabel('Model', { exact: true }).fill(`Gust ${id}`);
      await page.getByLabel('Price').fill('10495');
      await page.getByRole('button', { name: 'Add the unit' }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/inventory/${stockNumber}\\?done=created$`));

      await page.goto(`/staff/inventory/${stockNumber}/photos`);
      await waitForHydration(page, { deferredParts: false });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Photos of 2024 Zephyr Carts Gust ${id}`);
      await expectNoAxeViolations(page);

      await page
        .getByLabel(/^Photos \(JPEG/)
        .setInputFiles([await photo('front.jpg', '#2050a0'), await photo('side.jpg', '#20a050'), await photo('rear.jpg', '#a05020')]);
      await page.getByRole('button', { name: 'Upload' }).click();
      await expect(page).toHaveURL(/\?done=upload$/);
      await expect(page.getByRole('status').first()).toContainText('Received');
      // Processed in the background: the page asks how they stand until all three are on the unit.
      await expect(staffPhotos(page)).toHaveCount(3, { timeout: 60_000 });
      await expect(page.getByText('Ready', { exact: true })).toHaveCount(3);
      await expectNoAxeViolations(page);

      const before = await staffPhotos(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-photo')!));
      const publicPath = (await page.getByRole('link', { name: 'See the unit’s page' }).getAttribute('href'))!;
      expect(await publicPhotos(page, publicPath)).toEqual(before);

      await staffPhotos(page).nth(2).dragTo(staffPhotos(page).nth(0));
      await expect(page.getByRole('status').first()).toContainText('The new order is saved.');
      const after = await staffPhotos(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-photo')!));
      expect(after).toEqual([before[2], before[0], before[1]]);
      await expect(page.getByRole('img', { name: 'Photo 1, the main photo' })).toBeVisible();
      expect((await publicPhotos(page, publicPath))[0]).toBe(before[2]);

      // The same without dragging: the keyboard's buttons.
      await page.getByRole('button', { name: 'Make photo 3 the main photo' }).click();
      await expect(page.getByRole('status').first()).toContainText('The order is saved.');
      expect((await publicPhotos(page, publicPath))[0]).toBe(before[1]);
      await expectNoAxeViolations(page);
    });
  });
}
