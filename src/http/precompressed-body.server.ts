import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard a body was compressed: `best` for one sent many times (about a quarter smaller, and a
 * page's 88 KB cost about 40 ms of brotli), in both encodings; `quick` for one that may be sent only
 * once (a page asked for the first time in its generation: a filtered inventory page, one unit's
 * page for a crawler), in the one encoding its first request asked for (brotli 0, about 0.2 ms),
 * compressed again at `best` in both once it is asked for again.
 */
export type CompressionEffort = 'best' | 'quick';

/** What a response's bytes are encoded in: brotli, gzip or not at all. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** A response body in each encoding a browser may ask for, compressed once, and its validator. */
export type PrecompressedBody = {
  effort: CompressionEffort;
  /** The strong ETag of the identity bytes, without quotes; each encoding gets its own (see sendPrecompressed). */
  tag: string;
  /** Bytes held, in every encoding kept. */
  size: number;
} & (
  | {
      identity: Buffer;
      /** Null in a `quick` body that was not asked for in this encoding: it is compressed on the way out (sendPrecompressed). */
      br: Buffer | null;
      gzip: Buffer | null;
    }
  | {
      /**
       * Not kept above LARGE_BODY_BYTES: a client that accepts no encoding is rare (browsers,
       * crawlers and proxies all take gzip), so a large body is not held a third time for it; such
       * a request gets the gzip decoded on the way out (sendPrecompressed).
       */
      identity: null;
      /** How many bytes the body is without an encoding. */
      identityLength: number;
      br: Buffer;
      gzip: Buffer;
    }
);

/** A body kept in both encodings: what `best` compression gives. */
export type BodyInBothEncodings = PrecompressedBody & { br: Buffer; gzip: Buffer };

/** How many bytes a body is without an encoding, whether or not they are kept. */
export const identityLengthOf = (body: PrecompressedBody): number => (body.identity === null ? body.identityLength : body.identity.length);

/** Above this, brotli's slower settings cost more time than their few percent are worth, and the identity bytes are not kept. */
const LARGE_BODY_BYTES = 1024 * 1024;
/** Brotli's quality for a body of at most LARGE_BODY_BYTES, and above. */
const SMALL_BODY_QUALITY = 10;
const LARGE_BODY_QUALITY = 6;
const GZIP_LEVEL = 9;
/**
 * The quick settings: brotli's one-pass quality 0 (ONCE_BROTLI_QUALITY) and gzip's default level.
 * Brotli 4, the compression middleware's, cost a filtered inventory page 1.15 ms of the thread pool
 * for 10,006 bytes of its 88 KB; quality 0 about 0.2 ms for 11,800, sent once, since a page asked
 * for again is compressed at the best settings (BENCHMARKS.md, "Filtered pages that exist").
 */
const QUICK_GZIP_LEVEL = 6;

/** Brotli at a quality, told the body's size when it is known. */
const brotliOptions = (quality: number, sizeHint?: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, ...(sizeHint === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }) },
});

/** A stream compressing at the quick settings: a body kept quickly in another encoding than a request's, on its way out. */
export const quickCompression = (encoding: 'br' | 'gzip', sizeHint: number): Transform =>
  encoding === 'br' ? createBrotliCompress(brotliOptions(ONCE_BROTLI_QUALITY, sizeHint)) : createGzip({ level: QUICK_GZIP_LEVEL });

const tagOf = (hash: ReturnType<typeof createHash>) => hash.digest('base64url').slice(0, 27);

function held(identity: Buffer | null, identityLength: number, br: Buffer, gzipped: Buffer, tag: string): BodyInBothEncodings {
  const compressed = { br, gzip: gzipped, tag, effort: 'best' as const };
  return identity === null
    ? { ...compressed, identity, identityLength, size: br.length + gzipped.length }
    : { ...compressed, identity, size: identity.length + br.length + gzipped.length };
}

/**
 * Compresses a body once, with settings too slow for every response but right for one that is
 * sent many times: brotli quality 10 (6 for bodies over 1 MB) and gzip level 9. The work runs on
 * libuv's thread pool, off the event loop. The tag is the identity bytes'.
 */
export async function precompress(identity: Buffer): Promise<BodyInBothEncodings> {
  const large = identity.length > LARGE_BODY_BYTES;
  const [br, gzipped] = await Promise.all([
    brotli(identity, brotliOptions(large ? LARGE_BODY_QUALITY : SMALL_BODY_QUALITY, identity.length)),
    gzipAsync(identity, { level: GZIP_LEVEL }),
  ]);
  return held(large ? null : identity, identity.length, br, gzipped, tagOf(createHash('sha256').update(identity)));
}

/**
 * Compresses a body quickly, in the one encoding a request asked for (brotli 0 or gzip 6; none for
 * `identity`): what a page asked for the first time costs, since most are asked for once in their
 * generation. The other encoding is compressed on the way out if another request asks for it
 * first; a body asked for again is compressed at `best` in both (RenderCache). A body over 1 MB is
 * compressed as precompress does. Brotli 0 runs in the calling thread, as for compressOnce: handing
 * it to the thread pool would cost the web thread as much. Gzip, slower and rarely the only one a
 * client takes, runs on the pool.
 */
export async function precompressQuickly(identity: Buffer, encoding: Encoding): Promise<PrecompressedBody> {
  if (identity.length > LARGE_BODY_BYTES) return precompress(identity);
  const br = encoding === 'br' ? compressOnce(identity, encoding) : null;
  const gzipped = encoding === 'gzip' ? await gzipAsync(identity, { level: QUICK_GZIP_LEVEL }) : null;
  const tag = tagOf(createHash('sha256').update(identity));
  return { identity, br, gzip: gzipped, tag, effort: 'quick', size: identity.length + (br?.length ?? 0) + (gzipped?.length ?? 0) };
}

/**
 * Brotli's quality for a response sent once (a page made for one visitor, never kept; the quick
 * bytes of a page kept on its first request): brotli's one-pass quality 0. Twelve search pages of 82-86 KB and a prefilled contact page came to 11,844
 * bytes on average in 0.16-0.19 ms, against 11,290 in 0.23-0.26 ms at quality 1 and about 10,550 in
 * 0.5 ms at 2 (a search page alone: 12,022 against 11,448 and 10,595). Each fits in the first
 * flight of a new connection (ten segments, 14.6 KB, headers included), so the shopper waits no
 * longer for its 5% more bytes, and each search costs the server 0.07 ms less than at quality 1.
 */
const ONCE_BROTLI_QUALITY = 0;

/**
 * A body compressed for a response sent once (a page made for one visitor; precompressQuickly's
 * brotli): brotli 0, or gzip at its default level for the rare client without brotli. In the calling thread: on the
 * thread pool the same search page cost the web thread as much (0.5 ms, handing the work over and
 * taking the output back) and the pool its 0.6 ms besides (BENCHMARKS.md, "Searches at the cost of
 * their answer"); the event loop waits half a millisecond beside the render's four.
 */
export function compressOnce(identity: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(identity, brotliOptions(ONCE_BROTLI_QUALITY, identity.length)) : gzipSync(identity, { level: QUICK_GZIP_LEVEL });
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
export async function precompressParts(parts: AsyncIterable<Buffer>): Promise<BodyInBothEncodings> {
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

  const br = createBrotliCompress(brotliOptions(LARGE_BODY_QUALITY));
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
