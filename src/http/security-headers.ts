import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The only third-party frames the site embeds: the town and showroom maps. */
export const MAP_FRAME_ORIGIN = 'https://www.google.com';

/**
 * helmet with a fresh CSP nonce per request for the inline hydration data; inline scripts without
 * it never run. HSTS only when the site is served over HTTPS.
 */
export function securityHeaders({ https, dev }: { https: boolean; dev: boolean }): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // Vite's development client injects inline modules; production needs only the nonce.
        'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': dev ? ["'self'", 'ws:'] : ["'self'"],
        'frame-src': [MAP_FRAME_ORIGIN],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
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
  return [assignNonce, policy, permissions];
}
