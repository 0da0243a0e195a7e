import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGunzip, createGzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { identityLengthOf, QUICK_BROTLI_QUALITY, QUICK_GZIP_LEVEL, type Encoding, type PrecompressedBody } from './precompressed-body.server';

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
  // The compression middleware, where it is in the way, leaves this response as it is.
  res.locals.precompressed = true;
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
  if (bytes === null && body.identity === null) {
    // A large body kept only compressed: decoded from its gzip as it is written, on the thread pool.
    headers['Content-Length'] = identityLengthOf(body);
    res.writeHead(response.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const decoding = createGunzip();
    pipeline(decoding, res, () => undefined);
    decoding.end(body.gzip);
    return;
  }
  if (bytes === null) {
    // A body kept quickly in another encoding than this request's: compressed as it is written,
    // at the quick settings, on the thread pool (asked for again, it is kept in both; RenderCache).
    res.writeHead(response.status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const encoder =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.identity!.length } })
        : createGzip({ level: QUICK_GZIP_LEVEL });
    pipeline(encoder, res, () => undefined);
    encoder.end(body.identity);
    return;
  }
  headers['Content-Length'] = bytes.length;
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
