import type { CatalogVersion } from '../../services/catalog.service';
import type { Catalog } from '../catalog/catalog';
import { sequentialSharedReads } from '../lib/sequential-shared-reads';

/** A rendered document as stored: its status, its ETag, and its bytes split where the nonce goes. */
export interface CachedPage {
  status: number;
  etag: string;
  parts: Buffer[];
}

/** Where a request's page is (or would be) kept, and what is there now for it. */
export interface CacheSlot {
  key: string;
  generation: string;
  page: CachedPage | undefined;
}

export interface RenderCache {
  /**
   * The slot for a request URL in the current generation (catalogue version and year). Null when
   * the catalogue's version cannot be read: the page is then rendered as if there were no cache.
   */
  lookup(url: string): Promise<CacheSlot | null>;
  /** Keeps a page, unless the generation has moved on since its lookup. */
  store(slot: CacheSlot, page: CachedPage): void;
  /** How many pages are kept. */
  readonly size: number;
}

export interface RenderCacheOptions {
  /** The catalogue's version, read once per lookup (reads overlapping in time are shared). */
  version: () => Promise<CatalogVersion>;
  maxEntries?: number;
  maxBytes?: number;
  /** A bound on staleness should a catalogue write ever not change the version. */
  maxAgeMs?: number;
  now?: () => number;
}

const DEFAULT_MAX_ENTRIES = 500;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 60_000;

/**
 * Page routes that fill a form from the query string: the contact form's prefilled message and
 * the inventory's search and filters. With a query, their HTML holds what someone typed, so it is
 * rendered for each request and never kept.
 */
const QUERY_FORM_ROUTES = new Set(['contact-page', 'inventory-page']);

/** The path as requested, and the query's parameters in a stable order (each name's values keep their order). */
function splitUrl(url: string): { path: string; query: string } {
  const start = url.indexOf('?');
  if (start === -1) return { path: url, query: '' };
  const params = new URLSearchParams(url.slice(start + 1));
  params.sort();
  return { path: url.slice(0, start), query: params.toString() };
}

/**
 * The cache key of a request URL: the path exactly as requested, and the query with its
 * parameters sorted, so `?b=2&a=1` and `?a=1&b=2` share an entry.
 */
export function cacheKey(url: string): string {
  const { path, query } = splitUrl(url);
  return query ? `${path}?${query}` : path;
}

/**
 * Whether a freshly rendered page may be kept for other visitors: a plain 200 or 404 that read the
 * catalogue without a failure (a page that degraded gracefully must not outlive the outage), set no
 * cookie, and holds nothing typed into a form (no re-rendered form state, no form filled from the
 * query).
 */
export function isStorable(
  page: { status: number; routeIds: readonly string[] },
  url: string,
  details: { catalogFailed: boolean; setsCookie: boolean; formState: boolean },
): boolean {
  if (page.status !== 200 && page.status !== 404) return false;
  if (details.catalogFailed || details.setsCookie || details.formState) return false;
  const hasQuery = splitUrl(url).query !== '';
  return !(hasQuery && page.routeIds.some((id) => QUERY_FORM_ROUTES.has(id)));
}

/**
 * The catalogue as one render reads it, noting whether any read failed, so that a page which
 * degraded gracefully (a town page without its popular models) is not kept.
 */
export function watchedCatalog(catalog: Catalog): { catalog: Catalog; failed: () => boolean } {
  let failed = false;
  const watch = <T>(read: Promise<T>): Promise<T> =>
    read.catch((error: unknown) => {
      failed = true;
      throw error;
    });
  return {
    catalog: {
      listVehicles: () => watch(catalog.listVehicles()),
      listVehiclesByBrand: (brand) => watch(catalog.listVehiclesByBrand(brand)),
      findVehicle: (id) => watch(catalog.findVehicle(id)),
    },
    failed: () => failed,
  };
}

/** The stored document with this response's nonce in place of the placeholder. */
export function pageBody(page: CachedPage, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

interface Entry {
  page: CachedPage;
  generation: string;
  bytes: number;
  storedAt: number;
}

/**
 * Server-rendered pages kept by URL for the current catalogue version and year (the footer and
 * the "years in business" claims print it), least recently used first out, bounded in count and
 * bytes. A new version empties it: the catalogue import runs as a separate process, so the
 * version is read from the database on every lookup rather than announced by the writer.
 */
export function createRenderCache(options: RenderCacheOptions): RenderCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const readVersion = sequentialSharedReads(options.version);
  const entries = new Map<string, Entry>();
  let generation: string | undefined;
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  return {
    async lookup(url) {
      let version: CatalogVersion;
      try {
        version = await readVersion();
      } catch {
        return null;
      }
      const current = `${version.count}|${version.lastModified ?? ''}|${new Date(now()).getFullYear()}`;
      if (current !== generation) {
        generation = current;
        entries.clear();
        bytes = 0;
      }
      const key = cacheKey(url);
      const entry = entries.get(key);
      if (!entry || entry.generation !== current || now() - entry.storedAt > maxAgeMs) {
        remove(key);
        return { key, generation: current, page: undefined };
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return { key, generation: current, page: entry.page };
    },

    store(slot, page) {
      if (slot.generation !== generation) return;
      const size = page.parts.reduce((total, part) => total + part.length, 0);
      if (size > maxBytes) return;
      remove(slot.key);
      entries.set(slot.key, { page, generation: slot.generation, bytes: size, storedAt: now() });
      bytes += size;
      for (const key of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(key);
      }
    },

    get size() {
      return entries.size;
    },
  };
}
