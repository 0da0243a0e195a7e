import type { Request, Response } from 'express';
import type { CatalogVersion } from '../catalog/catalog-version';
import { singleFlight } from '../cache/single-flight';
import { SHARED_CACHE_CONTROL } from './cache-control.server';
import { precompress, precompressParts } from './precompressed-body.server';
import { createResponseCache } from './response-cache.server';
import { sendOnce, sendPrecompressed, type PrecompressedResponse } from './send-precompressed.server';
import type { Clock } from '../time/clock';

/**
 * A JSON answer, and whether it may be kept for every request of its key until the catalog changes.
 * A long list comes as `pages` instead of `body`: the JSON array of all their items, serialised and
 * compressed a page at a time as the pages come, so that neither the list nor its JSON is ever
 * held whole and no one step holds up other requests for long.
 */
export type JsonAnswer = {
  status: number;
  keep: boolean;
  cacheControl?: string;
} & ({ body: unknown } | { pages: AsyncIterable<readonly unknown[]> });

export type SendJson = (req: Request, res: Response, key: string, answer: () => Promise<JsonAnswer>) => Promise<void>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The JSON array of every page's items: the bytes JSON.stringify gives for them in one array. */
export async function* jsonArrayParts(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const items = JSON.stringify(page).slice(1, -1);
    yield Buffer.from(first ? `[${items}` : `,${items}`);
    first = false;
  }
  yield Buffer.from(first ? '[]' : ']');
}

async function bodyOf(answer: JsonAnswer): Promise<unknown> {
  if ('body' in answer) return answer.body;
  const items: unknown[] = [];
  for await (const page of answer.pages) items.push(...page);
  return items;
}

/** An answer that is not kept: serialised and compressed for this request, revalidated with a hash of the body. */
async function sendFresh(req: Request, res: Response, answer: JsonAnswer): Promise<void> {
  const json = Buffer.from(JSON.stringify(await bodyOf(answer)));
  sendOnce(
    req,
    res,
    { status: answer.status, contentType: JSON_TYPE, cacheControl: answer.cacheControl ?? SHARED_CACHE_CONTROL, revalidate: answer.status === 200 },
    json,
  );
}

/**
 * Catalog JSON kept serialised and compressed per catalog version (at most 500 answers and
 * 32 MB), so a repeated request costs no database read, no JSON.stringify and no compression;
 * concurrent misses for one key run once. An answer is kept until the version moves, however long
 * that is, as pages are (docs/decisions/007-precompressed-render-cache.md): every catalog write
 * moves it, and the whole catalog at 23,000 units takes seconds to make again. Without a version
 * (a catalog that has none, or a read that failed), every answer is made afresh.
 */
export function cachedJson(clock: Clock, version?: () => Promise<CatalogVersion>): SendJson {
  const cache = createResponseCache({ maxEntries: 500, maxBytes: 32 * 1024 * 1024, clock });
  const once = singleFlight<PrecompressedResponse | JsonAnswer>();
  const generationNow = async (): Promise<string | null> => {
    try {
      return version ? String((await version()).revision) : null;
    } catch {
      // The version cannot be read: answer as if there were no cache.
      return null;
    }
  };
  return async (req, res, key, answer) => {
    const generation = await generationNow();
    if (generation === null) return sendFresh(req, res, await answer());
    const kept = cache.get(generation, key);
    if (kept) return sendPrecompressed(req, res, kept);
    const made = await once(`${generation}\n${key}`, async () => {
      const fresh = await answer();
      // Several requests may wait for one answer: pages are read once, into a body they share.
      if (!fresh.keep) return 'body' in fresh ? fresh : { status: fresh.status, keep: false, cacheControl: fresh.cacheControl, body: await bodyOf(fresh) };
      const response: PrecompressedResponse = {
        status: fresh.status,
        contentType: JSON_TYPE,
        cacheControl: fresh.cacheControl ?? SHARED_CACHE_CONTROL,
        body: 'body' in fresh ? await precompress(Buffer.from(JSON.stringify(fresh.body))) : await precompressParts(jsonArrayParts(fresh.pages)),
      };
      // An answer read a page at a time while the catalog changed may hold some of each version:
      // it answers the requests that waited for it, and the next request makes it again.
      if (!('pages' in fresh) || (await generationNow()) === generation) cache.set(generation, key, response);
      return response;
    });
    if ('contentType' in made) sendPrecompressed(req, res, made);
    else await sendFresh(req, res, made);
  };
}
