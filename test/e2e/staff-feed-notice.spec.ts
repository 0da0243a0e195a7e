import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectNoAxeViolations, test, waitForHydration } from './support/fixtures';
import { setFeedState } from './support/feed-state';
import { inviteStaff } from './support/staff';

/**
 * Issue 25, point 3: while the scheduled feed fails three times in a row, the staff home shows a
 * calm notice (why, when, the last good import) with zero axe violations at 390 px and 1280 px.
 * Screenshots go to test-results/ for a person to look at.
 */

const PASSWORD = 'four gulls over the Barnegat inlet';

function uniqueEmail(width: number): string {
  return `feed-notice-${width}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** Accepts an invitation and sets up a password and an authenticator app; the person ends signed in on /staff. */
async function enrol(page: Page, link: string) {
  await page.goto(link);
  await waitForHydration(page, { deferredParts: false });
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('link', { name: 'Choose a password' }).click();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/staff\/welcome\/authenticator-app$/);
  const key = (await page.getByTestId('authenticator-key').textContent())!.trim();
  const code = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page).toHaveURL(/\/staff\/welcome\/recovery-codes$/);
  await page.getByRole('button', { name: 'Show my recovery codes' }).click();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.goto('/staff/welcome');
  await page.getByRole('button', { name: 'Go to the staff area' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

test.describe.serial('the feed’s notice on the staff home', () => {
  test.beforeAll(() => setFeedState('failing'));
  test.afterAll(() => setFeedState('clear'));

  for (const width of [390, 1280]) {
    test(`at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await enrol(page, inviteStaff(uniqueEmail(width), 'sales', `Sam Sales ${width}`));
      await waitForHydration(page, { deferredParts: false });
      const notice = page.getByRole('region', { name: 'The inventory feed is not updating' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('The last 3 fetches of the dealer’s feed failed');
      await expect(notice).toContainText('the feed server answered 503 Service Unavailable');
      await expect(notice).toContainText('2 added, 5 changed, 1 sold, 230 left alone');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`staff-home-feed-notice-${width}.png`), fullPage: true });
    });
  }
});
