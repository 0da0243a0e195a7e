import type { Request, Response } from 'express';

/** The request's query string with its '?', exactly as sent, or '' when there is none. */
export function querySuffix(req: Request): string {
  const start = req.originalUrl.indexOf('?');
  return start === -1 ? '' : req.originalUrl.slice(start);
}

/** Answers a redirect to `path`, keeping the query string (campaign parameters, filters) as sent. */
export function redirectKeepingQuery(req: Request, res: Response, status: number, path: string): void {
  res.redirect(status, path + querySuffix(req));
}
