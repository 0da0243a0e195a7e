import type { RequestHandler } from 'express';
import type { Catalog } from '../src/catalog/catalog';
import { PRIVATE_NO_STORE } from '../src/http/cache-control.server';
import type { SendJson } from '../src/http/cached-json.server';
import { querySuffix } from '../src/http/redirect-keeping-query.server';
import { INVENTORY_QUERY_TOO_LONG, inventoryQuery, inventoryRequest } from '../src/catalog/inventory-query';
import { AppError } from '../src/http/app-error.server';

/**
 * GET /api/inventory?search=&brand=&category=&price=&page=: one page of the inventory, as the
 * inventory page reads it in the browser. Kept per catalog version for its normalized query when
 * that is what was applied (an unknown category or a page past the end is answered, not kept); a
 * search is answered for its request only and marked private, like the page.
 */
export function inventoryController(catalog: Catalog, sendJson: SendJson): RequestHandler {
  return async (req, res, next) => {
    try {
      const { filters, page, key, perVisitor, tooLong } = inventoryRequest(new URLSearchParams(querySuffix(req).slice(1)));
      if (tooLong) throw new AppError(400, INVENTORY_QUERY_TOO_LONG);
      await sendJson(req, res, `inventory?${key}`, async () => {
        const listing = await catalog.findInventoryPage({ filters, page });
        const applied = inventoryQuery(listing.filters, listing.page).toString() === key && listing.page <= listing.pageCount;
        return { status: 200, body: listing, keep: applied && !perVisitor, ...(perVisitor ? { cacheControl: PRIVATE_NO_STORE } : {}) };
      });
    } catch (error) {
      next(error);
    }
  };
}
