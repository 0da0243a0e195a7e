import type { Request as ExpressRequest } from 'express';

/**
 * A Fetch API request whose signal is its page's own. Handed a signal, undici's Request registers
 * its own controller in a FinalizationRegistry and listens on the signal through a WeakRef, and V8
 * keeps such objects through young collections: each page's loaders and data stayed until a full
 * collection. This request carries none of that; React Router and the loaders read its `signal`.
 */
class PageRequest extends Request {
  readonly #signal: AbortSignal;

  constructor(url: URL, init: Omit<RequestInit, 'signal'>, signal: AbortSignal) {
    super(url, init);
    this.#signal = signal;
  }

  override get signal(): AbortSignal {
    return this.#signal;
  }
}

/**
 * The Fetch API request React Router's static handler expects, built from Express's request; a form
 * post's fields (already read by Express's urlencoded parser) become its body again.
 */
export function fetchRequest(req: ExpressRequest, origin: string, form?: Record<string, unknown>): Request {
  const controller = new AbortController();
  // A visitor who leaves before the page is sent stops its loaders. The request also closes once its
  // answer is sent, when there is nothing left to stop (and an abort would only build an error).
  req.on('close', () => {
    if (!req.res?.writableEnded) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  if (!form) return new PageRequest(new URL(req.originalUrl, origin), { method: req.method, headers }, controller.signal);
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const item of [value].flat()) if (typeof item === 'string') body.append(name, item);
  headers.delete('content-length');
  headers.set('content-type', 'application/x-www-form-urlencoded');
  return new PageRequest(new URL(req.originalUrl, origin), { method: 'POST', headers, body }, controller.signal);
}
