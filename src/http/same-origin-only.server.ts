import type { Request, RequestHandler } from 'express';
import { AppError } from './app-error.server';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin this request was sent to, as the browser saw it: the Host header and the connection's
 * scheme, or X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY lets Express believe them.
 */
function requestOrigin(req: Request): string | undefined {
  return req.host ? originOf(`${req.protocol}://${req.host}`) : undefined;
}

/**
 * Whether a browser sent this request from one of the site's own pages. Fetch metadata first: a
 * browser that says `Sec-Fetch-Site: same-origin` is believed, and one that says `cross-site` is
 * refused. Otherwise (older browsers, `same-site`, `none`) the Origin header, or the Referer when
 * there is no Origin, must be the configured PUBLIC_ORIGIN or the origin the request was sent to,
 * so a site reached on another port or host name than PUBLIC_ORIGIN still takes its own forms.
 * A request that names no source at all is refused: every browser sends one of the three.
 *
 * `requireOrigin` (the staff area's posts): no Referer fallback, so a post must carry
 * `Sec-Fetch-Site: same-origin` or a matching Origin header, which every current browser sends on a post.
 */
export function isSameOriginRequest(req: Request, publicOrigin: string, { requireOrigin = false } = {}): boolean {
  const site = req.get('sec-fetch-site');
  if (site === 'same-origin') return true;
  if (site === 'cross-site') return false;
  // "null" (a sandboxed frame, a redirect across sites) is an origin that matches nothing.
  const source = req.get('origin') ?? (requireOrigin ? undefined : originOf(req.get('referer')));
  if (!source) return false;
  return source === publicOrigin || source === requestOrigin(req);
}

/** Refuses (403, with the message given) a post that another site's page makes through a visitor's browser. */
export function sameOriginOnly(publicOrigin: string, refusal: string): RequestHandler {
  return (req, _res, next) => next(isSameOriginRequest(req, publicOrigin) ? undefined : new AppError(403, refusal));
}
