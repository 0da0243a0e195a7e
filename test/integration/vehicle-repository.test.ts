import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateUnitError } from '../../models/duplicate-unit-error';
import { VehicleCollection } from '../../models/vehicle.model';
import { vehicleRepository, type VehicleWrites } from '../../models/vehicle.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

const now = new Date('2026-11-27T10:00:00Z');

/** A new unit as a feed import inserts it. */
function insertUnit(stockNumber: string, slug = `2021-club-car-onward-${stockNumber.toLowerCase()}`): VehicleWrites[number] {
  return {
    insertOne: {
      document: {
        id: randomUUID(),
        slug,
        name: '2021 Club Car Onward',
        description: 'Used 2021 Club Car Onward.',
        brand: 'club-car',
        category: 'onward',
        price: 9495,
        specifications: {},
        unit: { brandName: 'Club Car', model: 'Onward', stockNumber, condition: 'used', status: 'available', photos: [], photoSources: [] },
        createdAt: now,
        updatedAt: now,
      },
      timestamps: false,
    },
  } as VehicleWrites[number];
}

describe('the vehicle repository writing units', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await VehicleCollection.deleteMany({}).exec();
  });

  it('raises DuplicateUnitError for a unit already stored under its stock number or page address, after the writes before it', async () => {
    await vehicleRepository.writeUnits([insertUnit('A1')]);

    const sameStock = vehicleRepository.writeUnits([insertUnit('B1'), insertUnit('A1', 'another-address-a1'), insertUnit('C1')]);
    await expect(sameStock).rejects.toBeInstanceOf(DuplicateUnitError);
    await expect(vehicleRepository.writeUnits([insertUnit('D1', '2021-club-car-onward-a1')])).rejects.toBeInstanceOf(DuplicateUnitError);

    const stored = await VehicleCollection.find().lean().exec();
    expect(stored.map((vehicle) => vehicle.unit?.stockNumber).sort()).toEqual(['A1', 'B1']);
  });

  // The caches keep an answer until the catalog version moves: a write that failed after changing
  // the catalog must move it too, or the page and the API would show the catalog before it.
  it('moves the catalog version for a write that failed after its first writes were made', async () => {
    await vehicleRepository.writeUnits([insertUnit('A1')]);
    const before = (await vehicleRepository.catalogVersion()).revision;
    await expect(vehicleRepository.writeUnits([insertUnit('B1'), insertUnit('A1', 'another-address-a1')])).rejects.toBeInstanceOf(DuplicateUnitError);
    expect((await VehicleCollection.find().lean().exec()).map((vehicle) => vehicle.unit?.stockNumber).sort()).toEqual(['A1', 'B1']);
    expect((await vehicleRepository.catalogVersion()).revision).toBeGreaterThan(before);
    const afterBulk = (await vehicleRepository.catalogVersion()).revision;
    await expect(VehicleCollection.updateOne({ 'unit.stockNumber': 'B1' }, { $set: { slug: '2021-club-car-onward-a1' } }).exec()).rejects.toThrow();
    expect((await vehicleRepository.catalogVersion()).revision).toBeGreaterThan(afterBulk);
  });

  it('lets any other failure of a write through as it is', async () => {
    const invalid = insertUnit('E1');
    (invalid as { insertOne: { document: { price: unknown } } }).insertOne.document.price = 10.5;
    await expect(vehicleRepository.writeUnits([invalid])).rejects.not.toBeInstanceOf(DuplicateUnitError);
  });
});
