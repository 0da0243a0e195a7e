import { Secret, TOTP } from 'otpauth';
import { expect, PHONE_SCREEN, test } from './support/fixtures';
import { inviteStaff } from './support/staff';

// Issue 22's first owner, without JavaScript: the operator's command prints the link; the person
// opens it, sets a password, adds the authenticator app by typing the key the page shows, confirms
// it with a code (made here with otpauth, as the app would), saves the recovery codes and reaches
// /staff signed in. Every step is a plain form.

test.use({ javaScriptEnabled: false, viewport: PHONE_SCREEN });

/** The code an authenticator app shows now for a key typed in by hand ("ABCD EFGH …"). */
function currentCode(key: string): string {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

test('the first owner enrols with a password and an authenticator app and reaches /staff', async ({ page, expectedConsoleErrors }) => {
  // The refused weak password is answered 400, which Chromium logs as a console error.
  expectedConsoleErrors.push(/status of 400/);
  const email = `owner-${Date.now()}@example.org`;
  const link = inviteStaff(email, 'owner', 'Robin Owner');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your invitation' })).toBeVisible();
  await expect(page.getByText(`This invitation is for Robin Owner (${email})`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/staff\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin Owner' })).toBeVisible();

  await page.getByRole('link', { name: 'Choose a password' }).click();
  const password = page.getByLabel('New password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'new-password');
  await password.fill('password123');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert')).toContainText('one of the most common passwords');
  await page.getByLabel('New password').fill('four gulls over the Barnegat inlet');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome\/authenticator-app$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the authenticator app with the key' })).toHaveAttribute('href', /^otpauth:\/\/totp\//);
  const key = (await page.getByTestId('authenticator-key').textContent())!.trim();
  expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await page.getByLabel('Code from the app').fill(currentCode(key));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome\/recovery-codes$/);
  await page.getByRole('button', { name: 'Show my recovery codes' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
  await page.getByRole('button', { name: 'I have saved them: go to the staff area' }).click();

  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Hello, Robin Owner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
