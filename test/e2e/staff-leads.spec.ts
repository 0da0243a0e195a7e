import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, fillContactForm, gotoHydrated, test, waitForHydration } from './support/fixtures';
import { inviteStaff } from './support/staff';
import { enrolWithPasswordAndApp } from './support/staff-enrolment';

/**
 * Issue 23: the leads inbox and a lead's page at 390 px and 1280 px with axe at zero violations, and
 * an inquiry sent through the public contact form appearing in an open inbox without a reload (the
 * inbox asks again every 20 seconds while it is in view), with the count of new leads in the tab.
 */

/** How often an open inbox asks for new inquiries (views/staff/pages/staff-leads-page.tsx). */
const POLL_MILLISECONDS = 20_000;

/** A distinct address per run and width, so no other spec's account (or an earlier run's) is met. */
function uniqueEmail(role: string, width: number): string {
  return `leads-${role}-${width}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** A distinct shopper per inquiry, so each is found in an inbox the other specs also fill. */
function uniqueShopper(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: `Pat${tag}`, lastName: `Shopper ${id}`, email: `pat-${id}@example.com` };
}

/** Enrols through the invitation link and checks the staff home greets the person by name. */
async function enrol(page: Page, link: string, name: string) {
  await enrolWithPasswordAndApp(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${name}`);
}

/** A shopper sends an inquiry through the public contact form, in a browser of their own. */
async function sendInquiry(browser: Browser, baseURL: string, shopper: ReturnType<typeof uniqueShopper>, message: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await gotoHydrated(page, '/contact?utm_source=newsletter&utm_medium=email');
  await fillContactForm(page, { ...shopper, phone: '(609) 555-0142', message });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await context.close();
}

async function expectPage(page: Page, heading: string) {
  await waitForHydration(page, { deferredParts: false });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

for (const width of [390, 1280]) {
  test.describe(`the leads inbox at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a new inquiry appears in the open inbox, and its page answers it', async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000);
      // The page's clock runs as the real one, but the test can move it on to the inbox's next poll
      // instead of waiting up to 20 seconds for it.
      await page.clock.install();
      const name = `Mia Manager ${width}`;
      await enrol(page, inviteStaff(uniqueEmail('manager', width), 'manager', name), name);
      const first = uniqueShopper('A');
      await sendInquiry(browser, baseURL!, first, 'Is the blue four-seater still in stock?\nCould I see it on Saturday?');

      await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Leads' }).click();
      await expectPage(page, 'Leads');
      const list = page.getByRole('list', { name: /^Inquiries, page 1$/ });
      await expect(list.getByRole('link', { name: `${first.firstName} ${first.lastName}` })).toBeVisible();
      await expect(page).toHaveTitle(/^\(\d+\) Leads · Staff · /);
      await expectNoAxeViolations(page);

      // The inbox stays open; a second shopper writes. No reload: the inbox's own polling shows it.
      const second = uniqueShopper('B');
      const url = page.url();
      await sendInquiry(browser, baseURL!, second, 'Do you rent six-seaters by the week in July?');
      await page.clock.fastForward(POLL_MILLISECONDS);
      await expect(list.getByRole('link', { name: `${second.firstName} ${second.lastName}` })).toBeVisible({ timeout: 30_000 });
      expect(page.url()).toBe(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads');

      await list.getByRole('link', { name: `${first.firstName} ${first.lastName}` }).click();
      await expectPage(page, `${first.firstName} ${first.lastName}`);
      await expect(page.getByText('Could I see it on Saturday?')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Call (609) 555-0142' })).toHaveAttribute('href', 'tel:+16095550142');
      await expect(page.getByRole('link', { name: 'E-mail a reply' })).toHaveAttribute('href', new RegExp(`^mailto:${first.email}\\?subject=Your%20inquiry%20to%20`));
      await expect(page.getByRole('definition').filter({ hasText: 'newsletter' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Mark contacted' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Marked contacted.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark contacted' })).toHaveCount(0);
      await expect(page.getByText(/First response in .+ of business hours, by Mia Manager/).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // The inbox with every filter open, and the assignment setting a manager may change.
      await page.goto('/staff/leads?status=contacted&assignee=mine&kind=sales');
      await expectPage(page, 'Leads');
      await expect(page.getByLabel('Assignee')).toBeVisible();
      await expect(list.getByRole('link', { name: `${first.firstName} ${first.lastName}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Assignment settings' }).click();
      await expectPage(page, 'Lead assignment');
      await expectNoAxeViolations(page);
    });
  });
}
