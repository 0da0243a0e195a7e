import express, { Router, type RequestHandler } from 'express';
import { AppError } from '../src/http/app-error.server';
import { clientRateLimit } from '../src/http/client-rate-limit.server';
import { sameOriginOnly } from '../src/http/same-origin-only.server';
import type { Logger } from '../src/logging/logger.server';
import { routes } from '../views/routes';
import { VITALS_ENDPOINT } from '../src/vitals/field-metric';
import { pageRouteIds } from '../src/ssr/page-route-ids.server';
import { vitalsReportSchema } from '../src/vitals/vitals-report-schema.server';

export interface VitalsControllerOptions {
  logger: Logger;
  /** PUBLIC_ORIGIN: a report is taken from the site's own pages only (see sameOriginOnly). */
  origin: string;
  /** Reports per client address per minute (VITALS_RATE_LIMIT). */
  ratePerMinute: number;
  /** Counts one view of each vehicle page a report names (the staff inventory's views); best effort. */
  countViews?: (pages: string[]) => Promise<void>;
}

/** Ten metrics of about 200 bytes each, with room to spare. */
const BODY_LIMIT = '4kb';

const reportSchema = vitalsReportSchema(pageRouteIds(routes));

/**
 * The browser sends its report with navigator.sendBeacon and a string body, which is text/plain;
 * any other media type is refused before a parser sees it. (A request without a body passes here
 * and is refused as an invalid report.)
 */
const requirePlainText: RequestHandler = (req, _res, next) => {
  next(req.is('text/plain') === false ? new AppError(415, 'Send the report as text/plain.') : undefined);
};

/**
 * `POST /api/vitals`: Core Web Vitals measured in visitors' browsers (src/vitals), validated,
 * rate-limited per client address and written to the log, one structured line per metric with
 * the figures and the page type only; the vehicle pages it names are counted (one counter per page
 * and day, nothing about the visitor). No address, user agent or URL is logged.
 */
export function vitalsController(options: VitalsControllerOptions): Router {
  const { logger } = options;
  const router = Router();

  const limiter = clientRateLimit({
    windowMs: 60_000,
    limit: options.ratePerMinute,
    logger,
    onLimit: (req, res) => {
      req.log?.warn({ status: 429 }, 'web vitals report rate-limited');
      res.status(429).set('Cache-Control', 'no-store').json({ error: 'Too many reports from your address. Please try again later.' });
    },
  });

  router.post(
    VITALS_ENDPOINT,
    limiter,
    sameOriginOnly(options.origin, 'Reports are accepted only from our own pages.'),
    requirePlainText,
    express.text({ type: 'text/plain', limit: BODY_LIMIT }),
    async (req, res) => {
      let body: unknown;
      try {
        body = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        throw new AppError(400, 'The report is not valid JSON.');
      }
      const parsed = reportSchema.safeParse(body);
      if (!parsed.success) throw new AppError(400, 'The report is not a valid web vitals report.');
      for (const { name, value, delta, rating, navigationType, route, id } of parsed.data.metrics) {
        // `metric`, not `name`: pino reserves `name` for the logger's own name.
        logger.info({ metric: name, value, delta, rating, navigationType, route, id }, 'web-vital');
      }
      // A lost count is not the visitor's problem: the report is answered either way.
      if (parsed.data.views && options.countViews) {
        await options.countViews(parsed.data.views).catch((error: unknown) => logger.warn({ err: error }, 'vehicle page views not counted'));
      }
      res.set('Cache-Control', 'no-store').status(204).end();
    },
  );
  router.all(VITALS_ENDPOINT, (_req, res) => {
    res.set('Allow', 'POST').status(405).json({ error: 'Use POST to send a report.' });
  });

  return router;
}
