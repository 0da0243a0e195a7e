import type { BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectNoAxeViolations, test, waitForHydration } from './support/fixtures';
import { inviteStaff } from './support/staff';
import { enrolWithPasswordAndApp } from './support/staff-enrolment';

/**
 * Issue 22: axe, zero violations, on every page of the staff route table (views/staff/staff-routes.tsx)
 * at 390 px and 1280 px, with JavaScript, and a visible Sign out on every page that needs a session
 * (ASVS 7.4.4), enrolment included. Where each page is checked, at both widths:
 *
 *   sign-in, sign-in ?with=recovery-code, a refused sign-in ............ signed out
 *   invitation, welcome, welcome/password, welcome/authenticator-app,
 *   welcome/recovery-codes (before and after the codes are shown),
 *   welcome once set up ................................................ as an owner enrols
 *   home, account, people, people/new, a person, audit log, confirm,
 *   404 ................................................................ as that owner
 *   403 (a salesperson on /staff/people) ............................... as a salesperson
 *
 * Each width enrols its own owner and salesperson once (unique e-mails), and the owner pages reuse
 * the owner's cookies instead of signing in again.
 */

/** The code an authenticator app shows now for the key the page shows ("ABCD EFGH …"). */
function currentCode(key: string): string {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

const PASSWORD = 'four gulls over the Barnegat inlet';

/** A distinct address per run, width and role, so no other spec's account (or an earlier run's) is met. */
function uniqueEmail(role: string, width: number): string {
  return `a11y-${role}-${width}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** The page's one heading, once React has hydrated it: what axe should see is the page as a person uses it. */
async function expectPage(page: Page, heading: string | RegExp) {
  await waitForHydration(page, { deferredParts: false });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/** ASVS 7.4.4: a page that needs a session shows how to end it, in view and big enough to tap. */
async function expectSignOut(page: Page) {
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeInViewport();
  const box = await signOut.boundingBox();
  expect(box?.height, 'Sign out is at least 44 px tall').toBeGreaterThanOrEqual(44);
}

async function expectNoSignOut(page: Page) {
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
}

/**
 * Accepts an invitation and enrols a password and an authenticator app, as a person with
 * JavaScript does; `check` runs on every page on the way (the invitation, each welcome step), and
 * the person ends signed in on /staff.
 */
async function enrolOnEachPage(page: Page, link: string, name: string, check: (page: Page) => Promise<void>) {
  await page.goto(link);
  await expectPage(page, 'Your invitation');
  await expectNoSignOut(page);
  await check(page);
  await page.getByRole('button', { name: 'Accept' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome$/);
  await expectPage(page, `Welcome, ${name}`);
  await expectSignOut(page);
  // The passkey button appears once its library has loaded; axe sees the page with it.
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  await check(page);
  await page.getByRole('link', { name: 'Choose a password' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome\/password$/);
  await expectPage(page, 'Choose a password');
  await expectSignOut(page);
  await check(page);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome\/authenticator-app$/);
  await expectPage(page, 'Add the authenticator app');
  await expectSignOut(page);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await check(page);
  const key = (await page.getByTestId('authenticator-key').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(currentCode(key));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  await expect(page).toHaveURL(/\/staff\/welcome\/recovery-codes$/);
  await expectPage(page, 'Recovery codes');
  await expectSignOut(page);
  await check(page);
  await page.getByRole('button', { name: 'Show my recovery codes' }).click();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await check(page);

  // Back on the welcome page before finishing: it says the person is set up.
  await page.goto('/staff/welcome');
  await expectPage(page, `Welcome, ${name}`);
  await expect(page.getByRole('heading', { name: 'You are set up' })).toBeVisible();
  await expectSignOut(page);
  await check(page);
  await page.getByRole('button', { name: 'Go to the staff area' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expectPage(page, `Hello, ${name}`);
}

for (const width of [390, 1280]) {
  test.describe(`staff pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sign-in with the app’s code, with a recovery code, and refused', async ({ page }) => {
      await page.goto('/staff/sign-in');
      await expectPage(page, 'Sign in');
      await expectNoSignOut(page);
      // With JavaScript the page also offers a passkey; axe sees the page with the button.
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/staff/sign-in?with=recovery-code');
      await expectPage(page, 'Sign in');
      await expect(page.getByLabel('Recovery code')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/staff/sign-in');
      await expectPage(page, 'Sign in');
      await page.getByLabel('E-mail').fill(uniqueEmail('nobody', width));
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByLabel('Code from your authenticator app').fill('123456');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText('do not match');
      await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });

    test('the 404 page, signed out', async ({ page }) => {
      const response = await page.goto('/staff/no-such-page');
      expect(response?.status()).toBe(404);
      await expectPage(page, 'Page not found');
      await expectNoSignOut(page);
      await expectNoAxeViolations(page);
    });

    test('the 403 page: a salesperson on /staff/people', async ({ page, expectedConsoleErrors }) => {
      // The page is answered 403 on purpose; Chromium logs that as a console error.
      expectedConsoleErrors.push(/status of 403/);
      // The welcome pages are checked as the owner enrols, below.
      await enrolWithPasswordAndApp(page, inviteStaff(uniqueEmail('sales', width), 'sales', 'Sam Sales'));
      await expectPage(page, 'Hello, Sam Sales');
      // A salesperson's menu has no People: the address is typed.
      await expect(page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'People' })).toHaveCount(0);
      const response = await page.goto('/staff/people');
      expect(response?.status()).toBe(403);
      await expectPage(page, 'Not part of your role');
      await expectSignOut(page);
      await expectNoAxeViolations(page);
    });

    test.describe.serial('as an owner', () => {
      /** The enrolled owner's cookies (their session), kept for the owner pages after the enrolment. */
      let ownerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
      let ownerName = '';

      test('the invitation and every welcome step, as the owner enrols', async ({ page }) => {
        ownerName = `Olive Owner ${width}`;
        await enrolOnEachPage(page, inviteStaff(uniqueEmail('owner', width), 'owner', ownerName), ownerName, expectNoAxeViolations);
        ownerState = await page.context().storageState();
      });

      test.describe('signed in', () => {
        test.use({
          storageState: async ({}, use) => {
            if (!ownerState) throw new Error('The owner did not enrol: see the test before.');
            await use(ownerState);
          },
        });

        const pages: { path: string; heading: string | RegExp; title: string }[] = [
          { title: 'home', path: '/staff', heading: /^Hello, Olive Owner/ },
          { title: 'account', path: '/staff/account', heading: 'Your account' },
          { title: 'people', path: '/staff/people', heading: 'People' },
          { title: 'invite a person', path: '/staff/people/new', heading: 'Invite a person' },
          { title: 'audit log', path: '/staff/audit', heading: 'Audit log' },
          { title: 'confirm it’s you', path: '/staff/confirm?returnTo=%2Fstaff%2Faccount', heading: 'Confirm it’s you' },
        ];
        for (const { title, path, heading } of pages) {
          test(`the ${title} page`, async ({ page }) => {
            await page.goto(path);
            await expectPage(page, heading);
            await expectSignOut(page);
            await expectNoAxeViolations(page);
          });
        }

        test('a person’s page, opened from the people list', async ({ page }) => {
          await page.goto('/staff/people');
          await expectPage(page, 'People');
          await page.getByRole('list', { name: 'Staff accounts' }).getByRole('link', { name: ownerName, exact: true }).click();
          await expect(page).toHaveURL(/\/staff\/people\/[0-9a-f]{24}$/);
          await expectPage(page, `${ownerName} (you)`);
          // An active account's accepted invitation is history, not an enrolment still open.
          await expect(page.getByRole('definition').filter({ hasText: /^Invitation accepted$/ })).toBeVisible();
          await expect(
            page
              .getByRole('list', { name: `Recent events of ${ownerName}` })
              .getByRole('listitem')
              .first(),
          ).toBeVisible();
          await expectSignOut(page);
          await expectNoAxeViolations(page);
        });

        test('the audit log filtered by kind', async ({ page }) => {
          await page.goto('/staff/audit');
          await expectPage(page, 'Audit log');
          await page.getByLabel('Kind').selectOption('enrolment.completed');
          await page.getByRole('button', { name: 'Show' }).click();
          await expect(page).toHaveURL(/kind=enrolment\.completed/);
          await expect(page.getByRole('link', { name: 'Clear the filter' })).toBeVisible();
          await expectSignOut(page);
          await expectNoAxeViolations(page);
        });

        test('the 404 page, signed in', async ({ page }) => {
          const response = await page.goto('/staff/people/no-such-person/nothing');
          expect(response?.status()).toBe(404);
          await expectPage(page, 'Page not found');
          await expectSignOut(page);
          await expectNoAxeViolations(page);
        });

        // Last: it changes the owner's sign-in methods. Within 5 minutes of the enrolment no confirmation is asked.
        test('the account page with a new app key, new recovery codes and a changed password, each answer in view', async ({ page }) => {
          await page.goto('/staff/account');
          await expectPage(page, 'Your account');
          await page.getByRole('button', { name: 'Replace the authenticator app' }).click();
          await expect(page.getByRole('link', { name: 'Open the authenticator app with the key' })).toBeVisible();
          await expectNoAxeViolations(page);

          // The codes are shown at the top of the page, only this once: a phone scrolled down to the button sees them.
          await page.getByRole('button', { name: 'Make new recovery codes' }).click();
          const codes = page.getByTestId('recovery-codes');
          await expect(codes.getByRole('listitem')).toHaveCount(10);
          await expect(codes).toBeInViewport();
          await expect(page.getByRole('heading', { name: 'Your new recovery codes' })).toBeFocused();
          await expectNoAxeViolations(page);

          await page.getByLabel('Current password').fill(PASSWORD);
          await page.getByLabel('New password', { exact: true }).fill(`${PASSWORD} at dawn`);
          await page.getByRole('button', { name: 'Change the password' }).click();
          await expect(page.getByRole('status')).toHaveText('Your password is changed.');
          await expect(page.getByRole('status')).toBeInViewport();
          await expectNoAxeViolations(page);
        });
      });
    });
  });
}
