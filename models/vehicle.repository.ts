import mongoose from 'mongoose';
import type { CatalogVersion } from '../src/catalog/catalog-version';
import type { InventoryFilters } from '../src/catalog/inventory-filters';
import { BRANDS, type Vehicle } from '../src/catalog/vehicle';
import { CatalogMetaCollection } from './catalog-meta.model';
import { DuplicateUnitError } from './duplicate-unit-error';
import { storeCall } from './store-call';
import { brandFacet, categoryFacet, conditionFacet, inventoryKeys, LISTED_FACET, locationFacet, withoutKeys, type KeyedFields } from './inventory-keys';
import { inventoryMatch, LISTED } from './vehicle-match';
import { VehicleCollection, vehicleFromRecord, type VehicleRecord } from './vehicle.model';

const UNAVAILABLE_MESSAGE = 'The vehicle catalog is unavailable right now. Please try again shortly.';

const read = <T>(call: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, call);

/** MongoDB's error for a write refused by a unique index (the embedded store answers it too). */
const DUPLICATE_KEY = 11000;

/** The writes an import sends in one bulk write (one round trip, one new catalog version). */
export type VehicleWrites = Parameters<typeof VehicleCollection.bulkWrite>[0];

/**
 * The catalog's one order (docs/decisions/003-specification-decisions.md#catalog), stored with
 * each vehicle as `order` (models/inventory-keys.ts): the house brands in BRANDS order, then every
 * other brand A-Z by key; priced before unpriced, by price; the name as people read it; the slug.
 */
const CATALOG_ORDER = { order: 1 } as const;

const houseBrands: readonly string[] = BRANDS;

/** A brand's place in the catalog's order: BRANDS order, then every other brand. */
const brandOrder = (brand: string) => (houseBrands.includes(brand) ? houseBrands.indexOf(brand) : houseBrands.length);

/** A brand as a listed unit's feed writes it ("Club Car"), or undefined when no unit names it. */
async function brandName(brand: string): Promise<string | undefined> {
  const unit = await read(() =>
    VehicleCollection.findOne({ facets: brandFacet(brand), 'unit.brandName': mongoose.trusted({ $type: 'string' }) }, { _id: 0, 'unit.brandName': 1 })
      .lean<{ unit?: { brandName?: string } }>()
      .exec(),
  );
  return unit?.unit?.brandName;
}

const KEYED_FIELDS = { slug: 1, name: 1, brand: 1, category: 1, price: 1, 'unit.condition': 1, 'unit.location': 1, 'unit.status': 1 };

/**
 * A bulk write that changes a vehicle clears its keys (order, facets), which writeMissingKeys then
 * writes again from what is stored (the model's update hooks do the same for single updates).
 */
function withKeysCleared(write: VehicleWrites[number]): VehicleWrites[number] {
  for (const kind of ['updateOne', 'updateMany'] as const) {
    const operation = (write as Record<string, { update?: Record<string, unknown> } | undefined>)[kind];
    if (operation?.update && !Array.isArray(operation.update))
      return { [kind]: { ...operation, update: withoutKeys(operation.update) } } as unknown as VehicleWrites[number];
  }
  return write;
}

/** What the listed vehicles hold to filter by, and how many they are (heldChoices). */
export interface HeldChoices {
  total: number;
  categories: string[];
  /** In the catalog's brand order; `name` is a unit's brand as its feed writes it. */
  brands: Array<{ key: string; name?: string | null }>;
  conditions: string[];
  locations: string[];
}

/** The staff inventory's filters (/staff/inventory), each optional, ANDed. */
export interface StaffInventoryQuery {
  search?: string;
  status?: 'available' | 'pending' | 'sold';
  kind?: 'model';
  origin?: 'staff' | 'feed';
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
      facets: filter.brand ? brandFacet(filter.brand) : LISTED_FACET,
      ...(filter.slugs ? { slug: mongoose.trusted({ $in: [...filter.slugs] }) } : {}),
    };
    const records = await read(() => VehicleCollection.find(match).sort(CATALOG_ORDER).lean<VehicleRecord[]>().exec());
    return records.map(vehicleFromRecord);
  },

  /**
   * The listed vehicles (or a brand's) in the catalog's order that come after the one whose order
   * is `after` (from the first with null), at most `limit`, and the last one's order to go on
   * from: a range of the {facets, order} index, so the whole catalog can be read a page at a time
   * instead of as one result set that the store and this thread hold and decode at once.
   */
  async listedPage(after: string | null, limit: number, filter: { brand?: string } = {}): Promise<{ vehicles: Vehicle[]; last: string | null }> {
    const match = { facets: filter.brand ? brandFacet(filter.brand) : LISTED_FACET, ...(after === null ? {} : { order: mongoose.trusted({ $gt: after }) }) };
    const records = await read(() => VehicleCollection.find(match).sort(CATALOG_ORDER).limit(limit).batchSize(limit).lean<VehicleRecord[]>().exec());
    return { vehicles: records.map(vehicleFromRecord), last: records.at(-1)?.order ?? null };
  },

  /**
   * The listed vehicles' ids and facets in the catalog's order, `pageSize` at a time along the
   * {facets, order} index (for the facet index, services/inventory/facet-index.ts): the store
   * never holds the whole catalog's answer at once.
   */
  async *listedFacets(pageSize: number): AsyncGenerator<Array<{ id: string; facets: string[] }>> {
    let after: string | null = null;
    for (;;) {
      const match: object = { facets: LISTED_FACET, ...(after === null ? {} : { order: mongoose.trusted({ $gt: after }) }) };
      const records: Array<{ id: string; facets: string[]; order: string }> = await read(() =>
        VehicleCollection.find(match, { _id: 0, id: 1, facets: 1, order: 1 })
          .sort(CATALOG_ORDER)
          .limit(pageSize)
          .batchSize(pageSize)
          .lean<Array<{ id: string; facets: string[]; order: string }>>()
          .exec(),
      );
      if (records.length > 0) yield records.map(({ id, facets }) => ({ id, facets }));
      if (records.length < pageSize) return;
      after = records.at(-1)!.order;
    }
  },

  /** The vehicles with these ids, projected, in the order of the ids (one missing since is left out). */
  async withIds<T extends { id: string }>(ids: readonly string[], projection: object): Promise<T[]> {
    if (ids.length === 0) return [];
    const records = await read(() => VehicleCollection.aggregate<T>([{ $match: { id: mongoose.trusted({ $in: [...ids] }) } }, { $project: projection }]).exec());
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** Any vehicle, a sold unit too (its page still answers), by its uuid or its slug. */
  async findOne(key: { id: string } | { slug: string }): Promise<Vehicle | null> {
    const record = await read(() => VehicleCollection.findOne(key).lean<VehicleRecord>().exec());
    return record ? vehicleFromRecord(record) : null;
  },

  countListed(): Promise<number> {
    return read(() => VehicleCollection.countDocuments(LISTED).exec());
  },

  /**
   * What the listed vehicles hold to filter by, and how many they are, from the facets each stores
   * (models/inventory-keys.ts): the facets' distinct values and a count of the listed facet, both
   * over the facets' index (the embedded store reads the distinct values from its keys without a
   * vehicle), and, for a brand other than the house brands, one unit's name for it as its feed
   * writes it. The categories are as the facets hold them: lower case, with each of the product's
   * categories a held one contains.
   */
  async heldChoices(): Promise<HeldChoices> {
    const listed = { facets: LISTED_FACET };
    const [values, total] = await read(() => Promise.all([VehicleCollection.distinct('facets', listed).exec(), VehicleCollection.countDocuments(listed).exec()]));
    const facets = values as string[];
    const held = (facet: (value: string) => string) => {
      const prefix = facet('');
      return facets.filter((value) => value.startsWith(prefix)).map((value) => value.slice(prefix.length));
    };
    const brandKeys = held(brandFacet).sort((a, b) => brandOrder(a) - brandOrder(b) || (a < b ? -1 : a > b ? 1 : 0));
    const brands = await Promise.all(brandKeys.map(async (key) => ({ key, name: houseBrands.includes(key) ? undefined : await brandName(key) })));
    return { total, categories: held(categoryFacet), brands, conditions: held(conditionFacet), locations: held(locationFacet).sort() };
  },

  /**
   * One page of the listed vehicles that pass the filters, with only the fields `projection` names,
   * and how many pass: a count and one page in the catalog's order, both answered by the indexes
   * (the facets' index, and the text index for a search: MongoDB's $text; in the embedded store
   * FTS5 within the facets' index order, so only the page's vehicles are read).
   *
   * A search asks for both in one command, a $facet of the count and the page: MongoDB reads every
   * vehicle its text index finds for either (the page's order is not the text index's), so once
   * instead of twice, and the embedded store answers each facet as it answers the command the
   * facet replaces. Filters alone stay two commands: a $facet's sort uses no index, so MongoDB
   * would read every vehicle they find and sort them in memory, where the page alone is read from
   * the facets' index in order and stops at the page.
   */
  async matchingPage<T>(
    filters: InventoryFilters,
    page: { skip: number; limit: number },
    projection: object,
    heldCategories: readonly string[] = [],
  ): Promise<MatchingPage<T>> {
    const match = inventoryMatch(filters, heldCategories);
    const pageStages = [{ $sort: CATALOG_ORDER }, { $skip: page.skip }, { $limit: page.limit }, { $project: projection }];
    if ('$text' in match) {
      const [result] = await read(() =>
        VehicleCollection.aggregate<{ matching: Array<{ n: number }>; vehicles: T[] }>([
          { $match: match },
          { $facet: { matching: [{ $count: 'n' }], vehicles: pageStages } },
        ]).exec(),
      );
      return { matching: result?.matching[0]?.n ?? 0, vehicles: result?.vehicles ?? [] };
    }
    const [matching, vehicles] = await read(() =>
      Promise.all([VehicleCollection.countDocuments(match).exec(), VehicleCollection.aggregate<T>([{ $match: match }, ...pageStages]).exec()]),
    );
    return { matching, vehicles };
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

  /** One unit by its stock number as stored (sold too), or null. */
  unit(stockNumber: string): Promise<(VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> }) | null> {
    return read(() => VehicleCollection.findOne({ 'unit.stockNumber': stockNumber }).lean<VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> }>().exec());
  },

  /**
   * One page of the staff inventory (/staff/inventory): units and model entries, newest first, with
   * `matching` counted. `search` is a stock number (exact) or words of the name; both are matched as
   * literal text. The catalog is a dealer's (hundreds of vehicles), so the filters read it whole.
   */
  async staffInventory(query: StaffInventoryQuery, page: { skip: number; limit: number }): Promise<MatchingPage<VehicleRecord>> {
    const conditions: object[] = [];
    if (query.kind === 'model') conditions.push({ unit: mongoose.trusted({ $exists: false }) });
    if (query.status) conditions.push({ 'unit.status': query.status });
    if (query.origin === 'staff') conditions.push({ 'unit.origin': 'staff' });
    if (query.origin === 'feed') conditions.push({ unit: mongoose.trusted({ $exists: true }), 'unit.origin': mongoose.trusted({ $ne: 'staff' }) });
    const search = query.search?.trim() ?? '';
    if (search !== '') {
      const literal = new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      conditions.push(mongoose.trusted({ $or: [{ 'unit.stockNumber': search.toUpperCase() }, { name: literal }] }));
    }
    const match = conditions.length === 0 ? {} : mongoose.trusted({ $and: conditions });
    const [matching, vehicles] = await read(() =>
      Promise.all([
        VehicleCollection.countDocuments(match).exec(),
        VehicleCollection.find(match).sort({ createdAt: -1, _id: -1 }).skip(page.skip).limit(page.limit).lean<VehicleRecord[]>().exec(),
      ]),
    );
    return { matching, vehicles };
  },

  async isEmpty(): Promise<boolean> {
    return !(await read(() => VehicleCollection.exists({}).exec()));
  },

  /** Writes an import's changes at once; returns the positions of the writes that inserted a vehicle. */
  async write(writes: VehicleWrites): Promise<Set<number>> {
    const written = await read(() => VehicleCollection.bulkWrite(writes.map(withKeysCleared), { ordered: true }));
    await vehicleRepository.writeMissingKeys();
    return new Set(Object.keys(written.upsertedIds).map(Number));
  },

  /**
   * Writes a batch of a feed import's unit changes as `write` does, in order. Should a unit it
   * inserts have been stored by another writer meanwhile (the same stock number or page address),
   * the writes before it are made, the rest are not, and it raises DuplicateUnitError.
   */
  async writeUnits(writes: VehicleWrites): Promise<Set<number>> {
    try {
      return await vehicleRepository.write(writes);
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) throw new DuplicateUnitError({ cause: error });
      throw error;
    }
  },

  /**
   * Writes the keys (models/inventory-keys.ts) of every vehicle that has none: one just written,
   * one changed by an update (which clears them), or a catalog stored before there were keys. The
   * catalog service asks once per catalog version, before it reads; with nothing to write it is
   * one lookup in the facets' index.
   */
  async writeMissingKeys(): Promise<number> {
    const unkeyed = await read(() =>
      VehicleCollection.find({ facets: mongoose.trusted({ $exists: false }) }, KEYED_FIELDS)
        .lean<Array<KeyedFields & { _id: unknown }>>()
        .exec(),
    );
    if (unkeyed.length === 0) return 0;
    await read(() =>
      VehicleCollection.bulkWrite(
        unkeyed.map((record) => ({ updateOne: { filter: { _id: record._id }, update: { $set: inventoryKeys(record) }, timestamps: false } })),
        { ordered: false },
      ),
    );
    return unkeyed.length;
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
