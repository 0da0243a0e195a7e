import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { photoAddressRefusal, resolvePhotoHost, type PhotoNetworkOptions, type ResolvedAddress } from './photo-address';

export interface PhotoDownloadLimits {
  maxBytes: number;
  /** For the whole download: every lookup, redirect and byte. */
  downloadTimeoutMs: number;
}

/** A photo server may send the browser on once or twice (a CDN, a signed address); more is a loop. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** An address for messages: without its query string, which may hold a token. */
export function addressLabel(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Settles as `promise`, or rejects with the signal's reason once it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}

/** One GET, connected to one of the checked addresses: the socket is handed them instead of resolving the name again. */
function get(url: URL, addresses: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  const lookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'GET', signal, lookup, agent: false, headers: { accept: 'image/avif,image/webp,image/jpeg,image/png,image/*' } },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * Downloads a photo from the dealer's web server, and from nowhere else: an https: address (http:
 * only when allowed), whose host resolves, before any connection, to public addresses only
 * (never loopback, private, link-local and the cloud metadata service, unique-local, multicast…),
 * connected to the very addresses checked. Redirects are followed here, each new address checked
 * the same way, at most 5. Then only a 200 answer with an image/* type, within the size cap and
 * the time limit (for the whole download), is taken. `reject` throws the one-line reason.
 */
export async function downloadPhoto(source: string, limits: PhotoDownloadLimits, network: PhotoNetworkOptions, reject: (reason: string) => never): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.downloadTimeoutMs);
  const failed = (error: unknown): never => {
    if (signal.aborted) return reject(`took longer than ${limits.downloadTimeoutMs / 1000} s to download`);
    const { code, message } = error as NodeJS.ErrnoException;
    return reject(`cannot download it (${code ?? message})`);
  };
  let url = new URL(source);
  let response: IncomingMessage;
  for (let redirects = 0; ; redirects += 1) {
    const refusalOf = (reason: string) => reject(redirects === 0 ? reason : `redirects to ${addressLabel(url)}, which ${reason}`);
    const early = photoAddressRefusal(url, network);
    if (early !== undefined) refusalOf(early);
    const resolved = await untilAborted(resolvePhotoHost(url, network), signal).catch(failed);
    if ('refused' in resolved) refusalOf(resolved.refused);
    response = await get(url, (resolved as { addresses: ResolvedAddress[] }).addresses, signal).catch(failed);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) break;
    response.destroy();
    if (redirects === MAX_REDIRECTS) reject(`is redirected more than ${MAX_REDIRECTS} times`);
    url = new URL(location, url);
  }

  if (response.statusCode !== 200) {
    response.destroy();
    reject(`the server answered ${response.statusCode}`);
  }
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/')) {
    response.destroy();
    reject(`the server sent ${type || 'no content type'}, not an image`);
  }
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > limits.maxBytes) {
    response.destroy();
    reject(`is ${megabytes(declared)}; a photo may be at most ${megabytes(limits.maxBytes)}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) break;
      chunks.push(chunk);
    }
  } catch (error) {
    failed(error);
  }
  if (size > limits.maxBytes) {
    response.destroy();
    reject(`is more than ${megabytes(limits.maxBytes)}; a photo may be at most that`);
  }
  return Buffer.concat(chunks);
}
