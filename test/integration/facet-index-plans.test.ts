import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleRepository } from '../../models/vehicle.repository';
import { importCatalog } from '../../services/catalog-import.service';
import { INVENTORY_PROJECTION } from '../../services/inventory/inventory-vehicle';
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

const winningPlan = (explained: Record<string, unknown>) => (explained.queryPlanner as { winningPlan?: Record<string, unknown> } | undefined)?.winningPlan;

// The facet index (services/inventory/facet-index.ts) reads the listed vehicles' facets along the
// {facets, order} index a page at a time, and a filtered page's vehicles by id: neither reads the
// whole collection.
describe('the facet index’s reads', () => {
  it('read the listed vehicles’ facets in pages along the facets index, and a page’s vehicles by the id index', async () => {
    const { result: pages, calls } = await sentToVehicles(async () => {
      const read: string[][] = [];
      for await (const page of vehicleRepository.listedFacets(50)) read.push(page.map((vehicle) => vehicle.id));
      return read;
    });
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    const [filter, options] = calls.at(-1)!.args as [object, { sort: object; limit: number; projection: object }];
    const facetsRead = await mongoose.connection.db!.command({
      explain: { find: 'vehicles', filter, projection: options.projection, sort: options.sort, limit: options.limit },
    });
    const facetStages = planStages(winningPlan(facetsRead));
    expect(facetStages.map((stage) => stage.stage)).not.toContain('COLLSCAN');
    expect(facetStages.find((stage) => stage.stage === 'IXSCAN')).toMatchObject({ indexName: 'facets_1_order_1' });

    const ids = pages.flat().slice(30, 54);
    const { result: vehicles, calls: byId } = await sentToVehicles(() => vehicleRepository.withIds<{ id: string }>(ids, INVENTORY_PROJECTION));
    expect(vehicles.map((vehicle) => vehicle.id)).toEqual(ids);
    const [pipeline] = byId.at(-1)!.args as [object[]];
    const pageRead = await mongoose.connection.db!.command({ explain: { aggregate: 'vehicles', pipeline, cursor: {} } });
    const pageStages = planStages(winningPlan(pageRead));
    expect(pageStages.map((stage) => stage.stage)).not.toContain('COLLSCAN');
    expect(pageStages.find((stage) => stage.stage === 'IXSCAN')).toMatchObject({ indexName: 'id_1' });
  });
});

// The filter choices are counted once per catalog version, but then the first inventory page after
// a change waits for them: they are read from the facets index's keys, not from every vehicle.
describe('the filter choices’ reads', () => {
  it('take the facets’ distinct values from the facets index’s keys, and count the listed facet in the index', async () => {
    const { result: held, calls } = await sentToVehicles(() => vehicleRepository.heldChoices());
    expect(held.total).toBe(120);
    expect(held.brands.map((brand) => brand.key)).toContain('denago');
    const distinct = calls.find((call) => call.method === 'distinct')!;
    const [field, query] = distinct.args as [string, object];
    const distinctRead = await mongoose.connection.db!.command({ explain: { distinct: 'vehicles', key: field, query } });
    const distinctStages = planStages(winningPlan(distinctRead));
    expect(distinctStages[0]).toMatchObject({ stage: 'DISTINCT_SCAN', indexName: 'facets_1_order_1' });
    expect(distinctStages.map((stage) => stage.stage)).not.toContain('COLLSCAN');
    const counted = calls.find((call) => call.method === 'countDocuments')!;
    const countRead = await mongoose.connection.db!.command({ explain: { count: 'vehicles', query: counted.args[0] } });
    expect((countRead.queryPlanner as { countWithoutDocuments?: boolean }).countWithoutDocuments).toBe(true);
    expect(planStages(winningPlan(countRead)).find((stage) => stage.stage === 'IXSCAN')).toMatchObject({ indexName: 'facets_1_order_1' });
  });
});
