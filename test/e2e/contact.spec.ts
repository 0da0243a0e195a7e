import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  fillContactForm,
  gotoHydrated,
  PHONE_SCREEN,
  sendInquiryThatFails,
  test,
  waitForHydration,
  WIDE_SCREEN,
} from './support/fixtures';
import { VALID_INQUIRY } from '../support/fixtures';

const visitor = VALID_INQUIRY;

const sendButton = (page: Page) => page.getByRole('button', { name: /Send Message|Sending\.\.\./ });

test.describe('with JavaScript', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('sends the message, shows Sending... while it goes, and lands on /thank-you', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await expect(page.getByLabel("I'm Interested In")).toHaveValue('sales');
    await fillContactForm(page);
    await page.getByLabel("I'm Interested In").selectOption('parts');
    // Holds the post back until the sending state has been seen.
    let posted: unknown;
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      posted = route.request().postDataJSON();
      await seen;
      await route.continue();
    });
    await sendButton(page).click();
    await expect(sendButton(page)).toHaveText('Sending...');
    await expect(sendButton(page)).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Message!');
    expect(posted).toMatchObject({ ...visitor, interest: 'parts' });
  });

  test('checks the fields in the browser and shows each message beside its field', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts.push(request.method());
    });
    await gotoHydrated(page, '/contact');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Phone', { exact: true }).fill('555-0100');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await sendButton(page).click();

    for (const [label, message] of [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Email', 'Invalid email address'],
      ['Phone', 'Phone number is required'],
      ['Message', 'Message must be at least 10 characters'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel('First Name')).toBeFocused();
    expect(posts).toEqual([]);

    // Corrections clear the messages as the visitor types.
    await page.getByLabel('First Name').fill('Jane');
    await expect(page.getByLabel('First Name')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('First name is required')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('when sending fails, the form comes back with an Error toast carrying the server text', async ({ page, expectedConsoleErrors }) => {
    expectedConsoleErrors.push(/status of 500/);
    await sendInquiryThatFails(page, 'Our mail room is closed for a moment.');

    const toast = page.getByRole('status').filter({ hasText: 'Error' });
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Our mail room is closed for a moment.');
    await expect(sendButton(page)).toHaveText('Send Message');
    await expect(sendButton(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/contact$/);
    // What the visitor typed is still there to send again.
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(visitor.message);
    const box = await toast.locator('[data-variant="destructive"]').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(420);
    await expectNoAxeViolations(page);
    // The toast leaves by itself after five seconds.
    await expect(toast.locator('[data-variant]')).toHaveCount(0, { timeout: 6500 });
  });

  test('an answer without an error text shows the fallback message, and a swipe dismisses it', async ({ page, expectedConsoleErrors }) => {
    expectedConsoleErrors.push(/status of 502/);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
    await gotoHydrated(page, '/contact');
    await fillContactForm(page);
    await sendButton(page).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toContainText('Failed to send message. Please try again.');

    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 70, y, { steps: 3 });
    await page.mouse.move(box.x + 110, y, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('a rental RESERVE TODAY button opens the form with the interest and the plan filled in', async ({ page }) => {
    await gotoHydrated(page, '/rentals');
    await page.locator('a[href="/contact?interest=general&topic=rental&plan=6-seater-weekly"]').first().click();
    await expect(page).toHaveURL(/\/contact\?interest=general&topic=rental&plan=6-seater-weekly$/);
    await expect(page.getByLabel("I'm Interested In")).toHaveValue('general');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue("I'd like to reserve a 6-seater golf cart for a weekly rental.");
  });

  test('the same link opened directly is prefilled too', async ({ page }) => {
    await gotoHydrated(page, '/contact?interest=general&topic=rental&plan=6-seater-weekly');
    await expect(page.getByLabel("I'm Interested In")).toHaveValue('general');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue("I'd like to reserve a 6-seater golf cart for a weekly rental.");
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE_SCREEN });

  test('a refused form comes back with status 400, the input kept and the messages beside the fields; then it goes through', async ({ page, expectedConsoleErrors }) => {
    expectedConsoleErrors.push(/status of 400/);
    await page.goto('/contact?interest=general&topic=rental&plan=6-seater-weekly');
    await fillContactForm(page, { ...visitor, email: 'jane.doe@', message: undefined });
    const refused = page.waitForResponse((response) => response.url().endsWith('/contact') && response.request().method() === 'POST');
    await sendButton(page).click();
    expect((await refused).status()).toBe(400);

    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Invalid email address');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('jane.doe@');
    await expect(page.getByLabel('First Name')).toHaveValue('Jane');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(609) 555-0100');
    await expect(page.getByLabel("I'm Interested In")).toHaveValue('general');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue("I'd like to reserve a 6-seater golf cart for a weekly rental.");

    await page.getByLabel('Email', { exact: true }).fill('jane.doe@example.com');
    const accepted = page.waitForResponse((response) => response.url().endsWith('/contact') && response.request().method() === 'POST');
    await sendButton(page).click();
    expect((await accepted).status()).toBe(303);
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Message!');
  });
});

test('the page a refused form post comes back to hydrates cleanly and has no accessibility violations', async ({ page, expectedConsoleErrors }) => {
  expectedConsoleErrors.push(/status of 400/);
  await gotoHydrated(page, '/contact');
  await fillContactForm(page, { ...visitor, phone: '555' });
  // form.submit() skips the script's submit handler: the browser posts the form as it would without JavaScript.
  const refused = page.waitForResponse((response) => response.url().endsWith('/contact') && response.request().method() === 'POST');
  await page.locator('form[action="/contact"]').evaluate((form: HTMLFormElement) => form.submit());
  expect((await refused).status()).toBe(400);
  await waitForHydration(page);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Phone number is required');
  await expect(page.getByLabel('Last Name')).toHaveValue('Doe');
  await expectNoAxeViolations(page);
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // /thank-you is checked at both widths in platform.spec.ts.
    for (const path of ['/contact']) {
      test(`${path} has one h1 and no accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  });
}
