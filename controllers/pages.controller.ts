import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { RequestContext } from '../src/request-context';
import type { PageRenderer } from '../src/ssr/page-renderer';
import { fetchRequest } from '../src/ssr/fetch-request';
import type { RenderedPage } from '../src/ssr/render-page';
import { isStorable, pageBody, watchedCatalog, type RenderCache } from '../src/ssr/render-cache';

/**
 * A stand-in for the CSP nonce while rendering, so the ETag describes the page rather than the
 * nonce, which is new on every response.
 */
const NONCE_PLACEHOLDER = 'cspnonceplaceholder0000';

/** The whole document: the template with the page's head, its chunks to preload, and its HTML. */
async function documentHtml(pages: PageRenderer, rendered: Extract<RenderedPage, { kind: 'page' }>, url: string): Promise<string> {
  const [template, preloads] = await Promise.all([pages.template(url), pages.preloadTags(rendered.routeIds)]);
  const head = preloads ? `${rendered.head}\n    ${preloads}` : rendered.head;
  return template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => rendered.html);
}

/** The document with its status and ETag; 304 when the visitor's copy of a 200 is current. */
function sendDocument(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], status: number, etag: string, body: () => string | Buffer): void {
  res.status(status);
  res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ETag: etag });
  if (status === 200 && req.fresh) {
    // The browser keeps its copy, and with it the policy whose nonce matches that copy.
    res.removeHeader('Content-Security-Policy');
    res.status(304).end();
    return;
  }
  res.send(body());
}

/**
 * Server-renders every page route: complete HTML, real status codes, ETags for revisits. With a
 * render cache, a page already rendered for the same URL and catalogue version is sent again,
 * with this response's own nonce; so the page context must hold nothing particular to one request.
 */
export function pagesController(
  pages: PageRenderer,
  context: (req: Parameters<RequestHandler>[0]) => RequestContext,
  origin: string,
  cache?: RenderCache,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const slot = cache ? await cache.lookup(req.originalUrl) : null;
      const cached = slot?.page;
      if (cached) return sendDocument(req, res, cached.status, cached.etag, () => pageBody(cached, String(res.locals.cspNonce)));
      const requestContext = context(req);
      const watched = slot ? watchedCatalog(requestContext.catalog) : undefined;
      const rendered = await pages.render(fetchRequest(req, origin), watched ? { ...requestContext, catalog: watched.catalog } : requestContext, NONCE_PLACEHOLDER);
      if (rendered.kind === 'redirect') return res.redirect(rendered.status, rendered.location);
      const html = await documentHtml(pages, rendered, req.originalUrl);
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      const details = { catalogFailed: watched?.failed() ?? true, setsCookie: res.hasHeader('Set-Cookie'), formState: requestContext.formState !== undefined };
      if (cache && slot && isStorable(rendered, req.originalUrl, details)) {
        cache.store(slot, { status: rendered.status, etag, parts: html.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part)) });
      }
      sendDocument(req, res, rendered.status, etag, () => html.replaceAll(NONCE_PLACEHOLDER, String(res.locals.cspNonce)));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Answers a form post that was not accepted with the page it came from, rendered as that page's
 * GET with the form's state in the request context: the status given, and never stored by any
 * cache, since the page holds what the visitor typed.
 */
export async function sendFormPage(
  pages: PageRenderer,
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  context: RequestContext,
  origin: string,
  status: number,
): Promise<void> {
  const rendered = await pages.render(new Request(fetchRequest(req, origin), { method: 'GET' }), context, NONCE_PLACEHOLDER);
  if (rendered.kind === 'redirect') return res.redirect(303, rendered.location);
  const html = await documentHtml(pages, rendered, req.originalUrl);
  res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.send(html.replaceAll(NONCE_PLACEHOLDER, String(res.locals.cspNonce)));
}
