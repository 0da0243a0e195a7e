import { EventEmitter } from 'node:events';
import type { Request as ExpressRequest } from 'express';
import { describe, expect, it } from 'vitest';
import { fetchRequest } from './fetch-request.server';

/** Express's request as fetchRequest reads it: headers, address, method, its response's state and its close event. */
function expressRequest(answerSent: boolean): ExpressRequest {
  return Object.assign(new EventEmitter(), {
    headers: { accept: 'text/html', 'accept-language': ['en-US', 'en'] },
    originalUrl: '/inventory?search=nomad',
    method: 'GET',
    res: { writableEnded: answerSent },
  }) as unknown as ExpressRequest;
}

describe('fetchRequest', () => {
  it('carries the address, method and headers', () => {
    const request = fetchRequest(expressRequest(false), 'http://localhost:3000');
    expect(request.url).toBe('http://localhost:3000/inventory?search=nomad');
    expect(request.method).toBe('GET');
    expect(request.headers.get('accept')).toBe('text/html');
    expect(request.headers.get('accept-language')).toBe('en-US, en');
  });

  it("stops the page's loaders when the visitor leaves before the page is sent", () => {
    const req = expressRequest(false);
    const request = fetchRequest(req, 'http://localhost:3000');
    req.emit('close');
    expect(request.signal.aborted).toBe(true);
  });

  it('leaves a request whose page was sent as it is when it closes', () => {
    const req = expressRequest(true);
    const request = fetchRequest(req, 'http://localhost:3000');
    req.emit('close');
    expect(request.signal.aborted).toBe(false);
  });
});
