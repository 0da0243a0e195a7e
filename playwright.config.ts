import { defineConfig, devices } from '@playwright/test';

// A port per run (workers inherit it from the runner's environment), so two runs never collide.
process.env.E2E_PORT ??= String(20000 + (process.pid % 20000));
const PORT = Number(process.env.E2E_PORT);
// A second site whose catalog also holds the sample feed's used units (test/e2e/units.spec.ts),
// so the other specs keep the shipped 23 models.
process.env.E2E_UNITS_PORT ??= String(PORT + 20000);
const UNITS_PORT = Number(process.env.E2E_UNITS_PORT);

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
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node test/e2e/support/start-e2e-server.mjs`,
      url: `http://127.0.0.1:${PORT}/readyz`,
      env: { PORT: String(PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node test/e2e/support/start-e2e-server.mjs`,
      url: `http://127.0.0.1:${UNITS_PORT}/readyz`,
      // The feed's 17 photos are processed before the site starts: about 20 s of CPU.
      env: { PORT: String(UNITS_PORT), E2E_FEED: 'seeds/sample-feed.csv' },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
