import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body in each encoding a browser may ask for, compressed once, and its validator. */
export type PrecompressedBody = {
  br: Buffer;
  gzip: Buffer;
  /** The strong ETag of the identity bytes, without quotes; each encoding gets its own (see sendPrecompressed). */
  tag: string;
  /** Bytes held, in every encoding kept. */
  size: number;
} & (
  | { identity: Buffer }
  | {
      /**
       * Not kept above LARGE_BODY_BYTES: a client that accepts no encoding is rare (browsers,
       * crawlers and proxies all take gzip), so a large body is not held a third time for it; such
       * a request gets the gzip decoded on the way out (sendPrecompressed).
       */
      identity: null;
      /** How many bytes the body is without an encoding. */
      identityLength: number;
    }
);

/** How many bytes a body is without an encoding, whether or not they are kept. */
export const identityLengthOf = (body: PrecompressedBody): number => (body.identity === null ? body.identityLength : body.identity.length);

/** Above this, brotli's slower settings cost more time than their few percent are worth, and the identity bytes are not kept. */
const LARGE_BODY_BYTES = 1024 * 1024;
/** Brotli's quality for a body of at most LARGE_BODY_BYTES, and above. */
const SMALL_BODY_QUALITY = 10;
const LARGE_BODY_QUALITY = 6;
const GZIP_LEVEL = 9;

const tagOf = (hash: ReturnType<typeof createHash>) => hash.digest('base64url').slice(0, 27);

function held(identity: Buffer | null, identityLength: number, br: Buffer, gzipped: Buffer, tag: string): PrecompressedBody {
  const compressed = { br, gzip: gzipped, tag };
  return identity === null
    ? { ...compressed, identity, identityLength, size: br.length + gzipped.length }
    : { ...compressed, identity, size: identity.length + br.length + gzipped.length };
}

/**
 * Compresses a body once, with settings too slow for every response but right for one that is sent
 * many times: brotli quality 10 (6 for bodies over 1 MB) and gzip level 9. The work runs on
 * libuv's thread pool, off the event loop.
 */
export async function precompress(identity: Buffer): Promise<PrecompressedBody> {
  const large = identity.length > LARGE_BODY_BYTES;
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: large ? LARGE_BODY_QUALITY : SMALL_BODY_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: GZIP_LEVEL }),
  ]);
  return held(large ? null : identity, identity.length, br, gzipped, tagOf(createHash('sha256').update(identity)));
}

/** Everything a compression stream gives, once it has been given its last input. */
function collected(stream: Transform): Promise<Buffer> {
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  return once(stream, 'end').then(() => Buffer.concat(parts));
}

/**
 * The same as precompress for a body made a part at a time (a long list serialised page by page):
 * a body that stays within 1 MB is compressed as precompress does; a larger one goes through the
 * compression streams as its parts come, so neither the whole body nor its identity bytes are ever
 * held at once. The brotli and gzip bytes may differ from precompress's; what they decode to does not.
 */
export async function precompressParts(parts: AsyncIterable<Buffer>): Promise<PrecompressedBody> {
  const hash = createHash('sha256');
  const start: Buffer[] = [];
  let length = 0;
  const iterator = parts[Symbol.asyncIterator]();
  let next = await iterator.next();
  for (; !next.done && length <= LARGE_BODY_BYTES; next = await iterator.next()) {
    start.push(next.value);
    length += next.value.length;
  }
  if (next.done) return precompress(Buffer.concat(start));

  const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: LARGE_BODY_QUALITY } });
  const gzipped = createGzip({ level: GZIP_LEVEL });
  const outputs = Promise.all([collected(br), collected(gzipped)]);
  // A stream that failed ends the body with its error rather than leaving it waiting.
  const failed = new Promise<never>((_resolve, reject) => {
    br.once('error', reject);
    gzipped.once('error', reject);
  });
  failed.catch(() => undefined);
  const write = async (part: Buffer) => {
    hash.update(part);
    length += part.length;
    const waits = [br, gzipped].filter((stream) => !stream.write(part)).map((stream) => once(stream, 'drain'));
    if (waits.length > 0) await Promise.race([Promise.all(waits), failed]);
  };
  try {
    length = 0;
    for (const part of start) await write(part);
    start.length = 0;
    for (; !next.done; next = await iterator.next()) await write(next.value);
    br.end();
    gzipped.end();
    const [brBytes, gzipBytes] = await Promise.race([outputs, failed]);
    return held(null, length, brBytes, gzipBytes, tagOf(hash));
  } catch (error) {
    br.destroy();
    gzipped.destroy();
    await iterator.return?.();
    throw error;
  }
}
