// Starts the production build for the browser tests with throwaway data and mail folders.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// E2E_ROOT: a folder the runner made (playwright.config.ts), so the specs can reach the same data.
const root = process.env.E2E_ROOT || mkdtempSync(path.join(tmpdir(), 'e2e-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  // A port the system chooses unless PORT names one; the "listening" log line (LOG_LEVEL info) says
  // which, and PUBLIC_ORIGIN defaults to it.
  PORT: process.env.PORT ?? '0',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(root, 'data'),
  MAIL_DIR: path.join(root, 'mail'),
  LOG_LEVEL: 'info',
  CONTACT_RATE_LIMIT: '1000',
  // Every browser test's page reports its Web Vitals from this one address.
  VITALS_RATE_LIMIT: '10000',
  SEARCH_RATE_LIMIT: '10000',
});
console.log(`e2e server data in ${root}`);
// E2E_DIST_DIR runs another copy of the build (one inside the repository, so node_modules resolves).
const dist = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.resolve(import.meta.dirname, '../../../dist');
if (process.env.E2E_FEED) {
  // The shipped models, then the dealer's feed, imported by the operator command before the site
  // starts, so the site's catalog holds both from its first page.
  for (const args of [[], [path.resolve(process.env.E2E_FEED)]]) {
    const imported = spawnSync(process.execPath, [path.join(dist, 'server/catalog-import.js'), ...args], { env: process.env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (imported.status !== 0) process.exit(imported.status ?? 1);
  }
}
await import(path.join(dist, 'server/server.js'));
