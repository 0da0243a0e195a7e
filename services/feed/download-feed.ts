import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Transform } from 'node:stream';

/** Why a feed could not be downloaded, in words safe to log: never a credential, a header value or the feed's content. */
export class FeedDownloadError extends Error {
  override name = 'FeedDownloadError';
}

export interface FeedDownloadOptions {
  /** FEED_URL; user:password in it become basic auth, never part of the request line. */
  url: string;
  /** FEED_HEADERS: sent to the feed's own origin only. */
  headers?: Readonly<Record<string, string>>;
  /** The last good fetch's validators, sent back so an unchanged feed answers 304. */
  etag?: string;
  lastModified?: string;
  /** A larger feed is refused. */
  maxBytes: number;
  /** The whole download, body included, within this or refused. */
  timeoutMs: number;
  /** An empty folder the feed is written into. */
  folder: string;
}

export type FeedDownload = { status: 'not-modified' } | { status: 'downloaded'; file: string; bytes: number; etag?: string; lastModified?: string };

const MAX_REDIRECTS = 5;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The feed's address as logs and staff may see it: no credentials, no query (it may hold a token). */
export function feedLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** CSV unless the server or the address says JSON: importFeed reads a file by its extension. */
function fileName(contentType: string | null, url: URL): string {
  if (/\bjson\b/i.test(contentType ?? '') || url.pathname.toLowerCase().endsWith('.json')) return 'feed.json';
  return 'feed.csv';
}

function requestHeaders(url: URL, options: FeedDownloadOptions, withSecrets: boolean): Headers {
  const headers = new Headers({ Accept: 'text/csv, application/json;q=0.9, */*;q=0.1' });
  if (withSecrets) {
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    if (url.username || url.password) {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      headers.set('Authorization', `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`);
    }
  }
  if (options.etag !== undefined) headers.set('If-None-Match', options.etag);
  if (options.lastModified !== undefined) headers.set('If-Modified-Since', options.lastModified);
  return headers;
}

function withoutCredentials(url: URL): URL {
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return bare;
}

/** Why a network failure happened, from undici's cause: a code such as ECONNREFUSED or ENOTFOUND. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/**
 * Downloads the scheduled feed into `folder`: with the last good fetch's validators (304 →
 * not-modified), basic auth from the address and FEED_HEADERS, within a size and a time limit.
 * Redirects are followed by hand, https only (or loopback http as FEED_URL allows): on the feed's
 * own origin with its secrets, to another origin (a storage service's signed address) without
 * them. Anything else is a FeedDownloadError whose message says why and quotes no secret.
 */
export async function downloadFeed(options: FeedDownloadOptions): Promise<FeedDownload> {
  const origin = new URL(options.url);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () => new FeedDownloadError(`the feed took longer than ${Math.round(options.timeoutMs / 1000)} s to download; refused`);
  let url = origin;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(withoutCredentials(url), {
        headers: requestHeaders(url, options, url.origin === origin.origin),
        redirect: 'manual',
        signal,
      });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || redirects >= MAX_REDIRECTS) throw new FeedDownloadError(`the feed server answered ${response.status} without a usable redirect`);
        const next = new URL(location, url);
        if (next.protocol !== 'https:' && !(next.protocol === 'http:' && LOOPBACK_HOSTS.has(next.hostname))) {
          throw new FeedDownloadError(`the feed server redirected to ${next.protocol} ${next.host}; only https: is followed`);
        }
        // Credentials in a Location header stay on their own origin as well.
        url = next.origin === origin.origin ? Object.assign(next, { username: origin.username, password: origin.password }) : next;
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { status: 'not-modified' };
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new FeedDownloadError(`the feed server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
      }
      const declared = Number(response.headers.get('content-length') ?? NaN);
      if (declared > options.maxBytes) {
        await response.body.cancel();
        throw new FeedDownloadError(`the feed is ${megabytes(declared)}, over the limit of ${megabytes(options.maxBytes)}; refused`);
      }
      const file = path.join(options.folder, fileName(response.headers.get('content-type'), url));
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > options.maxBytes) done(new FeedDownloadError(`the feed is over the limit of ${megabytes(options.maxBytes)}; refused`));
          else done(null, chunk);
        },
      });
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counted, createWriteStream(file, { mode: 0o600 }));
      const etag = response.headers.get('etag') ?? undefined;
      const lastModified = response.headers.get('last-modified') ?? undefined;
      return { status: 'downloaded', file, bytes, ...(etag !== undefined && { etag }), ...(lastModified !== undefined && { lastModified }) };
    }
  } catch (error) {
    if (error instanceof FeedDownloadError) throw error;
    if (signal.aborted) throw timedOut();
    throw new FeedDownloadError(`the feed could not be fetched: ${networkReason(error)}`);
  }
}
