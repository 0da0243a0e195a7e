import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VehicleCollection } from '../../models/vehicle.model';
import { vehicleRepository } from '../../models/vehicle.repository';
import { importCatalog } from '../../services/catalog-import.service';
import { createCatalogService } from '../../services/catalog.service';
import { systemClock } from '../../src/time/clock';
import { generatedCatalog } from '../support/generated-catalog';
import { sortVehicles } from '../support/inventory-oracle';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import type { Vehicle } from '../../src/catalog/vehicle';

// The whole catalog is read a few vehicles at a time (GET /api/vehicles, the sitemap): what a
// visitor gets is still every listed vehicle once, in the catalog's order.
describe('listing the catalog a page at a time', () => {
  let database: TestDatabase;
  const entries = generatedCatalog(50) as Array<ReturnType<typeof generatedCatalog>[number] & Pick<Vehicle, 'brand' | 'slug' | 'name' | 'price'>>;
  const catalog = createCatalogService({ clock: systemClock, showrooms: [], listingPageSize: 7 });
  beforeAll(async () => {
    database = await startTestDatabase();
    await importCatalog(entries);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lists every vehicle once in the catalog’s order, in pages of the size asked for', async () => {
    const pages: string[][] = [];
    for await (const page of catalog.listedVehiclePages()) pages.push(page.map((vehicle) => vehicle.slug));
    const expected = sortVehicles(entries).map((entry) => entry.slug);
    expect(pages.flat()).toEqual(expected);
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect((await catalog.listVehicles()).map((vehicle) => vehicle.slug)).toEqual(expected);
  });

  it('lists a house brand’s vehicles only, in order', async () => {
    const expected = sortVehicles(entries.filter((entry) => entry.brand === 'evolution')).map((entry) => entry.slug);
    expect(expected.length).toBeGreaterThan(7);
    expect((await catalog.listVehiclesByBrand('evolution')).map((vehicle) => vehicle.slug)).toEqual(expected);
  });

  it('lists a vehicle once when its price moves it past the pages already read', async () => {
    const pages = catalog.listedVehiclePages()[Symbol.asyncIterator]();
    const first: Vehicle[] = (await pages.next()).value ?? [];
    const moved = first[0]!;
    // Another request's change while the list is read: the vehicle is now the brand's dearest.
    await VehicleCollection.updateOne({ slug: moved.slug }, { $set: { price: 999_999 } }).exec();
    await vehicleRepository.writeMissingKeys();
    const slugs: string[] = first.map((vehicle) => vehicle.slug);
    for (let next = await pages.next(); !next.done; next = await pages.next()) slugs.push(...next.value.map((vehicle) => vehicle.slug));
    expect(slugs.filter((slug) => slug === moved.slug)).toEqual([moved.slug]);
    expect(new Set(slugs).size).toBe(entries.length);
  });
});
