import type { Request as ExpressRequest } from 'express';

/** The Fetch API request React Router's static handler expects, built from Express's request. */
export function fetchRequest(req: ExpressRequest, origin: string): Request {
  const controller = new AbortController();
  req.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, origin), { method: req.method, headers, signal: controller.signal });
}
