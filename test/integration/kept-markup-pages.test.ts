import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeSite } from '../../server/compose-site';
import { loadEnv } from '../../src/config/env.server';
import { loadBusinessFile } from '../../src/config/load-business-file.server';
import { createLogger } from '../../src/logging/logger.server';
import { fileTemplateRenderer } from '../../src/ssr/page-renderer.server';
import { keepMarkupWith } from '../../views/components/kept-markup';
import { renderComponent, renderPage } from '../../views/entry-server';
import { renderStaffPage } from '../../views/staff/staff-entry-server';
import { testClock } from '../support/test-clock';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

// Parts the server renders once for equal props (views/components/kept-markup.ts: the catalog's
// cards, the header, the footer) must leave every page byte for byte as React renders it in place, or the
// browser would hydrate against other HTML than its own render.

const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));
const clock = testClock(new Date('2026-11-23T10:00:00-05:00'));
let database: TestDatabase;

/** The site as server/compose-site.ts puts it together, with its own empty render cache. */
function site(): Express {
  const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  return composeSite({
    env,
    business: loadBusinessFile(undefined),
    logger: createLogger(env),
    clock: clock.now,
    pages: fileTemplateRenderer(fromRoot('index.html'), renderPage),
    staffPages: fileTemplateRenderer(fromRoot('staff.html'), renderStaffPage),
    isDatabaseReady: () => database.isReady(),
    staticDir: fromRoot('public'),
  }).app;
}

const PAGES = [
  '/',
  '/inventory',
  '/inventory?search=nomad',
  '/inventory?brand=evolution&page=1',
  '/denago',
  '/vehicles/denago-ev-city',
  '/contact',
  '/about',
  '/rentals',
  '/privacy',
];

describe('pages with parts rendered once', () => {
  beforeAll(async () => {
    database = await startTestDatabase({ seedCatalog: true });
  });
  afterAll(async () => {
    keepMarkupWith(renderComponent);
    await database?.close();
  });

  it('are the same bytes as pages rendered whole, the first time and when the parts are kept', async () => {
    const html = async (app: Express) => Promise.all(PAGES.map(async (path) => (await request(app).get(path).expect(200)).text));
    const rendered: string[] = [];
    keepMarkupWith((component, props) => {
      rendered.push(component.name);
      return renderComponent(component, props);
    });
    const first = await html(site());
    const renderedFirst = rendered.splice(0);
    const kept = await html(site());
    // Every part was kept the first time: the header once per navigation item shown current (Home,
    // Inventory, Contact, About, Rentals) and once for pages of none (a model's page, privacy).
    expect(rendered).toEqual([]);
    expect(renderedFirst.filter((name) => name === 'HeaderOfItem')).toHaveLength(6);
    keepMarkupWith(undefined);
    const whole = await html(site());
    for (const [index, path] of PAGES.entries()) {
      expect(first[index], path).toBe(whole[index]);
      expect(kept[index], path).toBe(whole[index]);
    }
    expect(whole[2]).toContain('<footer class="bg-brand-950 text-brand-100">');
    expect(whole[2]).toContain(
      '<a aria-current="page" class="rounded-full px-3 py-2 text-sm font-semibold transition-colors bg-brand-50 text-brand-700" href="/inventory"',
    );
    expect(whole[2]!.match(/<article class="group relative/g)?.length).toBeGreaterThan(0);
  });
});
