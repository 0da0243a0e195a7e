import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog';
import type { Vehicle } from './vehicle';
import { versionedCatalog } from './versioned-catalog';

const vehicle = (slug: string, price: number | null) => ({ id: `id-${slug}`, slug, name: slug, price, images: ['/a.svg'] }) as unknown as Vehicle;

function fakeCatalog(initial: Vehicle[]) {
  let vehicles = initial;
  let version = { count: initial.length, lastModified: '2026-06-01T10:00:00.000Z' as string | null };
  let listReads = 0;
  let versionFails = false;
  let listFails = false;
  const catalog: Catalog = {
    listVehicles: async () => {
      listReads += 1;
      if (listFails) throw new Error('list failed');
      return vehicles.map((entry) => ({ ...entry, images: [...entry.images] }));
    },
    listVehiclesByBrand: async () => [],
    findVehicle: async () => null,
  };
  return {
    catalog,
    version: async () => {
      if (versionFails) throw new Error('version failed');
      return version;
    },
    change(next: Vehicle[], lastModified: string) {
      vehicles = next;
      version = { count: next.length, lastModified };
    },
    listReads: () => listReads,
    failVersion: (value: boolean) => (versionFails = value),
    failList: (value: boolean) => (listFails = value),
  };
}

describe('versionedCatalog', () => {
  it('reads the vehicle list once per catalogue version', async () => {
    const fake = fakeCatalog([vehicle('city', 11995)]);
    const catalog = versionedCatalog(fake.catalog, fake.version);
    expect((await catalog.listVehicles())[0]!.price).toBe(11995);
    await Promise.all([catalog.listVehicles(), catalog.listVehicles()]);
    expect(fake.listReads()).toBe(1);

    fake.change([vehicle('city', 12345)], '2026-06-02T08:00:00.000Z');
    expect((await catalog.listVehicles())[0]!.price).toBe(12345);
    fake.change([vehicle('city', 12345), vehicle('nomad', null)], '2026-06-02T08:00:00.000Z');
    expect(await catalog.listVehicles()).toHaveLength(2);
    expect(fake.listReads()).toBe(3);
  });

  it('hands out a list nobody can change for the next caller', async () => {
    const fake = fakeCatalog([vehicle('city', 11995)]);
    const catalog = versionedCatalog(fake.catalog, fake.version);
    const list = await catalog.listVehicles();
    expect(() => list.push(vehicle('x', 1))).toThrow(TypeError);
    expect(() => {
      list[0]!.price = 1;
    }).toThrow(TypeError);
    expect(() => list[0]!.images.push('/b.svg')).toThrow(TypeError);
    expect((await catalog.listVehicles())[0]!.price).toBe(11995);
  });

  it('reads the list as usual when the version cannot be read, and keeps no failed read', async () => {
    const fake = fakeCatalog([vehicle('city', 11995)]);
    const catalog = versionedCatalog(fake.catalog, fake.version);
    fake.failVersion(true);
    await catalog.listVehicles();
    await catalog.listVehicles();
    expect(fake.listReads()).toBe(2);
    fake.failVersion(false);
    fake.failList(true);
    await expect(catalog.listVehicles()).rejects.toThrow('list failed');
    fake.failList(false);
    expect((await catalog.listVehicles())[0]!.price).toBe(11995);
  });
});
