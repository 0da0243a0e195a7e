import { vehicleRepository } from '../models/vehicle.repository';
import type { Catalog } from '../src/catalog/catalog';
import { catalogVersionKey, keptPerVersion, type CatalogVersion } from '../src/catalog/catalog-version';
import { INVENTORY_PAGE_SIZE, offeredFilters } from '../src/catalog/inventory-filters';
import type { InventoryListing, InventoryQuery, InventoryVehicle } from '../src/catalog/inventory-listing';
import { BRANDS, type Brand, type Vehicle } from '../src/catalog/vehicle';
import { isVehicleId, isVehicleSlug } from '../src/catalog/vehicle-key';
import { recentRead } from '../src/cache/recent-read';
import { createKeptMap } from '../src/cache/kept-map';
import type { Showroom } from '../src/config/business-profile';
import type { Clock } from '../src/time/clock';
import { inventoryFacetClauses } from '../models/vehicle-match';
import { buildFacetIndex, facetPage, type FacetIndex } from './inventory/facet-index';
import { inventoryChoices } from './inventory/inventory-choices';
import { INVENTORY_PROJECTION, PAGE_IDS_PROJECTION, inventoryVehicle, type InventoryRecord } from './inventory/inventory-vehicle';
import { photoAtBase } from './photos/photo-paths';

export interface CatalogService extends Catalog {
  /** The catalog's version: one small document, bumped by every catalog write, read at most once a second. */
  catalogVersion(): Promise<CatalogVersion>;
  /**
   * The listed vehicles (or a house brand's, as listVehiclesByBrand) in the catalog's order, a page
   * at a time: what the whole catalog costs to list is held one page at a time, in this thread and
   * in the store's.
   */
  listedVehiclePages(filter?: { brand?: Brand }): AsyncIterable<Vehicle[]>;
}

/**
 * How many vehicles one read of a whole-catalog listing brings (about 0.4 MB of JSON): small enough
 * that decoding one never holds up other requests for long, large enough that 23,000 units are 46
 * reads.
 */
const LISTING_PAGE_SIZE = 500;

/** How many listed vehicles' facets one read brings when the facet index is built: as a listing page, so the store decodes no more vehicles at once. */
const FACET_PAGE_SIZE = LISTING_PAGE_SIZE;

/**
 * How many inventory pages' cards (filtered pages' and searches') are kept for one catalog version:
 * every listed vehicle of 2,300 units; of 23,000, those the pages asked for lately. About 0.7-1.5 KB
 * each, 3.5-7.5 MB in all.
 */
const KEPT_CARDS = 5000;

/** How long a read of the catalog version serves: another process's catalog import shows within this. */
const VERSION_MAX_AGE_MS = 1000;

const houseBrands: readonly string[] = BRANDS;

export interface CatalogServiceOptions {
  /** Decides when the catalog version is read again; tests move their own instead of waiting. */
  clock: Clock;
  /** The business file's showrooms, which name the inventory's location choices. */
  showrooms: readonly Pick<Showroom, 'id' | 'name'>[];
  versionMaxAgeMs?: number;
  /** PHOTO_BASE_URL: where pages point for the units' photos (a CDN or the bucket); unset: the site's /photos. */
  photoBaseUrl?: string;
  /** How many vehicles one read of a whole-catalog listing brings; tests list a small catalog in several pages. */
  listingPageSize?: number;
  /** How many inventory cards are kept for one catalog version; tests keep a few, so that some are dropped. */
  keptCardCount?: number;
}

/**
 * The catalog as the API controllers and the server's route loaders read it: plain vehicles in
 * the catalog's one order (models/vehicle.repository.ts). Malformed ids, slugs and brands find
 * nothing rather than reaching the database. Pages read through the database's own paging and
 * counting, so what a page costs does not grow with the catalog.
 */
export function createCatalogService({
  clock,
  showrooms,
  versionMaxAgeMs = VERSION_MAX_AGE_MS,
  photoBaseUrl,
  listingPageSize = LISTING_PAGE_SIZE,
  keptCardCount = KEPT_CARDS,
}: CatalogServiceOptions): CatalogService {
  // The catalog records photos at their site paths; pages get them where PHOTO_BASE_URL says.
  const withPhotos = <T extends Vehicle | null>(vehicle: T): T =>
    photoBaseUrl === undefined || !vehicle?.unit
      ? vehicle
      : { ...vehicle, unit: { ...vehicle.unit, photos: vehicle.unit.photos.map((photo) => photoAtBase(photo, photoBaseUrl)) } };
  const allWithPhotos = async (vehicles: Promise<Vehicle[]>) => (photoBaseUrl === undefined ? vehicles : (await vehicles).map(withPhotos));
  const showroomNames = new Map(showrooms.map((showroom) => [showroom.id, showroom.name]));
  const version = recentRead(() => vehicleRepository.catalogVersion(), { maxAgeMs: versionMaxAgeMs, clock });
  let writesSeen = vehicleRepository.writesInThisProcess();
  const catalogVersion = () => {
    // A write made by this process is seen at once; one made by another within a second.
    const writes = vehicleRepository.writesInThisProcess();
    if (writes !== writesSeen) {
      writesSeen = writes;
      version.forget();
    }
    return version();
  };
  // Each catalog version's vehicles have their inventory keys before anything lists them (a write
  // clears a vehicle's keys; models/vehicle.repository.ts writes them again).
  const keysWritten: () => Promise<unknown> = keptPerVersion(catalogVersion, () => vehicleRepository.writeMissingKeys());
  // What the inventory holds to filter by, and the filter form's choices made of it, change only
  // with the catalog: counted and made once per version, not on every search or filtered page.
  const keptChoices = keptPerVersion(catalogVersion, async () => {
    const held = await vehicleRepository.heldChoices();
    return { held, ...inventoryChoices(held, showroomNames) };
  });
  // The listed vehicles' facets as bitsets, so that a filtered page is counted and found in memory.
  // Built once per version in the background (at 23,000 units the store reads for about 2 s): until
  // it is, filtered pages are the store's query, as searches are, so no request waits for it.
  let facets: { version: string; index?: FacetIndex } | undefined;
  // One build at a time: while a feed import writes version after version, a build started for an
  // older one finishes first, and the next request starts one for the version of its time.
  let building = false;
  const builtFacetIndex = async (): Promise<FacetIndex | undefined> => {
    const current = catalogVersionKey(await catalogVersion());
    if (facets?.version !== current && !building) {
      const entry: { version: string; index?: FacetIndex } = { version: current };
      facets = entry;
      building = true;
      readFacetIndex()
        .then(
          (index) => {
            entry.index = index;
          },
          () => {
            if (facets === entry) facets = undefined;
          },
        )
        .finally(() => {
          building = false;
        });
    }
    return facets?.version === current ? facets.index : undefined;
  };
  // The cards inventory pages showed, read from the store once per version: another version starts
  // with none, so no kept card is out of date. They are shared between requests, which only read them.
  const keptCards = keptPerVersion(catalogVersion, async () => createKeptMap<string, InventoryVehicle>(keptCardCount));
  // A page's cards in the order of its ids: those kept, and the others read from the store (one
  // read for all of them) and kept. The page is put together from what it found, never from the
  // kept map again: keeping the cards read, or another request's, can make room by dropping one.
  const cardsWithIds = async (ids: readonly string[]): Promise<InventoryVehicle[]> => {
    const cards = await keptCards();
    const found = new Map<string, InventoryVehicle>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = cards.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const record of await vehicleRepository.withIds<InventoryRecord>(missing, INVENTORY_PROJECTION)) {
        const card = inventoryVehicle(record, photoBaseUrl);
        found.set(record.id, card);
        cards.set(record.id, card);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  };
  const readFacetIndex = async () => {
    await keysWritten();
    // Another process's write while the pages are read can move a vehicle's place in the order
    // past the pages already read: it is kept where it came first.
    const seen = new Set<string>();
    const vehicles: Array<{ id: string; facets: string[] }> = [];
    for await (const page of vehicleRepository.listedFacets(FACET_PAGE_SIZE)) {
      for (const vehicle of page) if (!seen.has(vehicle.id) && seen.add(vehicle.id)) vehicles.push(vehicle);
    }
    return buildFacetIndex(vehicles);
  };
  // Page after page along the catalog's order, the next page asked for before this one is handed
  // on, so the store reads it while this thread serialises this one. A vehicle whose place in the
  // order moves past the last page read while the list is read would come twice; it comes once.
  async function* listedVehiclePages(filter: { brand?: Brand } = {}): AsyncGenerator<Vehicle[]> {
    if (filter.brand !== undefined && !houseBrands.includes(filter.brand)) return;
    await keysWritten();
    const seen = new Set<string>();
    const read = (after: string | null) => {
      const page = vehicleRepository.listedPage(after, listingPageSize, filter);
      // Failure is seen where the page is awaited, or not at all if the reader stopped before it.
      page.catch(() => undefined);
      return page;
    };
    let next: ReturnType<typeof read> | null = read(null);
    while (next !== null) {
      const page: Awaited<ReturnType<typeof read>> = await next;
      next = page.vehicles.length < listingPageSize || page.last === null ? null : read(page.last);
      const fresh = page.vehicles.filter((vehicle) => !seen.has(vehicle.id) && seen.add(vehicle.id));
      if (fresh.length > 0) yield fresh.map(withPhotos);
    }
  }
  const allOf = async (pages: AsyncIterable<Vehicle[]>) => {
    const vehicles: Vehicle[] = [];
    for await (const page of pages) vehicles.push(...page);
    return vehicles;
  };
  return {
    listVehicles: () => allOf(listedVehiclePages()),

    listVehiclesByBrand: (brand: Brand) => allOf(listedVehiclePages({ brand })),

    listedVehiclePages,

    findVehicle: async (id: string) => (isVehicleId(id) ? withPhotos(await vehicleRepository.findOne({ id: id.toLowerCase() })) : null),

    findVehicleBySlug: async (slug: string) => (isVehicleSlug(slug) ? withPhotos(await vehicleRepository.findOne({ slug })) : null),

    async findVehiclesBySlug(slugs) {
      const valid = slugs.filter(isVehicleSlug);
      if (valid.length === 0) return [];
      await keysWritten();
      return allWithPhotos(vehicleRepository.listed({ slugs: valid }));
    },

    async findInventoryPage(query: InventoryQuery): Promise<InventoryListing> {
      await keysWritten();
      const { held, total, choices, offered } = await keptChoices();
      // A brand, category or showroom the inventory does not hold reads as 'all', as the filter form shows it.
      const filters = offeredFilters(query.filters, offered);
      const page = { skip: (query.page - 1) * INVENTORY_PAGE_SIZE, limit: INVENTORY_PAGE_SIZE };
      // A search is the text index's; the filters alone are the facet index's once it is built (until
      // then the store's query). Either gives the page's ids; the store reads only the cards not kept.
      const index = filters.search ? undefined : await builtFacetIndex();
      const { matching, ids } = index
        ? facetPage(index, inventoryFacetClauses(filters, held.categories), page.skip, page.limit)
        : await vehicleRepository
            .matchingPage<{ id: string }>(filters, page, PAGE_IDS_PROJECTION, held.categories)
            .then((found) => ({ matching: found.matching, ids: found.vehicles.map((vehicle) => vehicle.id) }));
      const vehicles = await cardsWithIds(ids);
      return {
        filters,
        vehicles,
        page: query.page,
        pageCount: Math.max(1, Math.ceil(matching / INVENTORY_PAGE_SIZE)),
        matching,
        total,
        choices,
      };
    },

    countVehicles: () => vehicleRepository.countListed(),

    catalogVersion,
  };
}
