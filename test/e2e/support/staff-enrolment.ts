import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test, waitForHydration } from './fixtures';

/** The password every e2e staff member chooses: long, and not on any list of common ones. */
export const STAFF_PASSWORD = 'four gulls over the Barnegat inlet';

/** The masked form token every staff form carries. */
function formTokenIn(html: string): string {
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no form token on the page');
  return match[1]!;
}

/**
 * Accepts an invitation (a link from inviteStaff) for a spec about what comes after it: a password,
 * the authenticator app (its code worked out from the key the page shows), the recovery codes shown
 * once; the person ends signed in on /staff. The forms are posted as a browser without JavaScript
 * posts them, through the page's own cookies (page.request), rather than typed into each welcome
 * page: staff-enrolment.spec.ts and staff-accessibility.spec.ts go through those pages in the
 * browser, and every other staff spec saves the five page loads.
 */
export async function enrolWithPasswordAndApp(page: Page, link: string): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const get = async (path: string) => {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), `GET ${path}`).toBe(200);
    return response.text();
  };
  const post = async (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
  const postAndFollow = async (path: string, form: Record<string, string>, next: string) => {
    const response = await post(path, form);
    expect(response.status(), `POST ${path}`).toBe(303);
    expect(response.headers().location).toBe(next);
  };

  await postAndFollow('/staff/invitation', { token: new URL(link, origin).searchParams.get('token')! }, '/staff/welcome');
  await postAndFollow(
    '/staff/welcome/password',
    { formToken: formTokenIn(await get('/staff/welcome/password')), password: STAFF_PASSWORD },
    '/staff/welcome/authenticator-app',
  );
  const appPage = await get('/staff/welcome/authenticator-app');
  const key = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(appPage)![1]!;
  const code = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await postAndFollow('/staff/welcome/authenticator-app', { formToken: formTokenIn(appPage), code }, '/staff/welcome/recovery-codes');
  const shown = await post('/staff/welcome/recovery-codes', { formToken: formTokenIn(await get('/staff/welcome/recovery-codes')) });
  expect(shown.status()).toBe(200);
  const shownPage = await shown.text();
  expect([...shownPage.matchAll(/<li>[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}<\/li>/g)]).toHaveLength(10);
  await postAndFollow('/staff/welcome', { formToken: formTokenIn(shownPage), intent: 'finish' }, '/staff');

  await page.goto('/staff');
  await waitForHydration(page, { deferredParts: false });
  await expect(page).toHaveURL(/\/staff$/);
}
