import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importCatalog } from '../../services/catalog-import.service';
import { createCatalogService } from '../../services/catalog.service';
import { vehicleRepository } from '../../models/vehicle.repository';
import { CONDITION_FILTERS, INVENTORY_PAGE_SIZE, PRICE_FILTERS, SPEC_CATEGORIES } from '../../src/catalog/inventory-filters';
import { DEFAULT_INVENTORY_FILTERS } from '../../src/catalog/inventory-query';
import { systemClock } from '../../src/time/clock';
import { generatedCatalog } from '../support/generated-catalog';
import { filterVehicles, sortVehicles, type FilterableVehicle } from '../support/inventory-oracle';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

// A filtered inventory page without a search is counted and found in the facet index
// (services/inventory/facet-index.ts), built once per catalog version in the background, and only
// its vehicles not kept since are read from the store: every combination of the filters, every
// page and one past the end, is what the oracle (test/support/inventory-oracle.ts) says, and a
// catalog change shows on the next request.
describe('filtered inventory pages from the facet index', () => {
  let database: TestDatabase;
  const entries = generatedCatalog(130) as unknown as Array<FilterableVehicle & { slug: string; name: string; price: number | null }>;
  const catalog = createCatalogService({ clock: systemClock, showrooms: [] });
  beforeAll(async () => {
    database = await startTestDatabase();
    await importCatalog(entries);
  });
  afterAll(async () => {
    await database?.close();
  });

  const expected = (list: readonly (typeof entries)[number][], filters: typeof DEFAULT_INVENTORY_FILTERS, page: number) => {
    const all = sortVehicles(filterVehicles(list, filters));
    return { matching: all.length, slugs: all.slice((page - 1) * INVENTORY_PAGE_SIZE, page * INVENTORY_PAGE_SIZE).map((vehicle) => vehicle.slug) };
  };

  it('counts and pages every combination of the filters as the oracle does', async () => {
    const brands = ['all', ...new Set(entries.map((entry) => entry.brand.toLowerCase()))];
    // The product's categories, and a word of a held category that is not one of them.
    const categories = ['all', ...SPEC_CATEGORIES, ...new Set(entries.map((entry) => entry.category.toLowerCase().split(/\s+/)[0]!))];
    let compared = 0;
    for (const brand of brands)
      for (const category of categories)
        for (const price of PRICE_FILTERS)
          for (const condition of CONDITION_FILTERS) {
            const filters = { ...DEFAULT_INVENTORY_FILTERS, brand, category, price, condition };
            for (let page = 1; ; page += 1) {
              const listing = await catalog.findInventoryPage({ filters, page });
              // The filters as the page applied them (one the inventory does not offer reads as 'all').
              const want = expected(entries, listing.filters, page);
              expect({ filters, page, matching: listing.matching, slugs: listing.vehicles.map((vehicle) => vehicle.slug) }).toEqual({ filters, page, ...want });
              compared += 1;
              if (want.slugs.length < INVENTORY_PAGE_SIZE) break;
            }
          }
    expect(compared).toBeGreaterThan(500);
  });

  it('shows a price change on the next request, and on every one after it while the index is built again', async () => {
    const cheapest = sortVehicles(filterVehicles(entries, { ...DEFAULT_INVENTORY_FILTERS, price: 'under-15000' }))[0]!;
    const over = { ...DEFAULT_INVENTORY_FILTERS, price: 'over-25000' as const };
    const before = await catalog.findInventoryPage({ filters: over, page: 1 });
    expect(before.vehicles.map((vehicle) => vehicle.slug)).not.toContain(cheapest.slug);
    const changed = entries.map((entry) => (entry.slug === cheapest.slug ? { ...entry, price: 99_000 } : entry));
    await importCatalog(changed);
    // The first answers come from the store while the new version's index is built, the later from the index.
    for (const started = Date.now(); Date.now() - started < 1000;) {
      const after = await catalog.findInventoryPage({ filters: over, page: 1 });
      expect({ matching: after.matching, slugs: after.vehicles.map((vehicle) => vehicle.slug) }).toEqual(expected(changed, over, 1));
      expect(after.matching).toBe(before.matching + 1);
    }
  });

  it('reads a card from the store once per catalog version, and shows a changed price on the next request', async () => {
    const fresh = createCatalogService({ clock: systemClock, showrooms: [] });
    const filters = { ...DEFAULT_INVENTORY_FILTERS, condition: 'new' as const };
    const read = vi.spyOn(vehicleRepository, 'withIds');
    try {
      // Before the new service's index is built, a page is the store's query for its ids; its cards are read and kept all the same.
      const first = await fresh.findInventoryPage({ filters, page: 1 });
      expect(read.mock.calls.flatMap(([ids]) => ids)).toEqual(first.vehicles.map((vehicle) => vehicle.id));
      read.mockClear();
      const again = await fresh.findInventoryPage({ filters, page: 1 });
      expect(again.vehicles).toEqual(first.vehicles);
      expect(read).not.toHaveBeenCalled();
      // Page 2 reads only its own cards, each once.
      const second = await fresh.findInventoryPage({ filters, page: 2 });
      expect(await fresh.findInventoryPage({ filters, page: 2 })).toEqual(second);
      expect(second.vehicles.map((vehicle) => vehicle.slug)).toEqual(expected(entries, filters, 2).slugs);
      expect(read.mock.calls.flatMap(([ids]) => ids)).toEqual(second.vehicles.map((vehicle) => vehicle.id));

      const shown = first.vehicles[0]!;
      const repriced = entries.map((entry) => (entry.slug === shown.slug ? { ...entry, price: (shown.price ?? 0) + 500 } : entry));
      await importCatalog(repriced);
      const after = await fresh.findInventoryPage({ filters, page: 1 });
      expect(after.vehicles.find((vehicle) => vehicle.slug === shown.slug)?.price).toBe((shown.price ?? 0) + 500);
    } finally {
      read.mockRestore();
      await importCatalog(entries);
    }
  });

  it('shows every card of a page even when fewer are kept than a page shows', async () => {
    const keepingThree = createCatalogService({ clock: systemClock, showrooms: [], keptCardCount: 3 });
    const filters = { ...DEFAULT_INVENTORY_FILTERS, condition: 'new' as const };
    const want = expected(entries, filters, 1);
    expect(want.slugs).toHaveLength(INVENTORY_PAGE_SIZE);
    for (let request = 0; request < 3; request += 1) {
      const listing = await keepingThree.findInventoryPage({ filters, page: 1 });
      expect(listing.vehicles.map((vehicle) => vehicle.slug)).toEqual(want.slugs);
    }
  });
});
