import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, waitForHydration } from './fixtures';

/** The password every e2e staff member chooses: long, and not on any list of common ones. */
export const STAFF_PASSWORD = 'four gulls over the Barnegat inlet';

/**
 * Accepts an invitation (a link from inviteStaff) as a person does on a phone: a password, then an
 * authenticator app (its code worked out from the key the page shows), then the recovery codes
 * shown once; the person ends signed in on /staff.
 */
export async function enrolWithPasswordAndApp(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await waitForHydration(page, { deferredParts: false });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/staff\/welcome$/);
  await page.getByRole('link', { name: 'Choose a password' }).click();
  await page.getByLabel('New password').fill(STAFF_PASSWORD);
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
