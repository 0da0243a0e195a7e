import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { seedCatalogIfEmpty } from '../../services/catalog-import.service';
import type { InquiryOutbox } from '../../services/mail-outbox.service';
import { composeSite } from '../../server/compose-site';
import type { BusinessFile } from '../../src/config/business-file';
import { loadEnv, type Env } from '../../src/config/env.server';
import { loadBusinessFile } from '../../src/config/load-business-file.server';
import { createLogger } from '../../src/logging/logger.server';
import type { MailTransport } from '../../src/mail/mail-transport.server';
import { STAFF_PAGES } from '../../src/ssr/page-assets.server';
import { fileTemplateRenderer } from '../../src/ssr/page-renderer.server';
import { systemClock, type Clock } from '../../src/time/clock';
import { renderPage } from '../../views/entry-server';
import { renderStaffPage } from '../../views/staff/staff-entry-server';
import { startTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  /** The Express app, not listening: hand it to Supertest's request(app). */
  app: Express;
  env: Env;
  /** The business file the site runs with (BUSINESS_FILE, else the shipped one). */
  business: BusinessFile;
  database: TestDatabase;
  /** The site's clock (TestAppOptions.clock, else the system's). */
  clock: Clock;
  /** The site's outbox, wired as the server wires it, sending through this transport; not started. */
  outbox(transport: MailTransport): InquiryOutbox;
  /** Disconnects and removes the test database. */
  close(): Promise<void>;
}

const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

export interface TestAppOptions {
  /**
   * Render into the production build's template (dist/client/index.html: hashed asset links) with
   * its manifest's modulepreload tags, as visitors get them, rather than the source index.html.
   * Needs `npm run build` first.
   */
  builtTemplate?: boolean;
  /**
   * The site's clock (test/support/test-clock.ts): open or closed signs and promotions, when an
   * inquiry arrived, and when the catalog version is read again. Unset: the system clock.
   */
  clock?: Clock;
  /**
   * Where the site's log lines go, at every level (trace), instead of being silenced: a test that
   * reads them (test/support/log-lines.ts) sees exactly what an operator's log collection would.
   */
  log?: DestinationStream;
  /**
   * Another test app's database: this app is a second instance of the site on the same store, as
   * two servers on one MongoDB (each with its own memory: render cache, limiter state, outbox).
   * Its close() leaves the database to the app that started it.
   */
  database?: TestDatabase;
}

/** Turns typed overrides back into the strings an environment holds, so loadEnv checks them as usual. */
function asEnvironment(overrides: Partial<Env>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(overrides).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
}

/**
 * The whole site for HTTP tests, put together by the server's own composeSite: the configuration from
 * loadEnv (defaults plus `overrides`, logging silenced unless `options.log` takes it), a fresh test database that gets the shipped
 * catalog unless SEED_CATALOG is false, the catalog service, and the source index.html with
 * the server renderer. It never listens; Supertest binds port 0 itself.
 *
 *   const site = await startTestApp();
 *   await request(site.app).get('/inventory').expect(200);
 *   await site.close();
 *
 * Mongoose's default connection is process-wide, so a test file runs one test app at a time.
 */
export async function startTestApp(overrides: Partial<Env> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const env = loadEnv({ ...asEnvironment(overrides), LOG_LEVEL: options.log ? 'trace' : 'silent', NODE_ENV: 'test' });
  const business = loadBusinessFile(env.BUSINESS_FILE);
  const logger = createLogger(env, options.log);
  const database = options.database ?? (await startTestDatabase());
  if (env.SEED_CATALOG) await seedCatalogIfEmpty(logger);
  const clock = options.clock ?? systemClock;
  const site = composeSite({
    env,
    business,
    clock,
    logger,
    pages: options.builtTemplate
      ? fileTemplateRenderer(fromRoot('dist/client/index.html'), renderPage, fromRoot('dist/client/.vite/manifest.json'))
      : fileTemplateRenderer(fromRoot('index.html'), renderPage),
    staffPages: options.builtTemplate
      ? fileTemplateRenderer(fromRoot('dist/client/staff.html'), renderStaffPage, fromRoot(`dist/client/${STAFF_PAGES.manifest}`), STAFF_PAGES)
      : fileTemplateRenderer(fromRoot('staff.html'), renderStaffPage),
    isDatabaseReady: () => database.isReady(),
    staticDir: fromRoot('public'),
  });
  const close = options.database ? async () => undefined : () => database.close();
  return { app: site.app, outbox: site.outbox, env, business, database, clock, close };
}

/**
 * The test app for the tests around the call, a whole file or one describe block: started before
 * the first of them and closed after the last. The object it returns is filled in once the app has
 * started, so read it inside tests and hooks, not where they are declared.
 *
 *   const site = useTestApp({ CONTACT_RATE_LIMIT: 1000 });
 *   test('…', async () => {
 *     await request(site.app).get('/contact').expect(200);
 *   });
 */
export function useTestApp(overrides: Partial<Env> = {}, options: TestAppOptions = {}): TestApp {
  const site = {} as TestApp;
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(overrides, options);
    Object.assign(site, started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return site;
}
