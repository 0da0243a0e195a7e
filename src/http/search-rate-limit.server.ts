import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.server';
import { clientRateLimit } from './client-rate-limit.server';

const TOO_MANY = 'Too many searches from your address. Please wait a minute and try again, or call us.';

/**
 * At most `limit` inventory searches per client address per minute, for the page and the API
 * alike; a request without a search (the inventory as linked, a filter) never counts.
 */
export function searchRateLimit({ limit, logger }: { limit: number; logger: Logger }): RequestHandler {
  const limiter = clientRateLimit({
    windowMs: 60_000,
    limit,
    logger,
    onLimit: (req, res) => {
      req.log?.warn({ status: 429 }, 'inventory search rate-limited');
      res.status(429).set('Cache-Control', 'no-store');
      if (req.path.startsWith('/api/')) res.json({ error: TOO_MANY });
      else res.type('text/plain').send(TOO_MANY);
    },
  });
  return (req, res, next) => {
    const search = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('search');
    return search && search.trim() !== '' ? limiter(req, res, next) : next();
  };
}
