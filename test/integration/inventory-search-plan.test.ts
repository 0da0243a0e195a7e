import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleRepository } from '../../models/vehicle.repository';
import { importCatalog } from '../../services/catalog-import.service';
import { PAGE_IDS_PROJECTION } from '../../services/inventory/inventory-vehicle';
import type { InventoryFilters } from '../../src/catalog/inventory-filters';
import { generatedCatalog } from '../support/generated-catalog';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { planStages, sentToVehicles } from '../support/vehicle-commands';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
  await importCatalog(generatedCatalog(120));
});
afterAll(async () => {
  mongoose.set('debug', false);
  await database?.close();
});

const filters = (search: string, brand = 'all'): InventoryFilters => ({ search, brand, category: 'all', price: 'all', condition: 'all', location: 'all' });
const page = { skip: 0, limit: 24 };
const idsOf = (vehicles: Array<{ id: string }>) => vehicles.map((vehicle) => vehicle.id);

// A search is counted and paged in one command, a $facet of the count and the page, which the
// embedded store answers through the indexes as it answered the two commands it replaces.
describe('an inventory search', () => {
  it('is one command that answers what a count and a page of the same match answer', async () => {
    for (const [search, brand] of [
      ['lithium seats', 'denago'],
      ['Series 3', 'all'],
      ['rov', 'all'],
      ['evolution', 'all'],
    ] as const) {
      const { result, calls } = await sentToVehicles(() => vehicleRepository.matchingPage<{ id: string }>(filters(search, brand), page, PAGE_IDS_PROJECTION));
      expect(calls.map((call) => call.method)).toEqual(['aggregate']);
      const [pipeline] = calls[0]!.args as [Array<Record<string, unknown>>];
      expect(pipeline.map((stage) => Object.keys(stage)[0])).toEqual(['$match', '$facet']);
      const match = pipeline[0]!.$match as object;
      const counted = await mongoose.connection.db!.collection('vehicles').countDocuments(match);
      const paged = await mongoose.connection
        .db!.collection('vehicles')
        .aggregate<{ id: string }>([{ $match: match }, { $sort: { order: 1 } }, { $limit: 24 }, { $project: { _id: 0, id: 1 } }])
        .toArray();
      expect(result.matching, search).toBe(counted);
      expect(idsOf(result.vehicles), search).toEqual(idsOf(paged));
    }
  });

  it.skipIf(process.env.MONGODB_URI)('is counted without a vehicle and paged along the facets index in the embedded store', async () => {
    const { calls } = await sentToVehicles(() => vehicleRepository.matchingPage(filters('lithium'), page, PAGE_IDS_PROJECTION));
    const [pipeline] = calls[0]!.args as [object[]];
    const explained = await mongoose.connection.db!.command({ explain: { aggregate: 'vehicles', pipeline, cursor: {} } });
    const { matching, vehicles } = explained.facets as Record<string, { queryPlanner: Record<string, unknown>; stagesInMemory: string[] }>;
    expect(matching!.queryPlanner.countWithoutDocuments).toBe(true);
    expect(matching!.stagesInMemory).toEqual([]);
    expect(vehicles!.stagesInMemory).toEqual(['$project']);
    const pageStages = planStages(vehicles!.queryPlanner.winningPlan as Record<string, unknown>);
    expect(pageStages.find((stage) => stage.stage === 'IXSCAN')).toMatchObject({ indexName: 'facets_1_order_1', keyOrderIsSortOrder: true });
    const everyStage = planStages((explained.queryPlanner as { winningPlan: Record<string, unknown> }).winningPlan);
    expect(everyStage[0]).toMatchObject({ stage: 'FACET', facets: ['matching', 'vehicles'] });
    expect(everyStage.map((stage) => stage.stage)).not.toContain('COLLSCAN');
  });

  it('leaves filters alone as a count and a page, which MongoDB reads from the facets index in order', async () => {
    const { result, calls } = await sentToVehicles(() => vehicleRepository.matchingPage<{ id: string }>(filters('', 'evolution'), page, PAGE_IDS_PROJECTION));
    expect(calls.map((call) => call.method).sort()).toEqual(['aggregate', 'countDocuments']);
    expect(result.vehicles).toHaveLength(24);
    expect(result.matching).toBeGreaterThan(24);
  });
});
