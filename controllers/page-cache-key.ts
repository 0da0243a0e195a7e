import type { RouteObject } from 'react-router';
import { CAMPAIGN_PARAMETERS } from '../src/contact/lead-source';
import { CONTACT_PREFILL_PARAMETERS } from '../src/contact/contact-path';
import { inventoryRequest } from '../src/catalog/inventory-query';
import { routes } from '../views/routes';

/** How a page request is rendered and kept. */
export interface PageCacheKey {
  /** The path as requested and the query the page reads, normalized: where the page is kept. */
  key: string;
  /** True when the page holds what one visitor typed or was sent (a search, a prefilled form): never shared. */
  perVisitor: boolean;
  /** A query longer than the page ever reads: answered 400 without rendering. */
  tooLong?: boolean;
}

/**
 * The query parameters each page reads, in a normal form. Every other page reads none, so any query
 * (`?utm_source=…`, `?r=<random>`) leaves its key, its rendering and its bytes unchanged.
 */
const QUERY_READERS: Record<string, (params: URLSearchParams) => { query: string; perVisitor: boolean; tooLong?: boolean }> = {
  'inventory-page': (params) => {
    const { key, perVisitor, tooLong } = inventoryRequest(params);
    return { query: key, perVisitor, tooLong };
  },
  // The form echoes a prefill and, for a visitor without JavaScript, the campaign of its own address
  // in hidden fields: such a page is that visitor's.
  'contact-page': (params) => ({
    query: '',
    perVisitor: [...CONTACT_PREFILL_PARAMETERS, ...Object.values(CAMPAIGN_PARAMETERS)].some((name) => params.has(name)),
  }),
};

/**
 * The readers by the exact path of their page ('/inventory'), taken from the route table once: a
 * request is then one map lookup, not a route match, so a query no page reads (`?utm_source=…`)
 * costs what the bare address costs. Only fixed paths read a query.
 */
const READERS_BY_PATH = new Map(
  (function fixedPaths(list: readonly RouteObject[], parent: string): Array<[string, (typeof QUERY_READERS)[string]]> {
    return list.flatMap((route) => {
      const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      const reader = route.id === undefined ? undefined : QUERY_READERS[route.id];
      return [...(reader ? [[path, reader] as [string, typeof reader]] : []), ...fixedPaths(route.children ?? [], path)];
    });
  })(routes, ''),
);

/** /staff and everything under it, however it is written (Express matches paths without regard to case). */
const STAFF_PATH = /^\/staff(?:[/?]|$)/i;

/**
 * The cache key of a page request URL: the path exactly as requested (canonical redirects happen
 * before pages), and only the query the matched page reads, normalized (parameter order, defaults
 * and unknown values do not count). The page is rendered for the key, not for the URL, so every
 * URL with one key gets the same bytes.
 */
export function pageCacheKey(url: string): PageCacheKey {
  // The staff area answers its own addresses and is never kept (controllers/staff.controller.ts); should
  // one ever reach the page controllers, it is rendered for its request and never shared.
  if (STAFF_PATH.test(url)) return { key: url, perVisitor: true };
  const start = url.indexOf('?');
  if (start === -1) return { key: url, perVisitor: false };
  const path = url.slice(0, start);
  const reader = READERS_BY_PATH.get(path);
  if (!reader) return { key: path, perVisitor: false };
  const { query, perVisitor, tooLong } = reader(new URLSearchParams(url.slice(start + 1)));
  return { key: query ? `${path}?${query}` : path, perVisitor, ...(tooLong ? { tooLong } : {}) };
}
