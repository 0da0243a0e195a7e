import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VALID_INQUIRY } from '../support/fixtures';
import { listeningPort } from '../support/listening-port';
import { expect, fillContactForm, gotoHydrated, PHONE_SCREEN, test, WIDE_SCREEN } from './support/fixtures';

/** The visitor's details; the message is the one the link prefilled. */
const visitor = { ...VALID_INQUIRY, email: 'jane.doe@visitor.test', message: undefined };

test.describe('where the lead came from', () => {
  test.use({ viewport: WIDE_SCREEN });

  test('an inquiry sent later in the visit carries its first page, the referring site and the ad campaign', async ({ page }) => {
    const campaign = 'utm_source=google&utm_medium=cpc&utm_campaign=spring_street_legal&gclid=Cj0KCQiA5rGuBhCnARIsAN11vgR';
    await gotoHydrated(page, `/vehicles/denago-ev-city?${campaign}`, { referer: 'https://www.google.com/search?q=street+legal+golf+cart' });
    await page.getByRole('link', { name: 'Schedule Test Drive' }).first().click();
    await expect(page).toHaveURL(/\/contact\?/);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue("I'd like to schedule a test drive of the DENAGO EV City.");
    await fillContactForm(page, visitor);
    let posted: Record<string, unknown> = {};
    await page.route('**/api/contact', async (route) => {
      posted = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(posted).toMatchObject({
      landingPage: '/vehicles/denago-ev-city',
      referrer: 'www.google.com',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring_street_legal',
      gclid: 'Cj0KCQiA5rGuBhCnARIsAN11vgR',
      topic: 'test drive',
      vehicle: 'denago-ev-city',
    });
  });
});

// `PORT=4341 npm start` with no PUBLIC_ORIGIN, opened as http://localhost:4341 or
// http://127.0.0.1:4341: the site must take its own forms, however it was reached. Here the port
// is the one the system chooses (PORT=0), read from the server's "listening" line.
test.describe('a server on another port, without PUBLIC_ORIGIN', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess | undefined;
  let folder = '';
  let port = 0;

  test.beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'e2e-port-'));
    const entry = path.resolve(process.env.E2E_DIST_DIR ?? 'dist', 'server/server.js');
    server = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: path.join(folder, 'data'),
        MAIL_DIR: path.join(folder, 'mail'),
        LOG_LEVEL: 'info',
        CONTACT_RATE_LIMIT: '100',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    port = (await listeningPort(server)) ?? 0;
    if (port === 0) throw new Error('the server did not start');
  });

  test.afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, viewport: PHONE_SCREEN });

    for (const host of ['localhost', '127.0.0.1']) {
      test(`takes the contact form posted from http://${host}:<port>`, async ({ page }) => {
        await page.goto(`http://${host}:${port}/contact?interest=service&topic=service%20appointment`);
        await fillContactForm(page, visitor);
        const answer = page.waitForResponse((response) => response.url().endsWith('/contact') && response.request().method() === 'POST');
        await page.getByRole('button', { name: 'Send Message' }).click();
        expect((await answer).status()).toBe(303);
        await expect(page).toHaveURL(`http://${host}:${port}/thank-you`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Message!');
      });
    }
  });

  test('takes a Web Vitals report from its own page', async ({ page }) => {
    await gotoHydrated(page, `http://127.0.0.1:${port}/services`);
    const status = await page.evaluate(async () => {
      const metric = { name: 'LCP', value: 1200, rating: 'good', delta: 1200, id: 'v6-1-1', navigationType: 'navigate', route: 'services-page' };
      const response = await fetch('/api/vitals', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ metrics: [metric] }) });
      return response.status;
    });
    expect(status).toBe(204);
  });
});
