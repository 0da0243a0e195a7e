import mongoose from 'mongoose';
import type { CatalogVersion } from '../src/catalog/catalog-version';
import type { InventoryFilters } from '../src/catalog/inventory-filters';
import { BRANDS, type Vehicle } from '../src/catalog/vehicle';
import { CatalogMetaCollection } from './catalog-meta.model';
import { storeCall } from './store-call';
import { inventoryMatch, LISTED } from './vehicle-match';
import { VehicleCollection, vehicleFromRecord, type VehicleRecord } from './vehicle.model';

const UNAVAILABLE_MESSAGE = 'The vehicle catalog is unavailable right now. Please try again shortly.';

const read = <T>(call: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, call);

/**
 * The catalog's one order (docs/decisions/003-specification-decisions.md#catalog), as the database
 * sorts: the house brands in BRANDS order, then every other brand (used units) A-Z by key; priced
 * before unpriced ("Contact for Pricing"), by price; then the name as people read it (numbers by
 * value, case ignored); the slug, unique, settling ties so the order never depends on storage.
 */
const brandRank = (brand: string) => ({ $cond: [{ $in: [brand, [...BRANDS]] }, { $indexOfArray: [[...BRANDS], brand] }, BRANDS.length] });
const ORDER_FIELDS = {
  brandRank: brandRank('$brand'),
  unpriced: { $eq: [{ $ifNull: ['$price', null] }, null] },
};
const ORDER = { brandRank: 1, brand: 1, unpriced: 1, price: 1, name: 1, slug: 1 } as const;
const NAME_COLLATION = { locale: 'en', numericOrdering: true, strength: 1 };
const WITHOUT_ORDER_FIELDS = { _id: 0, brandRank: 0, unpriced: 0 };

/** The stages that put vehicles in the catalog's order and leave the order's helper fields out. */
const inCatalogOrder = (project: object = WITHOUT_ORDER_FIELDS) => [{ $addFields: ORDER_FIELDS }, { $sort: ORDER }, { $project: project }];

/** The writes an import sends in one bulk write (one round trip, one new catalog version). */
export type VehicleWrites = Parameters<typeof VehicleCollection.bulkWrite>[0];

/** What the inventory holds to filter by, and how much of it, in one pass over the listed vehicles. */
export interface HeldChoices {
  total: number;
  categories: string[];
  /** In the catalog's brand order; `name` is a unit's brand as its feed writes it. */
  brands: Array<{ key: string; name?: string | null }>;
  conditions: string[];
  locations: string[];
}

/** One page of vehicles matching the inventory filters, in the catalog's order, and how many match. */
export interface MatchingPage<T> {
  matching: number;
  vehicles: T[];
}

/**
 * The vehicles collection: every Mongoose call on it, the database's outage answered as
 * StoreUnavailableError, and records mapped to plain vehicles. Inputs are already checked by the
 * callers (ids, slugs, parsed filters); what is built here from them is trusted past sanitizeFilter.
 */
export const vehicleRepository = {
  async listed(filter: { brand?: string; slugs?: readonly string[] } = {}): Promise<Vehicle[]> {
    const match = {
      ...LISTED,
      ...(filter.brand ? { brand: filter.brand } : {}),
      ...(filter.slugs ? { slug: { $in: [...filter.slugs] } } : {}),
    };
    const records = await read(() =>
      VehicleCollection.aggregate<VehicleRecord>([{ $match: match }, ...inCatalogOrder()])
        .collation(NAME_COLLATION)
        .exec(),
    );
    return records.map(vehicleFromRecord);
  },

  /** Any vehicle, a sold unit too (its page still answers), by its uuid or its slug. */
  async findOne(key: { id: string } | { slug: string }): Promise<Vehicle | null> {
    const record = await read(() => VehicleCollection.findOne(key).lean<VehicleRecord>().exec());
    return record ? vehicleFromRecord(record) : null;
  },

  countListed(): Promise<number> {
    return read(() => VehicleCollection.countDocuments(LISTED).exec());
  },

  async heldChoices(): Promise<HeldChoices> {
    const [held] = await read(() =>
      VehicleCollection.aggregate<{
        total: Array<{ count: number }>;
        categories: Array<{ _id: string }>;
        brands: Array<{ _id: string; name?: string | null }>;
        conditions: Array<{ _id: string }>;
        locations: Array<{ _id: string }>;
      }>([
        { $match: LISTED },
        {
          $facet: {
            total: [{ $count: 'count' }],
            categories: [{ $group: { _id: '$category' } }],
            brands: [
              { $group: { _id: '$brand', name: { $first: '$unit.brandName' } } },
              { $addFields: { brandRank: brandRank('$_id') } },
              { $sort: { brandRank: 1, _id: 1 } },
            ],
            conditions: [{ $group: { _id: { $ifNull: ['$unit.condition', 'new'] } } }],
            locations: [{ $match: { 'unit.location': { $type: 'string' } } }, { $group: { _id: '$unit.location' } }, { $sort: { _id: 1 } }],
          },
        },
      ]).exec(),
    );
    const keys = (list: Array<{ _id: string }> | undefined) => (list ?? []).map((entry) => entry._id);
    return {
      total: held?.total[0]?.count ?? 0,
      categories: keys(held?.categories),
      brands: (held?.brands ?? []).map((entry) => ({ key: entry._id, name: entry.name })),
      conditions: keys(held?.conditions),
      locations: keys(held?.locations),
    };
  },

  /** One page of the listed vehicles that pass the filters, with only the fields `projection` names. */
  async matchingPage<T>(filters: InventoryFilters, page: { skip: number; limit: number }, projection: object): Promise<MatchingPage<T>> {
    const [result] = await read(() =>
      VehicleCollection.aggregate<{ matching: Array<{ count: number }>; vehicles: T[] }>([
        { $match: inventoryMatch(filters) },
        {
          $facet: {
            matching: [{ $count: 'count' }],
            vehicles: [{ $addFields: ORDER_FIELDS }, { $sort: ORDER }, { $skip: page.skip }, { $limit: page.limit }, { $project: projection }],
          },
        },
      ])
        .collation(NAME_COLLATION)
        .exec(),
    );
    return { matching: result?.matching[0]?.count ?? 0, vehicles: result?.vehicles ?? [] };
  },

  /** The model entries as stored (a feed's units are left out). */
  modelEntries(): Promise<VehicleRecord[]> {
    return read(() =>
      VehicleCollection.find({ unit: mongoose.trusted({ $exists: false }) })
        .lean<VehicleRecord[]>()
        .exec(),
    );
  },

  /** The feed's units as stored, sold ones too. */
  units(): Promise<Array<VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> }>> {
    return read(() =>
      VehicleCollection.find({ unit: mongoose.trusted({ $exists: true }) })
        .lean<Array<VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> }>>()
        .exec(),
    );
  },

  /** The model entries whose slugs are among these: a unit may not take a model entry's address. */
  modelEntriesWithSlugs(slugs: readonly string[]): Promise<VehicleRecord[]> {
    return read(() =>
      VehicleCollection.find({ slug: mongoose.trusted({ $in: [...slugs] }), unit: mongoose.trusted({ $exists: false }) })
        .lean<VehicleRecord[]>()
        .exec(),
    );
  },

  async isEmpty(): Promise<boolean> {
    return !(await read(() => VehicleCollection.exists({}).exec()));
  },

  /** Writes an import's changes at once; returns the positions of the writes that inserted a vehicle. */
  async write(writes: VehicleWrites): Promise<Set<number>> {
    const written = await read(() => VehicleCollection.bulkWrite(writes, { ordered: true }));
    return new Set(Object.keys(written.upsertedIds).map(Number));
  },

  /** The catalog's version (catalog_meta): one small document that every catalog write bumps. */
  catalogVersion(): Promise<CatalogVersion> {
    return read(() => CatalogMetaCollection.current());
  },

  /** How many catalog writes this process has made: a reader that sees it change reads the version again at once. */
  writesInThisProcess(): number {
    return CatalogMetaCollection.bumpsInThisProcess();
  },
};

export type VehicleRepository = typeof vehicleRepository;
