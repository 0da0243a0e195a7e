import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db, type Document } from 'mongodb';
import mongoose from 'mongoose';
import { DEFAULT_INVENTORY_FILTERS } from '../src/catalog/inventory-query';
import type { InventoryFilters } from '../src/catalog/inventory-filters';
import { BRANDS } from '../src/catalog/vehicle';
import { INVENTORY_PROJECTION } from '../services/inventory/inventory-vehicle';
import { generatedCatalog } from '../test/support/generated-catalog';

// npx tsx scripts/store-query-benchmark.ts BEFORE_CHECKOUT AFTER_CHECKOUT [UNITS...]
// CPU per query of the embedded store for two checkouts side by side (no build needed): each
// checkout's packages/embedded-mongo server runs in this process on its own data folder, holding
// UNITS catalog entries (2,300 and 23,000 by default) with the indexes of that checkout's vehicle
// model, and answers that checkout's inventory match (models/vehicle-match.ts) in the inventory
// page's aggregation. In rounds, in alternating order, each query runs SAMPLES times per store;
// printed: the median CPU ms (user + system of this process: the server and the driver) and wall
// ms per query, [min–max] over the samples.

const ROUNDS = 3;
const [beforeRoot, afterRoot] = process.argv.slice(2, 4).map((root) => path.resolve(root));
const sizes = process.argv.slice(4).map(Number);
if (!beforeRoot || !afterRoot) throw new Error('usage: npx tsx scripts/store-query-benchmark.ts BEFORE_CHECKOUT AFTER_CHECKOUT [UNITS...]');

// The catalog order of models/vehicle.repository.ts, which keeps it private.
const brandRank = (brand: string) => ({ $cond: [{ $in: [brand, [...BRANDS]] }, { $indexOfArray: [[...BRANDS], brand] }, BRANDS.length] });
const ORDER_FIELDS = { brandRank: brandRank('$brand'), unpriced: { $eq: [{ $ifNull: ['$price', null] }, null] } };
const ORDER = { brandRank: 1, brand: 1, unpriced: 1, price: 1, name: 1, slug: 1 };
const NAME_COLLATION = { locale: 'en', numericOrdering: true, strength: 1 };

interface Checkout {
  label: string;
  inventoryMatch: (filters: InventoryFilters) => object;
  indexes: Array<[Document, Document]>;
  start: (options: { dataDir: string }) => Promise<{ uri: string; close(): Promise<void> }>;
}

async function checkout(label: string, root: string): Promise<Checkout> {
  const { inventoryMatch } = (await import(path.join(root, 'models/vehicle-match.ts'))) as { inventoryMatch: Checkout['inventoryMatch'] };
  // Each checkout's model registers 'Vehicle' with its own indexes; forget the other's first.
  for (const name of mongoose.modelNames()) mongoose.deleteModel(name);
  const { VehicleCollection } = (await import(path.join(root, 'models/vehicle.model.ts'))) as { VehicleCollection: mongoose.Model<unknown> };
  const indexes = VehicleCollection.schema.indexes() as Array<[Document, Document]>;
  const { startEmbeddedMongo } = (await import(path.join(root, 'packages/embedded-mongo/src/embedded-mongo-server.ts'))) as { startEmbeddedMongo: Checkout['start'] };
  return { label, inventoryMatch, indexes, start: startEmbeddedMongo };
}

function records(units: number): Document[] {
  const at = new Date('2026-11-26T00:00:00Z');
  return generatedCatalog(units).map((entry) => ({
    id: randomUUID(),
    slug: entry.slug,
    name: entry.name,
    description: entry.description,
    brand: entry.brand,
    category: entry.category,
    price: entry.price,
    images: entry.images,
    specifications: entry.specifications,
    features: entry.features,
    in_stock: entry.inStock,
    is_new: entry.isNew,
    createdAt: at,
    updatedAt: at,
  }));
}

interface Store {
  checkout: Checkout;
  db: Db;
  client: MongoClient;
  close(): Promise<void>;
}

async function seeded(target: Checkout, units: number, folder: string): Promise<Store> {
  const server = await target.start({ dataDir: path.join(folder, `${target.label}-${units}`) });
  const client = await MongoClient.connect(server.uri);
  const db = client.db('site');
  const vehicles = db.collection('vehicles');
  for (const [fields, options] of target.indexes) await vehicles.createIndex(fields, options);
  const all = records(units);
  for (let start = 0; start < all.length; start += 1_000) await vehicles.insertMany(all.slice(start, start + 1_000));
  return {
    checkout: target,
    db,
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const queries: Array<{ name: string; run: (store: Store) => Promise<unknown> }> = [
  { name: 'filtered inventory page (evolution, $15,000–$25,000)', run: (store) => inventoryPage(store, { brand: 'evolution', price: '15000-25000' }) },
  { name: 'search "nomad"', run: (store) => inventoryPage(store, { search: 'nomad' }) },
  { name: 'search "nomad lithium"', run: (store) => inventoryPage(store, { search: 'nomad lithium' }) },
  { name: 'unit by slug', run: (store) => store.db.collection('vehicles').findOne({ slug: 'denago-ev-nomad-xl-series-7' }) },
];

/** The inventory page's aggregation as vehicleRepository.matchingPage sent it before decision 019 (now it projects only `id`): a count and the first 24 cards in the catalog order. */
function inventoryPage(store: Store, filters: Partial<InventoryFilters>): Promise<Document[]> {
  const match = store.checkout.inventoryMatch({ ...DEFAULT_INVENTORY_FILTERS, ...filters });
  const vehicles = [{ $addFields: ORDER_FIELDS }, { $sort: ORDER }, { $skip: 0 }, { $limit: 24 }, { $project: INVENTORY_PROJECTION }];
  return store.db
    .collection('vehicles')
    .aggregate([{ $match: match }, { $facet: { matching: [{ $count: 'count' }], vehicles } }], { collation: NAME_COLLATION })
    .toArray();
}

async function measure(run: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figure = (values: number[]) => `${median(values).toFixed(2)} [${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}]`;

const checkouts = [await checkout('before', beforeRoot), await checkout('after', afterRoot)];
const folder = mkdtempSync(path.join(os.tmpdir(), 'store-query-benchmark-'));
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs); ${ROUNDS} rounds`,
);
console.log('| units | query | before CPU ms | after CPU ms | before wall ms | after wall ms | before / after (CPU) |');
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
try {
  for (const units of sizes.length ? sizes : [2_300, 23_000]) {
    const stores = [];
    for (const target of checkouts) stores.push(await seeded(target, units, folder));
    const samples = units > 10_000 ? 3 : 7;
    const found = new Map<string, { cpu: number[]; wall: number[] }>();
    for (const query of queries) for (const store of stores) await query.run(store);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const store of round % 2 ? [...stores].reverse() : stores) {
        for (const query of queries) {
          const key = `${store.checkout.label}|${query.name}`;
          const entry = found.get(key) ?? { cpu: [], wall: [] };
          for (let sample = 0; sample < samples; sample += 1) {
            const { cpu, wall } = await measure(() => query.run(store));
            entry.cpu.push(cpu);
            entry.wall.push(wall);
          }
          found.set(key, entry);
        }
      }
    }
    for (const query of queries) {
      const before = found.get(`before|${query.name}`)!;
      const after = found.get(`after|${query.name}`)!;
      const ratio = median(before.cpu) / median(after.cpu);
      console.log(`| ${units} | ${query.name} | ${figure(before.cpu)} | ${figure(after.cpu)} | ${figure(before.wall)} | ${figure(after.wall)} | ${ratio.toFixed(1)}× |`);
    }
    for (const store of stores) await store.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
