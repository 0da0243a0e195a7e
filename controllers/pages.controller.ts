import type { Request, RequestHandler, Response } from 'express';
import type { RouterContextProvider } from 'react-router';
import { catalogContext } from '../src/route-context/route-context';
import { PRIVATE_NO_STORE, SHARED_CACHE_CONTROL } from '../src/http/cache-control.server';
import { precompressQuickly, type Encoding } from '../src/http/precompressed-body.server';
import { preferredEncoding, sendOnce, sendPrecompressed, type PrecompressedResponse } from '../src/http/send-precompressed.server';
import { redirectKeepingQuery } from '../src/http/redirect-keeping-query.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import { fillTemplate } from '../src/ssr/document-template';
import { fetchRequest } from '../src/ssr/fetch-request.server';
import { INVENTORY_QUERY_TOO_LONG } from '../src/catalog/inventory-query';
import { AppError } from '../src/http/app-error.server';
import { pageCacheKey } from './page-cache-key';
import type { RenderedPage } from '../src/ssr/rendered-page.server';
import { isStorable, watchedCatalog, type RenderCache } from '../src/ssr/render-cache.server';

const HTML = 'text/html; charset=utf-8';

/** The whole document: the template with the page's head, its chunks to preload, the site notice, its HTML and its data. */
async function documentHtml(pages: PageRenderer, rendered: Extract<RenderedPage, { kind: 'page' }>, url: string): Promise<string> {
  const [template, preloads] = await Promise.all([pages.template(url), pages.preloadTags(rendered.routeIds)]);
  const head = preloads ? `${rendered.head}\n    ${preloads}` : rendered.head;
  return fillTemplate(template, { head, banner: rendered.banner, html: rendered.html, data: rendered.data });
}

/** A document rendered for this request and not kept: compressed once; 304 when the visitor's copy of a 200 is current. */
function sendDocument(req: Request, res: Response, status: number, cacheControl: string, html: string): void {
  sendOnce(req, res, { status, contentType: HTML, cacheControl, revalidate: true }, Buffer.from(html));
}

/** A document made for one visitor: never kept, so never revalidated; compressed once and written without an ETag. */
function sendPrivateDocument(req: Request, res: Response, status: number, html: string): void {
  sendOnce(req, res, { status, contentType: HTML, cacheControl: PRIVATE_NO_STORE }, Buffer.from(html));
}

/** What one render of a key gives every request that asked for it meanwhile. */
type SharedRender =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'kept'; page: PrecompressedResponse }
  | { kind: 'sent'; status: number; cacheControl: string; html: string };

export interface PagesControllerOptions {
  pages: PageRenderer;
  /** What every page's loaders get; it holds nothing particular to one request. */
  context: () => Promise<RouterContextProvider>;
  origin: string;
  cache?: RenderCache;
}

/**
 * Answers a page request from the render cache when it holds the page: the bytes in the encoding
 * the visitor accepts, no rendering, no compression. Placed before the rest of the app (static
 * files, redirects, the API), which a kept page has already been through: only a page that
 * rendered at a canonical address is ever kept.
 */
export function cachedPagesController(cache: RenderCache): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { key, perVisitor, tooLong } = pageCacheKey(req.originalUrl);
    if (perVisitor || tooLong) return next();
    const generation = await cache.generation();
    const page = generation === null ? undefined : cache.get(generation, key);
    if (!page) return next();
    sendPrecompressed(req, res, page);
  };
}

/**
 * The page of a moment ago to send while the key is rendered for this generation, if there is one:
 * after the clock's change (an opening, a closing, midnight) it is sent and the page is rendered
 * again in the background, one page at a time. After a write (a price, a notice) there is none:
 * every request waits for the render with the change, so whoever made it sees it. When the
 * background's queue is full, the request renders the page itself.
 */
function staleWhileRendered(cache: RenderCache, generation: string, key: string, render: () => Promise<SharedRender>): PrecompressedResponse | undefined {
  const stale = cache.stale(generation, key);
  return stale && cache.revalidate(generation, key, () => cache.renderOnce(generation, key, render)) ? stale : undefined;
}

/**
 * A page's redirect (a unit's old address, a sold unit's model page) keeps the query string the
 * visitor sent, campaign parameters included, unless the target names its own: the page was
 * rendered for its cache key, which drops the parameters it does not read.
 */
function redirectPage(req: Request, res: Response, { status, location }: { status: number; location: string }): void {
  if (location.includes('?')) res.redirect(status, location);
  else redirectKeepingQuery(req, res, status, location);
}

/**
 * Server-renders every page route: complete HTML, real status codes, ETags for revisits. A page is
 * rendered for its cache key rather than the URL (a query it does not read changes nothing), from
 * a request that carries nothing of the visitor's, so every visitor of a URL gets the same bytes;
 * with a render cache it is compressed once and kept. Pages that hold what one visitor typed or was
 * sent (a search, a prefilled contact form) are rendered for that request and marked private.
 */
export function pagesController({ pages, context, origin, cache }: PagesControllerOptions): RequestHandler {
  const renderShared = async (key: string, generation: string | null, encoding: Encoding): Promise<SharedRender> => {
    const shared = await context();
    const watched = watchedCatalog(shared.get(catalogContext));
    shared.set(catalogContext, watched.catalog);
    const rendered = await pages.render(new Request(new URL(key, origin)), shared);
    if (rendered.kind === 'redirect') return rendered;
    const html = await documentHtml(pages, rendered, key);
    const catalogFailed = watched.failed();
    // Identical for every visitor, so shared caches may keep it, unless it is an error or a stand-in for a catalog that failed.
    const cacheControl = !catalogFailed && (rendered.status === 200 || rendered.status === 404) ? SHARED_CACHE_CONTROL : 'no-store';
    if (!cache || generation === null || !isStorable(rendered, new URL(key, origin).href, catalogFailed)) {
      return { kind: 'sent', status: rendered.status, cacheControl, html };
    }
    // Compressed quickly, in the encoding asked for: most keys are asked for once in a generation; the cache improves those asked for again.
    const page = { status: rendered.status, contentType: HTML, cacheControl, body: await precompressQuickly(Buffer.from(html), encoding) };
    cache.set(generation, key, page);
    return { kind: 'kept', page };
  };

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const { key, perVisitor, tooLong } = pageCacheKey(req.originalUrl);
      if (tooLong) throw new AppError(400, INVENTORY_QUERY_TOO_LONG);
      if (perVisitor) {
        const rendered = await pages.render(fetchRequest(req, origin), await context());
        if (rendered.kind === 'redirect') return redirectPage(req, res, rendered);
        sendPrivateDocument(req, res, rendered.status, await documentHtml(pages, rendered, req.originalUrl));
        return;
      }
      const generation = cache ? await cache.generation() : null;
      const kept = generation === null ? undefined : cache!.get(generation, key);
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (!kept && generation !== null) {
        const stale = staleWhileRendered(cache!, generation, key, () => renderShared(key, generation, encoding));
        if (stale) return sendPrecompressed(req, res, stale);
      }
      const result: SharedRender = kept
        ? { kind: 'kept', page: kept }
        : generation === null
          ? await renderShared(key, null, encoding)
          : await cache!.renderOnce(generation, key, () => renderShared(key, generation, encoding));
      if (result.kind === 'redirect') return redirectPage(req, res, result);
      if (result.kind === 'kept') return sendPrecompressed(req, res, result.page);
      // Without a cache (development) the browser checks every time.
      sendDocument(req, res, result.status, cache ? result.cacheControl : 'no-cache', result.html);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Answers a form posted without JavaScript (its fields read by Express's urlencoded parser) through
 * its route's action, which React Router's static handler runs before the page's loaders: the
 * action's redirect as a 303 (the browser then GETs it), or the page again with what the visitor
 * typed and why it was not accepted, at the status the action gives. Never stored by any cache,
 * since the page holds what the visitor typed.
 */
export function formPostController({ pages, origin, context }: Pick<PagesControllerOptions, 'pages' | 'origin' | 'context'>): RequestHandler {
  return async (req, res, next) => {
    try {
      const rendered = await pages.render(fetchRequest(req, origin, req.body as Record<string, unknown>), await context());
      if (rendered.kind === 'redirect') return res.redirect(303, rendered.location);
      sendPrivateDocument(req, res, rendered.status, await documentHtml(pages, rendered, req.originalUrl));
    } catch (error) {
      next(error);
    }
  };
}
