import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { RequestContext } from '../src/request-context';
import type { PageRenderer } from '../src/ssr/page-renderer';
import { fetchRequest } from '../src/ssr/fetch-request';
import type { RenderedPage } from '../src/ssr/render-page';

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

/** Server-renders every page route: complete HTML, real status codes, ETags for revisits. */
export function pagesController(pages: PageRenderer, context: (req: Parameters<RequestHandler>[0]) => RequestContext, origin: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const rendered = await pages.render(fetchRequest(req, origin), context(req), NONCE_PLACEHOLDER);
      if (rendered.kind === 'redirect') return res.redirect(rendered.status, rendered.location);
      const html = await documentHtml(pages, rendered, req.originalUrl);
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      res.status(rendered.status);
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ETag: etag });
      if (rendered.status === 200 && req.fresh) {
        // The browser keeps its copy, and with it the policy whose nonce matches that copy.
        res.removeHeader('Content-Security-Policy');
        return res.status(304).end();
      }
      res.send(html.replaceAll(NONCE_PLACEHOLDER, String(res.locals.cspNonce)));
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
