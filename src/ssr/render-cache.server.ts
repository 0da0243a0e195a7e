import { catalogVersionKey, type CatalogVersion } from '../catalog/catalog-version';
import type { Catalog } from '../catalog/catalog';
import { precompress } from '../http/precompressed-body.server';
import { createResponseCache, type ResponseCache } from '../http/response-cache.server';
import type { PrecompressedResponse } from '../http/send-precompressed.server';
import { singleFlight } from '../cache/single-flight';
import type { Clock } from '../time/clock';

export interface RenderCache {
  /**
   * The current generation: what staff and the catalog wrote (the catalog version, with the site
   * content's revision), then the business moment (the open signs, until the next opening, closing
   * or midnight) and the year (the footer and the "years in business" claims print it). Null when
   * the version cannot be read: pages are then rendered as if there were no cache.
   */
  generation(): Promise<string | null>;
  /**
   * The page kept for a key in this generation. A page kept quickly compressed (see `set`) that is
   * asked for again is queued to be compressed at the best settings, in the background, one page at
   * a time; the quick bytes are sent meanwhile.
   */
  get(generation: string, key: string): PrecompressedResponse | undefined;
  /**
   * Keeps a page: 200s among the pages, 404s apart, so that requests for made-up paths cannot push
   * real pages out. A page is best kept compressed quickly (`precompressQuickly`, in the one
   * encoding its first request asked for): most addresses (a filtered inventory page, a unit's page
   * for a crawler) are asked for once in a generation, and the best settings cost 15 times as much
   * as a render; `get` improves the ones asked for again, in both encodings.
   */
  set(generation: string, key: string, page: PrecompressedResponse): void;
  /** Runs `render` once for concurrent misses of one key in one generation; they all get its result. */
  renderOnce<T>(generation: string, key: string, render: () => Promise<T>): Promise<T>;
  /**
   * The page kept for a key in the generation before this one, when only the clock lies between the
   * two (an opening, a closing, midnight, a notice's start or end: nothing was written) and that
   * generation was last used at most `staleForMs` ago (15 s, as long as shared caches may serve a
   * page stale). After a write there is none: the next request waits for the page with the change.
   */
  stale(generation: string, key: string): PrecompressedResponse | undefined;
  /**
   * Queues `render` (a `renderOnce` of the key) to run in the background, one page at a time, at
   * most 100 waiting; says whether the key is waiting (false when the queue is full: its request
   * renders it). A render whose generation has ended before its turn is skipped; one that fails is
   * dropped (the next request renders the page itself and reports the failure); one that takes
   * longer than 10 s no longer holds up the others.
   */
  revalidate(generation: string, key: string, render: () => Promise<unknown>): boolean;
}

export interface RenderCacheOptions {
  /** What the catalog and staff wrote, as a version; the catalog service reads it at most once a second. */
  version: () => Promise<CatalogVersion>;
  /** Which business moment it is (until the next opening, closing or midnight); unset: one moment. */
  period?: () => Promise<string>;
  maxEntries?: number;
  maxBytes?: number;
  /** How many not-found pages are kept, apart from the pages. */
  maxNotFound?: number;
  /** How many pages of a query (`/inventory?brand=…`) are kept, apart from the pages. */
  maxOfAQuery?: number;
  maxAgeMs?: number;
  /** The site's clock: the year of the generation, how old a page is. */
  clock: Clock;
  /** How many pages may wait to be compressed again at the best settings; those past it wait for their next request. */
  maxWaitingToImprove?: number;
  /** How long after a generation ends its pages may still be sent while they are rendered again. */
  staleForMs?: number;
  /** How many pages may wait to be rendered again in the background; those past it are rendered by their request. */
  maxWaitingToRevalidate?: number;
  /** How long the background waits for one render before it goes on with the next. */
  revalidateTimeoutMs?: number;
}

const DEFAULT_MAX_ENTRIES = 500;
const DEFAULT_MAX_BYTES = 48 * 1024 * 1024;
const DEFAULT_MAX_NOT_FOUND = 50;
const DEFAULT_MAX_OF_A_QUERY = 200;
const DEFAULT_MAX_WAITING_TO_IMPROVE = 100;
/** As long as the pages' Cache-Control lets a shared cache serve them stale (stale-while-revalidate=15). */
const DEFAULT_STALE_FOR_MS = 15_000;
const DEFAULT_MAX_WAITING_TO_REVALIDATE = 100;
const DEFAULT_REVALIDATE_TIMEOUT_MS = 10_000;
/** Between what was written and the moment in a generation's name. */
const WRITES_END = '\n';

/**
 * Whether a freshly rendered page may be kept for every visitor of its key: a 404 that read the
 * catalog without a failure (a page that degraded gracefully must not outlive the outage), or
 * such a 200 whose canonical address is its key. A page whose canonical address is another (an
 * unknown category, a page past the end, a model entry page of a vehicle with a model page) is still sent
 * but not kept, so made-up queries cannot fill the cache.
 */
export function isStorable(page: { status: number; canonicalUrl: string | null }, keyUrl: string, catalogFailed: boolean): boolean {
  if (catalogFailed) return false;
  if (page.status === 404) return true;
  return page.status === 200 && page.canonicalUrl === keyUrl;
}

/**
 * The catalog as one render reads it, noting whether any read failed, so that a page which
 * degraded gracefully (a town page without its popular models) is not kept.
 */
export function watchedCatalog<C extends Catalog>(catalog: C): { catalog: C; failed: () => boolean } {
  let failed = false;
  const watched = Object.fromEntries(
    Object.entries(catalog).map(([name, method]) => [
      name,
      typeof method === 'function'
        ? (...args: unknown[]) =>
            (method as (...parameters: unknown[]) => Promise<unknown>).apply(catalog, args).catch((error: unknown) => {
              failed = true;
              throw error;
            })
        : method,
    ]),
  ) as C;
  return { catalog: watched, failed: () => failed };
}

/**
 * Server-rendered pages kept compressed by key for the current generation (what was written, the
 * business moment, the year): at most 500 pages and 48 MB (all three encodings counted), least
 * recently used out, each until the generation changes (no timer re-renders a page that cannot have
 * changed); apart from them, in budgets of their own, at most 200 pages of a query (the inventory's
 * filters, which anyone can vary without end) and 50 not-found pages, so that a flood of made-up
 * filter links or addresses never pushes out the pages shoppers use. A new generation starts it
 * over; the catalog service notices a new catalog version within a second (at once for writes in
 * this process). The generation before stays at hand for 15 s (`stale`), so that its pages can be
 * sent while they are rendered again (`revalidate`). A page is kept quickly compressed and
 * compressed again at the best settings once it is asked for again (`get`).
 */
export function createRenderCache(options: RenderCacheOptions): RenderCache {
  const { clock } = options;
  // Kept for as long as the generation lasts: it changes with every catalog write and at every
  // opening, closing and midnight, which is all a page depends on.
  const common = { maxAgeMs: options.maxAgeMs, clock, keepPreviousForMs: options.staleForMs ?? DEFAULT_STALE_FOR_MS };
  const pages: ResponseCache = createResponseCache({ maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, ...common });
  const notFound: ResponseCache = createResponseCache({ maxEntries: options.maxNotFound ?? DEFAULT_MAX_NOT_FOUND, maxBytes: 8 * 1024 * 1024, ...common });
  const ofAQuery: ResponseCache = createResponseCache({ maxEntries: options.maxOfAQuery ?? DEFAULT_MAX_OF_A_QUERY, maxBytes: 16 * 1024 * 1024, ...common });
  const cacheFor = (key: string, status: number) => (status === 404 ? notFound : key.includes('?') ? ofAQuery : pages);
  const once = singleFlight<unknown>();

  // Pages asked for again while kept quickly compressed, compressed at the best settings one at a
  // time, so that a burst of them never holds the thread pool (which also reads files) for long.
  const maxWaiting = options.maxWaitingToImprove ?? DEFAULT_MAX_WAITING_TO_IMPROVE;
  const waiting = new Map<PrecompressedResponse, { generation: string; key: string }>();
  let improving = false;
  const improveWaiting = async () => {
    improving = true;
    for (const [page, { generation, key }] of waiting) {
      // The identity bytes are kept for every page (pages are far below the 1 MB above which they are not).
      if (page.body.identity !== null) {
        try {
          const body = await precompress(page.body.identity);
          cacheFor(key, page.status).replace(generation, key, page, { ...page, body });
        } catch {
          // The quick bytes stay; they are the same page, about a third larger (brotli 0).
        }
      }
      waiting.delete(page);
    }
    improving = false;
  };
  const improve = (generation: string, key: string, page: PrecompressedResponse) => {
    if (page.body.effort === 'best' || waiting.has(page) || waiting.size >= maxWaiting) return;
    waiting.set(page, { generation, key });
    if (!improving) void improveWaiting();
  };

  // Pages whose generation ended a moment ago, rendered again one at a time while the old bytes are sent.
  const maxToRevalidate = options.maxWaitingToRevalidate ?? DEFAULT_MAX_WAITING_TO_REVALIDATE;
  const revalidateTimeoutMs = options.revalidateTimeoutMs ?? DEFAULT_REVALIDATE_TIMEOUT_MS;
  const toRevalidate = new Map<string, { generation: string; render: () => Promise<unknown> }>();
  let revalidating = false;
  const revalidateWaiting = async () => {
    revalidating = true;
    for (const [flight, { generation, render }] of toRevalidate) {
      try {
        // A page of a generation that has ended since would be rendered for nobody.
        if ((await cache.generation()) === generation) await withTimeout(render(), revalidateTimeoutMs);
      } catch {
        // The old page was sent; the next request for the page renders it and reports the failure.
      }
      toRevalidate.delete(flight);
    }
    revalidating = false;
  };
  const writesOf = (generation: string) => generation.slice(0, generation.indexOf(WRITES_END));

  const cache: RenderCache = {
    async generation() {
      try {
        const [version, period] = await Promise.all([options.version(), options.period?.() ?? '']);
        return `${catalogVersionKey(version)}${WRITES_END}${period}|${clock().getFullYear()}`;
      } catch {
        return null;
      }
    },
    get(generation, key) {
      // Every budget is asked, so all move on to a new generation together.
      const page = pages.get(generation, key);
      const filtered = ofAQuery.get(generation, key);
      const missing = notFound.get(generation, key);
      const kept = page ?? filtered ?? missing;
      if (kept) improve(generation, key, kept);
      return kept;
    },
    set: (generation, key, page) => cacheFor(key, page.status).set(generation, key, page),
    renderOnce: <T>(generation: string, key: string, render: () => Promise<T>) => once(`${generation}\n${key}`, render) as Promise<T>,
    stale(generation, key) {
      const kept = pages.previous(generation, key) ?? ofAQuery.previous(generation, key) ?? notFound.previous(generation, key);
      return kept && writesOf(kept.generation) === writesOf(generation) ? kept.response : undefined;
    },
    revalidate(generation, key, render) {
      const flight = `${generation}\n${key}`;
      if (toRevalidate.has(flight)) return true;
      if (toRevalidate.size >= maxToRevalidate) return false;
      toRevalidate.set(flight, { generation, render });
      if (!revalidating) void revalidateWaiting();
      return true;
    },
  };
  return cache;
}

/** `work`, or a failure once `ms` have passed without it settling (the work itself goes on). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
