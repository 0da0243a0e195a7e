import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CatalogVersion } from '../catalog/catalog-version';
import { singleFlight } from '../cache/single-flight';
import { SHARED_CACHE_CONTROL } from './cache-control.server';
import { precompress } from './precompressed-body.server';
import { createResponseCache } from './response-cache.server';
import { sendPrecompressed, type PrecompressedResponse } from './send-precompressed.server';
import type { Clock } from '../time/clock';

/** A JSON answer, and whether it may be kept for every request of its key until the catalog changes. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  keep: boolean;
  cacheControl?: string;
}

export type SendJson = (req: Request, res: Response, key: string, answer: () => Promise<JsonAnswer>) => Promise<void>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer that is not kept: serialised and compressed for this request, revalidated with a hash of the body. */
function sendFresh(req: Request, res: Response, answer: JsonAnswer): void {
  const json = JSON.stringify(answer.body);
  res.status(answer.status).set({ 'Content-Type': JSON_TYPE, 'Cache-Control': answer.cacheControl ?? SHARED_CACHE_CONTROL });
  if (answer.status === 200) res.set('ETag', `W/"${createHash('sha1').update(json).digest('base64url')}"`);
  if (answer.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(json);
}

/**
 * Catalog JSON kept serialised and compressed per catalog version (at most 500 answers and
 * 32 MB), so a repeated request costs no database read, no JSON.stringify and no compression;
 * concurrent misses for one key run once. Without a version (a catalog that has none, or a read
 * that failed), every answer is made afresh.
 */
export function cachedJson(clock: Clock, version?: () => Promise<CatalogVersion>): SendJson {
  const cache = createResponseCache({ maxEntries: 500, maxBytes: 32 * 1024 * 1024, clock });
  const once = singleFlight<PrecompressedResponse | JsonAnswer>();
  return async (req, res, key, answer) => {
    let generation: string | null = null;
    try {
      if (version) generation = String((await version()).revision);
    } catch {
      // The version cannot be read: answer as if there were no cache.
    }
    if (generation === null) return sendFresh(req, res, await answer());
    const kept = cache.get(generation, key);
    if (kept) return sendPrecompressed(req, res, kept);
    const made = await once(`${generation}\n${key}`, async () => {
      const fresh = await answer();
      if (!fresh.keep) return fresh;
      const response: PrecompressedResponse = {
        status: fresh.status,
        contentType: JSON_TYPE,
        cacheControl: fresh.cacheControl ?? SHARED_CACHE_CONTROL,
        body: await precompress(Buffer.from(JSON.stringify(fresh.body))),
      };
      cache.set(generation, key, response);
      return response;
    });
    if ('contentType' in made) sendPrecompressed(req, res, made);
    else sendFresh(req, res, made);
  };
}
