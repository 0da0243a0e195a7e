import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The only third-party frames the site embeds: the town and showroom maps. */
export const MAP_FRAME_ORIGIN = 'https://www.google.com';

/**
 * helmet with a strict CSP: scripts only from the site's own files, never inline (the router's
 * hydration data is a JSON script the browser does not run), so the policy, like the page, is the
 * same for every visitor. HSTS only when the site is served over HTTPS. `photoOrigin` is where
 * pages point for the units' photos when that is not the site (PHOTO_BASE_URL): images only.
 */
export function securityHeaders({ https, dev, photoOrigin }: { https: boolean; dev: boolean; photoOrigin?: string }): RequestHandler[] {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Vite's development client injects inline modules; production runs no inline script.
        'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...(photoOrigin ? [photoOrigin] : [])],
        'font-src': ["'self'"],
        'connect-src': dev ? ["'self'", 'ws:'] : ["'self'"],
        'frame-src': [MAP_FRAME_ORIGIN],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    next();
  };
  return [policy, permissions];
}
