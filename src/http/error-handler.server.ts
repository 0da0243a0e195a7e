import type { ErrorRequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/database-unavailable.server';
import { StoreUnavailableError } from '../db/store-unavailable-error';
import { AppError } from './app-error.server';

interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Answers every error without a stack trace: JSON under /api, a short text page elsewhere. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  let status = 500;
  let message = 'Something went wrong. Please try again.';
  let details: Record<string, unknown> | undefined;
  if (error instanceof AppError) {
    ({ status, publicMessage: message, details } = error);
  } else if (error instanceof StoreUnavailableError) {
    status = 503;
    message = error.visitorMessage;
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    message = 'The service is unavailable right now. Please try again shortly.';
  } else if (typeof error === 'object' && error !== null) {
    const httpError = error as HttpError;
    const candidate = httpError.status ?? httpError.statusCode;
    // body-parser and other http-errors producers mark client errors as safe to expose.
    // A static file that is not there (an asset of an earlier release) is a plain 404: the static
    // handler marks its error as not for exposure only because it wraps the file system's.
    if (candidate === 404) {
      status = 404;
      message = 'Not found.';
    } else if (candidate && candidate >= 400 && candidate < 500 && httpError.expose) {
      status = candidate;
      message =
        httpError.type === 'entity.too.large'
          ? 'The request body is too large.'
          : httpError.type === 'entity.parse.failed'
            ? 'The request body is not valid JSON.'
            : 'The request could not be processed.';
    }
  }
  if (status >= 500) req.log?.error({ err: error }, 'request failed');
  else req.log?.warn({ status }, 'request rejected');
  // An error answer is never cached; an outage says when to try again.
  res.set('Cache-Control', 'no-store');
  if (status === 503) res.set('Retry-After', '30');
  if (req.path.startsWith('/api/')) {
    res.status(status).json({ error: message, ...details });
  } else {
    res.status(status).type('text/plain').send(message);
  }
};
