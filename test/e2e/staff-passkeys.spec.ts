import type { CDPSession, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures';
import { inviteStaff } from './support/staff';

/**
 * Passkeys through Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a
 * device with a platform authenticator that verifies its user, as a phone's face or fingerprint
 * unlock does. WebAuthn refuses an IP address as the relying party, so these pages are opened on
 * `localhost` (the site's PUBLIC_ORIGIN), not on the configuration's 127.0.0.1 base URL.
 */

const origin = () => `http://localhost:${process.env.E2E_STAFF_PORT}`;

async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await waitForHydration(page, { deferredParts: false });
}

test('a salesperson enrols a passkey from the invitation, then signs in with it by autofill and by the button, and a passkey without user verification is refused', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addAuthenticator(page);
  // A new address each run: the staff site's database outlives one test (--repeat-each, retries).
  const invitation = inviteStaff(`passkey.sales.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`, 'sales', 'Pat Passkey');

  await page.goto(origin() + invitation);
  await waitForHydration(page, { deferredParts: false });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/staff\/welcome$/);
  await waitForHydration(page, { deferredParts: false });
  // A passkey is a complete sign-in method: adding it ends the enrolment and signs the person in.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat Passkey');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The sign-in page offers the passkey in the e-mail field's autofill; the virtual authenticator
  // picks it as a person would, and the page signs in without a click.
  await signOut(page);
  await expect(page).toHaveURL(/\/staff$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat Passkey');

  // A device that cannot verify its user (no face, fingerprint or screen lock) signs nobody in.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);

  // With the user verified again, the button signs in.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat Passkey');
});
