import type { RequestHandler, Response } from 'express';
import { rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Logger } from '../logging/logger.server';

export interface ClientRateLimitOptions {
  windowMs: number;
  /** Requests allowed per client address per window. */
  limit: number;
  logger: Logger;
  /** Answers a request over the allowance. */
  onLimit: Options['handler'];
  /**
   * Whether an answered request used up part of the allowance; the others are given back once
   * answered. Unset: every request counts.
   */
  counts?: (res: Response) => boolean;
  /**
   * Where the counts are kept; unset: this process's memory. A store that fails lets the request
   * through, with an error line in the log: a limiter must never be what loses a visitor's request.
   */
  store?: Store;
}

/**
 * A per-client-address allowance with the standard RateLimit headers; the limiter's own
 * configuration warnings (such as a proxy header while TRUST_PROXY is unset) go to the log.
 */
export function clientRateLimit({ windowMs, limit, logger, onLimit, counts, store }: ClientRateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(store ? { store, passOnStoreError: true } : {}),
    ...(counts ? { skipFailedRequests: true, requestWasSuccessful: (_req, res) => counts(res) } : {}),
    // draft-7's RateLimit and RateLimit-Policy headers: draft-8's name the client by a SHA-256 of
    // its address, a hash made for every counted request (0.05 ms of a search's 4 in the web thread).
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    logger: {
      warn: (error, message) => logger.warn({ component: 'rate-limit', err: error }, message ?? 'rate limiter warning'),
      error: (error, message) => logger.error({ component: 'rate-limit', err: error }, message ?? 'rate limiter error'),
    },
    handler: onLimit,
  });
}
