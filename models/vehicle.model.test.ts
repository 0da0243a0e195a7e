import { describe, expect, it } from 'vitest';
import { invalidFields } from '../test/support/invalid-fields';
import { VehicleCollection } from './vehicle.model';

const fields = {
  slug: 'denago-ev-city',
  name: 'DENAGO EV City',
  description: 'A street-legal four-seater.',
  brand: 'denago',
  category: 'city',
  price: 11995,
  specifications: { topSpeed: '25 mph', range: '40-50 mi', seatingCapacity: '4 passengers', batteryType: 'Lithium-ion' },
};

describe('Vehicle', () => {
  it('gets a uuid id, empty lists and both stock flags set by default', async () => {
    const vehicle = new VehicleCollection(fields);
    expect(vehicle.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(vehicle.images).toEqual([]);
    expect(vehicle.features).toEqual([]);
    expect(vehicle.in_stock).toBe(true);
    expect(vehicle.is_new).toBe(true);
    expect(await invalidFields(vehicle)).toEqual([]);
  });

  it('turns into the API shape as JSON: inStock and isNew, no _id', () => {
    const json = JSON.parse(JSON.stringify(new VehicleCollection({ ...fields, in_stock: false }))) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(
      ['brand', 'category', 'description', 'features', 'id', 'images', 'inStock', 'isNew', 'name', 'price', 'slug', 'specifications'].sort(),
    );
    expect(json).toMatchObject({ inStock: false, isNew: true, price: 11995 });
  });

  it('accepts a missing price as "Contact for Pricing" but not cents or a negative price', async () => {
    expect(await invalidFields(new VehicleCollection({ ...fields, price: null }))).toEqual([]);
    expect(await invalidFields(new VehicleCollection({ ...fields, price: 11995.5 }))).toEqual(['price']);
    expect(await invalidFields(new VehicleCollection({ ...fields, price: -1 }))).toEqual(['price']);
  });

  it('holds model entries of the house brands only', async () => {
    expect(await invalidFields(new VehicleCollection({ ...fields, brand: 'yamaha' }))).toEqual(['brand']);
  });

  const unit = {
    brandName: 'Club Car',
    model: 'Onward 4 Passenger',
    stockNumber: 'SG2401',
    condition: 'used',
    status: 'available',
    photoSources: ['/srv/feed/sg2401-1.jpg'],
  };

  it('holds a used unit of any brand, by its key, with its own facts', async () => {
    const vehicle = new VehicleCollection({ ...fields, brand: 'club-car', year: 1998, unit });
    expect(await invalidFields(vehicle)).toEqual([]);
    expect(await invalidFields(new VehicleCollection({ ...fields, brand: 'Club Car', unit }))).toEqual(['brand']);
    expect(await invalidFields(new VehicleCollection({ ...fields, brand: 'club-car', unit: { ...unit, condition: 'mint', status: 'gone' } }))).toEqual([
      'unit.condition',
      'unit.status',
    ]);
  });

  it("answers a unit's facts as JSON, its sale date as ISO text, never where its photos came from", () => {
    const soldAt = new Date('2026-05-01T12:00:00Z');
    const json = JSON.parse(JSON.stringify(new VehicleCollection({ ...fields, brand: 'club-car', unit: { ...unit, status: 'sold', soldAt } }))) as {
      unit: Record<string, unknown>;
    };
    expect(json.unit).toEqual({
      brandName: 'Club Car',
      model: 'Onward 4 Passenger',
      stockNumber: 'SG2401',
      condition: 'used',
      status: 'sold',
      soldAt: '2026-05-01T12:00:00.000Z',
      photos: [],
    });
  });
});
