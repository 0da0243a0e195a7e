import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body in each encoding a browser may ask for, compressed once, and its validator. */
export interface PrecompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The strong ETag of the identity bytes, without quotes; each encoding gets its own (see sendPrecompressed). */
  tag: string;
  /** Bytes held in all three encodings. */
  size: number;
}

/** Above this, brotli's slower settings cost more time than their few percent are worth. */
const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * Compresses a body once, with settings too slow for every response but right for one that is sent
 * many times: brotli quality 10 (6 for bodies over 1 MB) and gzip level 9. The work runs on
 * libuv's thread pool, off the event loop.
 */
export async function precompress(identity: Buffer): Promise<PrecompressedBody> {
  const quality = identity.length > LARGE_BODY_BYTES ? 6 : 10;
  const [br, gzipped] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity, br, gzip: gzipped, tag, size: identity.length + br.length + gzipped.length };
}
