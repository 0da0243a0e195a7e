import express, { Router, type RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import type { RouterContextProvider } from 'react-router';
import { SEND_FAILURE_STATUS, type InquirySender } from '../src/contact/inquiry-sender';
import { AppError } from '../src/http/app-error.server';
import { clientRateLimit } from '../src/http/client-rate-limit.server';
import { sameOriginOnly } from '../src/http/same-origin-only.server';
import type { Logger } from '../src/logging/logger.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import { formPostController } from './pages.controller';

export interface ContactControllerOptions {
  /** Checks and stores a contact form (services/inquiry-sender.service.ts). */
  inquiries: InquirySender;
  pages: PageRenderer;
  /** The context pages render with: it holds the same sender, or the one given. */
  pageContext: (inquiries?: InquirySender) => Promise<RouterContextProvider>;
  /** PUBLIC_ORIGIN: the HTML form is accepted from it and from the origin a request was sent to (see sameOriginOnly). */
  origin: string;
  /**
   * Inquiries accepted per client address per window (CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_SECONDS),
   * counted in `store` (services/contact-limit.service.ts: the database, shared by every instance).
   */
  rateLimit: { limit: number; windowSeconds: number; store?: Store };
  logger: Logger;
}

// The largest valid submission (a 5,000-character message of \u-escaped characters) fits.
const BODY_LIMIT = '32kb';
const TOO_MANY = 'Too many messages from your address. Please try again later, or call us.';

/** Refuses a body of any other media type before a parser sees it. */
function requireContentType(type: string, message: string): RequestHandler {
  return (req, _res, next) => next(req.is(type) ? undefined : new AppError(415, message));
}

/** A sender for a client over its allowance: the form comes back with why, and nothing is stored. */
const overAllowance: InquirySender = {
  send: async () => ({ ok: false, failure: 'too-many', fieldErrors: {}, formError: TOO_MANY }),
};

/**
 * The contact endpoints: `POST /api/contact` for the page's script (JSON in, JSON out), and in
 * front of the contact route's action (views/pages/contact-page.tsx), which answers the same form
 * posted without JavaScript to `POST /contact`, the checks that belong to HTTP: same origin, media
 * type, body size and the rate limit.
 */
export function contactController(options: ContactControllerOptions): Router {
  const { inquiries, pages, origin } = options;
  const router = Router();
  const renderAction = formPostController({ pages, origin, context: () => options.pageContext() });
  // Over the allowance the action still runs, with a sender that refuses: the page keeps what was typed.
  const renderRefused = formPostController({ pages, origin, context: () => options.pageContext(overAllowance) });

  // One limiter for both routes: the API and the HTML form draw on the same allowance. Only a stored
  // inquiry (201 from the API, 303 from the form) uses it up, so a visitor who mistyped their
  // e-mail address a few times can still send the corrected form.
  const limiter = clientRateLimit({
    windowMs: options.rateLimit.windowSeconds * 1000,
    limit: options.rateLimit.limit,
    store: options.rateLimit.store,
    logger: options.logger,
    counts: (res) => res.statusCode === 201 || res.statusCode === 303,
    onLimit: async (req, res, next) => {
      req.log?.warn({ status: 429 }, 'contact submission rate-limited');
      if (req.path === '/contact') return renderRefused(req, res, next);
      res.status(429).set('Cache-Control', 'no-store').json({ error: TOO_MANY });
    },
  });

  router.post(
    '/api/contact',
    limiter,
    requireContentType('application/json', 'Send the form as JSON (Content-Type: application/json).'),
    express.json({ limit: BODY_LIMIT, type: 'application/json' }),
    async (req, res) => {
      const body: unknown = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError(400, 'The request body must be a JSON object.', { fieldErrors: {} });
      }
      res.set('Cache-Control', 'no-store');
      const outcome = await inquiries.send(body as Record<string, unknown>);
      // Answered like every other API error (src/http/error-handler.server.ts): JSON, no-store, Retry-After on 503.
      if (!outcome.ok) {
        throw new AppError(
          SEND_FAILURE_STATUS[outcome.failure],
          outcome.formError ?? '',
          outcome.failure === 'invalid' ? { fieldErrors: outcome.fieldErrors } : undefined,
        );
      }
      res.status(201).json({ id: outcome.id, createdAt: outcome.createdAt });
    },
  );
  router.all('/api/contact', (req, res) => {
    res.set('Allow', 'POST').status(405).json({ error: 'Use POST to send a message.' });
  });

  router.post(
    '/contact',
    sameOriginOnly(origin, 'This form can only be sent from our own website.'),
    requireContentType('application/x-www-form-urlencoded', 'The form could not be read. Please try again.'),
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }),
    limiter,
    renderAction,
  );

  return router;
}
