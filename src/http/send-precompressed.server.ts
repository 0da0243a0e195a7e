import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { compressOnce, identityLengthOf, quickCompression, type Encoding, type PrecompressedBody } from './precompressed-body.server';

export interface PrecompressedResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: PrecompressedBody;
}

/**
 * The encoding to send: brotli, else gzip, else none, among those the request accepts (a q=0
 * refuses one; `*` accepts both).
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    if (coding === 'br') br = true;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = true;
    else if (coding === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** Each encoding is its own representation, so its own strong validator: "tag", "tag-br", "tag-gzip". */
const etagOf = (tag: string, encoding: Encoding) => (encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`);

/** If-None-Match names a representation of this body (weak comparison, as the header asks). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gzip"`;
  });
}

/**
 * Writes a response kept compressed: the bytes in the encoding the request accepts, no compression
 * work, or 304 when the visitor's copy of a 200 is current. It writes directly (writeHead/end), so
 * nothing after it in Express sees or re-encodes the body.
 */
export function sendPrecompressed(req: Request, res: Response, response: PrecompressedResponse): void {
  const { body } = response;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const headers: Record<string, string | number> = {
    'Content-Type': response.contentType,
    'Cache-Control': response.cacheControl,
    ETag: etagOf(body.tag, encoding),
    Vary: 'Accept-Encoding',
  };
  if (response.status === 200 && matches(req.headers['if-none-match'], body.tag)) {
    res.writeHead(304, headers).end();
    return;
  }
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  const bytes = body[encoding];
  if (bytes === null) {
    // Bytes not kept in this encoding are made as they are written, on the thread pool: a large
    // body kept only compressed is decoded from its gzip (its length known); a body kept quickly in
    // another encoding is compressed at the quick settings (asked for again, it is kept in both;
    // RenderCache). Identity bytes, when kept, are always at hand, so that encoding is br or gzip.
    const making =
      body.identity === null
        ? { stream: createGunzip(), from: body.gzip }
        : { stream: quickCompression(encoding as 'br' | 'gzip', body.identity.length), from: body.identity };
    if (body.identity === null) headers['Content-Length'] = identityLengthOf(body);
    res.writeHead(response.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    pipeline(making.stream, res, () => undefined);
    making.stream.end(making.from);
    return;
  }
  headers['Content-Length'] = bytes.length;
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** A response made for one request, as sendOnce writes it. */
export interface ResponseMadeOnce {
  status: number;
  contentType: string;
  cacheControl: string;
  /**
   * The body's hash as its weak ETag, and 304 to a visitor whose copy of a 200 is current. Without
   * it no ETag: a page no cache keeps (what one visitor typed) has nothing to revalidate.
   */
  revalidate?: boolean;
}

/**
 * Writes a response made for one request and never kept: compressed once (`compressOnce`, brotli 0),
 * in the encoding the request accepts, in one call, and written directly (writeHead/end) as
 * sendPrecompressed writes. The public site has no compression middleware: it would wrap every response's
 * write and end in closures, and V8 then keeps each response, with all it reaches, through young
 * collections until a full one (BENCHMARKS.md, "What a request leaves behind").
 */
export function sendOnce(req: Request, res: Response, response: ResponseMadeOnce, identity: Buffer): void {
  const headers: Record<string, string | number> = {
    'Content-Type': response.contentType,
    'Cache-Control': response.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (response.revalidate) {
    const tag = createHash('sha1').update(identity).digest('base64url');
    headers.ETag = `W/"${tag}"`;
    if (response.status === 200 && (req.method === 'GET' || req.method === 'HEAD') && matches(req.headers['if-none-match'], tag)) {
      res.writeHead(304, headers).end();
      return;
    }
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const bytes = encoding === 'identity' ? identity : compressOnce(identity, encoding);
  headers['Content-Length'] = bytes.length;
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
