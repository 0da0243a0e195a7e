import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The staff site's data folder, made once by the runner: its workers inherit the variable, so the
// staff specs can run the operator commands (npm run staff:invite) on the running site's database.
process.env.E2E_ROOT ??= mkdtempSync(path.join(tmpdir(), 'e2e-'));

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * Browser tests run against the production build (npm run build) in Debian's Chromium; no
 * browser is downloaded. The server gets its own temporary data and mail folders.
 */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // The port the server chose, which the runner reads from its "listening" line (webServer.wait)
    // before the workers start; they load this file with it in their environment.
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /staff-[^/]*\.spec\.ts$/, use: chromium },
    // The staff specs sign in and enrol over and over (argon2id: about 100 ms of CPU and 19 MiB per
    // password): on a site of their own, so that this work never slows the public pages whose speed and
    // layout stability the other specs measure (web-vitals.spec.ts asks for no layout shift at all).
    { name: 'staff', testMatch: /staff-[^/]*\.spec\.ts$/, use: { ...chromium, baseURL: `http://127.0.0.1:${process.env.E2E_STAFF_PORT}` } },
  ],
  webServer: [
    {
      command: `node test/e2e/support/start-e2e-server.mjs`,
      // The server listens on a port the system chooses (PORT=0) and names it in its "listening" log line.
      wait: { stdout: /"port":(?<e2e_port>\d+),"origin":"[^"]*","msg":"listening"/ },
      // Its own data folder (an empty E2E_ROOT: the runner's environment would hand it the staff site's).
      env: { PORT: '0', E2E_ROOT: '' },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A second site whose catalog also holds the sample feed's used units (test/e2e/units.spec.ts),
      // so the other specs keep the shipped 23 models. The feed's 17 photos are processed before the
      // site starts: about 20 s of CPU.
      command: `node test/e2e/support/start-e2e-server.mjs`,
      wait: { stdout: /"port":(?<e2e_units_port>\d+),"origin":"[^"]*","msg":"listening"/ },
      env: { PORT: '0', E2E_FEED: 'seeds/sample-feed.csv', E2E_ROOT: '' },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The staff area's site (the staff-*.spec.ts project), on the data folder the specs invite into.
      command: `node test/e2e/support/start-e2e-server.mjs`,
      wait: { stdout: /"port":(?<e2e_staff_port>\d+),"origin":"[^"]*","msg":"listening"/ },
      env: { PORT: '0', E2E_ROOT: process.env.E2E_ROOT },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
