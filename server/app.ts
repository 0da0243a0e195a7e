import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import { contactController } from '../controllers/contact.controller';
import { healthController } from '../controllers/health.controller';
import { redirectsController } from '../controllers/redirects.controller';
import { sitemapController } from '../controllers/sitemap.controller';
import { inventoryController } from '../controllers/inventory.controller';
import { cachedPagesController, pagesController } from '../controllers/pages.controller';
import { photosController } from '../controllers/photos.controller';
import { vehiclesController } from '../controllers/vehicles.controller';
import { vitalsController } from '../controllers/vitals.controller';
import { countVehiclePageViews } from '../services/inventory/vehicle-page-views.service';
import type { CatalogService } from '../services/catalog.service';
import type { PhotoStore } from '../services/photos/photo-store';
import { createContactLimitStore } from '../services/contact-limit.service';
import type { SiteContentReader } from '../services/site-content/site-content-reader';
import type { BusinessProfile } from '../src/config/business-profile';
import type { InquirySender } from '../src/contact/inquiry-sender';
import { routeContext } from '../src/route-context/route-services';
import { siteData } from '../src/route-context/site-data.server';
import type { Env } from '../src/config/env.server';
import { canonicalPath } from '../src/http/canonical-path.server';
import { errorHandler } from '../src/http/error-handler.server';
import { precompressedFiles } from '../src/http/precompressed-files.server';
import { searchRateLimit } from '../src/http/search-rate-limit.server';
import { cachedJson } from '../src/http/cached-json.server';
import { securityHeaders } from '../src/http/security-headers.server';
import type { Logger } from '../src/logging/logger.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import { createRenderCache } from '../src/ssr/render-cache.server';
import type { Clock } from '../src/time/clock';

export interface AppOptions {
  env: Env;
  /** The dealer's facts as pages show them. */
  business: BusinessProfile;
  /** Promotions, holidays and the notice: the business file's with staff's (services/site-content/site-content-reader.ts). */
  siteContent: SiteContentReader;
  logger: Logger;
  /** Rendered pages and API answers are kept compressed per catalog version. */
  catalog: CatalogService;
  /** Checks and stores a contact form (services/inquiry-sender.service.ts). */
  inquiries: InquirySender;
  pages: PageRenderer;
  isDatabaseReady: () => Promise<boolean>;
  /** Folder of static files: the client build in production, public/ otherwise. */
  staticDir: string;
  /** Vite's middleware in development; it serves source modules and hot updates. */
  devMiddleware?: RequestHandler;
  /** The site's clock: open or closed signs and promotions on pages. */
  clock: Clock;
  /** The staff area (server/compose-staff.ts): every address under /staff, answered by it alone. */
  staff: Router;
  /** Where the units' processed photos are kept (DATA_DIR/photos or PHOTO_STORE_URL), served at /photos. */
  photos: PhotoStore;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Paths that can name a file: the last segment has an extension (/favicon.svg, /images/x.svg), unlike every page. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/** Builds the Express application without listening (server/compose-site.ts hands it its parts). */
export function createApp(options: AppOptions): express.Express {
  const { env, logger, business, catalog, inquiries, clock } = options;
  const site = siteData(business);
  const { siteContent } = options;
  // What every page's loaders and actions are handed; the contact form's refusal swaps the sender.
  // The business (its holidays) and the moment include what staff changed in the staff area.
  const pageContext = async (sender: InquirySender = inquiries) => {
    const now = await siteContent.now();
    return routeContext({ catalog, inquiries: sender, clock, site: { ...site, business: now.business, moment: now.moment } });
  };
  const catalogVersion = catalog.catalogVersion.bind(catalog);
  // Pages print the showrooms' open or closed signs, today's promotions and the site notice, which
  // change with the clock and with what staff save, while the render cache keeps a page per URL and
  // catalog version. Staff's content revision joins the catalog version (what was written), and the
  // end of the current business moment (the next opening, closing, midnight, or the notice's start
  // or end) is the cache's period, so the cache starts over at each of those and a kept page is
  // always the page a fresh render would give now. Within a moment the bytes are identical, so
  // caching works as before. After a write the next request waits for the page with it; after the
  // clock's change the page of a moment ago is sent while the new one renders.
  const pageVersion = async () => {
    const [version, contentRevision] = await Promise.all([catalogVersion(), siteContent.revision()]);
    return { ...version, lastModified: `${version.lastModified ?? ''}|${contentRevision}` };
  };
  const businessMoment = async () => (await siteContent.now()).moment.validUntil;
  // In development the code behind the pages changes between requests, so nothing is kept.
  const renderCache = !options.devMiddleware ? createRenderCache({ version: pageVersion, period: businessMoment, clock }) : undefined;
  const sendJson = cachedJson(clock, options.devMiddleware ? undefined : catalogVersion);
  const app = express();
  app.disable('x-powered-by');
  if (env.TRUST_PROXY) app.set('trust proxy', /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // The path only: query strings can carry what a visitor typed (searches, prefilled messages).
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(
    securityHeaders({
      https: env.PUBLIC_ORIGIN.startsWith('https:'),
      dev: Boolean(options.devMiddleware),
      // With PHOTO_BASE_URL, pages show the photos from there (a CDN or the bucket): its origin may serve images.
      ...(env.PHOTO_BASE_URL ? { photoOrigin: new URL(env.PHOTO_BASE_URL).origin } : {}),
    }),
  );
  app.use(healthController(options.isDatabaseReady));
  // The staff area before the render cache, the static files, the canonical-path redirect and the
  // public pages: it answers every /staff address itself (its own 404 included), marks every
  // answer no-store and noindex, and none of it is ever kept.
  app.use('/staff', compression(), options.staff);
  // A search is never kept (it holds what one visitor typed), so each costs a database query: a
  // client that sends more than a person types is slowed before it reaches the catalog.
  app.get(['/inventory', '/api/inventory'], searchRateLimit({ limit: env.SEARCH_RATE_LIMIT, logger }));
  // A kept page is written as it is, compressed once: before anything else looks at the request.
  if (renderCache) app.use(cachedPagesController(renderCache));
  // Every answer is compressed by what writes it: kept pages and API answers once when kept
  // (sendPrecompressed), pages and answers for one request once in one call (sendOnce), the build's
  // files at build time. No compression middleware: it would wrap every response in closures, and
  // V8 then keeps each response, with all it reaches, through young collections until a full one
  // (BENCHMARKS.md, "What a request leaves behind"). What else the site writes is under 1 KB.
  // The catalog API, whose answers are mostly kept ones, before the static files and page redirects it never needs.
  app.use('/api/vehicles', vehiclesController(catalog, sendJson));
  app.get('/api/inventory', inventoryController(catalog, sendJson));
  // The units' processed photos (npm run catalog:import writes them to the photo store): already
  // compressed images, immutable under their content-hashed names; nothing else under /photos
  // reaches the pages. Still served with PHOTO_BASE_URL, for pages kept from before it was set.
  app.use(photosController(options.photos));

  if (options.devMiddleware) app.use(options.devMiddleware);
  // The build writes each asset's .br and .gz beside it: sent as they are, never compressed again.
  const assets = path.join(options.staticDir, 'assets');
  const forAYear = { immutable: true, maxAge: YEAR_SECONDS * 1000 };
  app.use('/assets', precompressedFiles(assets, forAYear), express.static(assets, { ...forAYear, index: false, fallthrough: false }));
  const forAnHour = { maxAge: 60 * 60 * 1000 };
  const encodedFiles = precompressedFiles(options.staticDir, forAnHour);
  const staticFiles = express.static(options.staticDir, { ...forAnHour, index: false });
  // Only a path that can be a file costs a look at the disk.
  app.use((req, res, next) => (FILE_PATH.test(req.path) ? encodedFiles(req, res, (error?: unknown) => (error ? next(error) : staticFiles(req, res, next))) : next()));

  app.use(canonicalPath);
  app.use(redirectsController({ financingUrl: business.financingUrl, catalog }));
  // The process starts with each release, so its start is when the fixed pages last changed.
  app.use(sitemapController(catalog, env.PUBLIC_ORIGIN, clock(), catalogVersion));
  app.use(
    contactController({
      inquiries,
      pages: options.pages,
      pageContext,
      origin: env.PUBLIC_ORIGIN,
      // Counted in the database, so the limit holds across every instance of the site.
      rateLimit: { limit: env.CONTACT_RATE_LIMIT, windowSeconds: env.CONTACT_RATE_WINDOW_SECONDS, store: createContactLimitStore({ clock }) },
      logger,
    }),
  );
  app.use(vitalsController({ logger, origin: env.PUBLIC_ORIGIN, ratePerMinute: env.VITALS_RATE_LIMIT, countViews: (pages) => countVehiclePageViews(pages, clock()) }));
  app.use(pagesController({ pages: options.pages, context: pageContext, origin: env.PUBLIC_ORIGIN, cache: renderCache }));
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  app.use(errorHandler);
  return app;
}
