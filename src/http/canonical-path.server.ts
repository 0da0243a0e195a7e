import type { RequestHandler } from 'express';
import { redirectKeepingQuery } from './redirect-keeping-query.server';

/**
 * One URL per page: a trailing slash or upper-case letters answer 301 to the lower-case path
 * without the slash, keeping the query string.
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const path = req.path;
  // Repeated slashes collapse too, so a path like //Example.com can never redirect off-site.
  let canonical = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (canonical.length > 1) canonical = canonical.replace(/\/+$/, '') || '/';
  if (canonical === path) return next();
  redirectKeepingQuery(req, res, 301, canonical);
};
