import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { InquiryService } from '../services/inquiry.service';
import { contactFormState, type ContactFormState } from '../src/contact/contact-form-state';
import { isHoneypotFilled, parseContactContext } from '../src/contact/contact-schema';
import { parseContact } from '../src/contact/contact-schema.server';
import { parseLeadSource } from '../src/contact/lead-source';
import { AppError } from '../src/http/app-error';
import { sameOriginOnly } from '../src/http/same-origin-only';
import type { Logger } from '../src/logger';
import type { RequestContext } from '../src/request-context';
import type { PageRenderer } from '../src/ssr/page-renderer';
import { sendFormPage } from './pages.controller';

export interface ContactControllerOptions {
  inquiries: InquiryService;
  pages: PageRenderer;
  /** The context pages render with; the form's state is added to it. */
  pageContext: (req: Request) => RequestContext;
  /** PUBLIC_ORIGIN: the HTML form is accepted from it and from the origin a request was sent to (see sameOriginOnly). */
  origin: string;
  /** Submissions per client address per window (CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_SECONDS). */
  rateLimit: { limit: number; windowSeconds: number };
  logger: Logger;
}

// The largest valid submission (a 5,000-character message of \u-escaped characters) fits.
const BODY_LIMIT = '32kb';
const TOO_MANY = 'Too many messages from your address. Please try again later, or call us.';
const INVALID = 'Please correct the highlighted fields.';

/** Refuses a body of any other media type before a parser sees it. */
function requireContentType(type: string, message: string): RequestHandler {
  return (req, _res, next) => next(req.is(type) ? undefined : new AppError(415, message));
}

/**
 * The contact endpoints: `POST /api/contact` for the page's script (JSON in, JSON out) and
 * `POST /contact` for the same form without JavaScript (a form post answered with 303 to
 * /thank-you, or the page again with the visitor's input and the field messages).
 */
export function contactController(options: ContactControllerOptions): Router {
  const { inquiries, pages, origin } = options;
  const router = Router();

  const renderForm = (req: Request, res: Response, formState: ContactFormState, status: number) =>
    sendFormPage(pages, req, res, { ...options.pageContext(req), formState }, origin, status);

  // One limiter for both routes: the API and the HTML form draw on the same allowance.
  const limiter = rateLimit({
    windowMs: options.rateLimit.windowSeconds * 1000,
    limit: options.rateLimit.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Its configuration warnings (such as a proxy header while TRUST_PROXY is unset) go to the log.
    logger: {
      warn: (error, message) => options.logger.warn({ component: 'rate-limit', err: error }, message ?? 'rate limiter warning'),
      error: (error, message) => options.logger.error({ component: 'rate-limit', err: error }, message ?? 'rate limiter error'),
    },
    handler: async (req, res) => {
      req.log?.warn({ status: 429 }, 'contact submission rate-limited');
      if (req.path === '/contact') return renderForm(req, res, contactFormState(req.body, {}, TOO_MANY), 429);
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
      if (isHoneypotFilled(body)) {
        // A bot: told what a person would be told, and forgotten.
        res.status(201).json({ id: randomUUID(), createdAt: new Date().toISOString() });
        return;
      }
      const parsed = parseContact(body);
      if (!parsed.success) throw new AppError(400, INVALID, { fieldErrors: parsed.fieldErrors });
      const stored = await inquiries.submit(parsed.data, parseContactContext(body), parseLeadSource(body));
      req.log?.info({ inquiryId: stored.id }, 'inquiry stored');
      res.status(201).json(stored);
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
    async (req, res) => {
      const body: unknown = req.body;
      if (isHoneypotFilled(body)) return res.redirect(303, '/thank-you');
      const parsed = parseContact(body);
      if (!parsed.success) return renderForm(req, res, contactFormState(body, parsed.fieldErrors), 400);
      try {
        const stored = await inquiries.submit(parsed.data, parseContactContext(body), parseLeadSource(body));
        req.log?.info({ inquiryId: stored.id }, 'inquiry stored');
      } catch (error) {
        // The visitor keeps what they typed and is told what to do instead.
        if (error instanceof AppError && error.status === 503) return renderForm(req, res, contactFormState(body, {}, error.publicMessage), 503);
        throw error;
      }
      res.redirect(303, '/thank-you');
    },
  );

  return router;
}
