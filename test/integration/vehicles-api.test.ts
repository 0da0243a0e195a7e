import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../services/catalog-import.service';
import smallCatalog from '../fixtures/catalog-small.json';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface VehicleJson {
  id: string;
  slug: string;
  name: string;
  brand: string;
  price: number | null;
  inStock: boolean;
  isNew: boolean;
  [field: string]: unknown;
}

describe('the vehicle API', () => {
  let vehicles: VehicleJson[];

  const site = useTestApp({ SEED_CATALOG: false });
  beforeAll(async () => {
    await importCatalog(smallCatalog);
    vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as VehicleJson[];
  });

  const bySlug = (slug: string) => {
    const vehicle = vehicles.find((candidate) => candidate.slug === slug);
    if (!vehicle) throw new Error(`no vehicle ${slug}`);
    return vehicle;
  };

  describe('GET /api/vehicles', () => {
    it('lists every vehicle by brand, then price with unpriced last, then name', async () => {
      expect(vehicles.map((vehicle) => vehicle.slug)).toEqual([
        'denago-city',
        'denago-quote',
        'evolution-budget',
        'evolution-alpha',
        'evolution-beta',
        'evolution-quote-cart',
      ]);
    });

    it('answers JSON with a uuid id and inStock/isNew, never _id, __v or the stored field names', async () => {
      const response = await request(site.app).get('/api/vehicles').expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      for (const vehicle of response.body as VehicleJson[]) {
        expect(vehicle.id).toMatch(UUID);
        expect(vehicle).not.toHaveProperty('_id');
        expect(vehicle).not.toHaveProperty('__v');
        expect(vehicle).not.toHaveProperty('in_stock');
        expect(vehicle).not.toHaveProperty('is_new');
        expect(typeof vehicle.inStock).toBe('boolean');
        expect(typeof vehicle.isNew).toBe('boolean');
      }
      expect(bySlug('denago-quote')).toMatchObject({ inStock: false, isNew: true, price: null });
      expect(bySlug('evolution-alpha')).toMatchObject({ inStock: true, isNew: false, price: 12995 });
    });

    it('answers every field a page reads', () => {
      expect(bySlug('denago-city')).toEqual({
        id: expect.stringMatching(UUID),
        slug: 'denago-city',
        name: 'DENAGO City',
        description: 'DENAGO City: a test cart for the catalog tests.',
        brand: 'denago',
        category: 'city',
        year: 2026,
        price: 11995,
        images: ['/images/vehicles/denago-city.svg'],
        specifications: { topSpeed: '19 mph', range: '35 mi', seatingCapacity: '4 passengers', batteryType: 'Lithium-ion', chargingPort: '110V' },
        features: ['Seats 4', 'Lithium-ion battery'],
        inStock: true,
        isNew: true,
      });
    });

    it('may be kept a few seconds by shared caches, and answers 304 while the catalog is unchanged', async () => {
      const first = await request(site.app).get('/api/vehicles').expect(200);
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=15');
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const revisit = await request(site.app).get('/api/vehicles').set('If-None-Match', etag!).expect(304);
      expect(revisit.text).toBe('');
      expect(revisit.headers.etag).toBe(etag);
    });

    it('answers 200 with a new ETag once the catalog changes', async () => {
      const before = (await request(site.app).get('/api/vehicles').expect(200)).headers.etag!;
      const changed = structuredClone(smallCatalog);
      changed[1]!.price = 10995;
      await importCatalog(changed);
      const after = await request(site.app).get('/api/vehicles').set('If-None-Match', before).expect(200);
      expect(after.headers.etag).not.toBe(before);
      expect((after.body as VehicleJson[]).find((vehicle) => vehicle.slug === 'denago-city')?.price).toBe(10995);
      await importCatalog(smallCatalog);
    });
  });

  describe('GET /api/vehicles/brand/:brand', () => {
    it('lists only EVOLUTION vehicles, in catalog order', async () => {
      const response = await request(site.app).get('/api/vehicles/brand/evolution').expect(200);
      expect((response.body as VehicleJson[]).map((vehicle) => vehicle.slug)).toEqual(['evolution-budget', 'evolution-alpha', 'evolution-beta', 'evolution-quote-cart']);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=15');
      await request(site.app).get('/api/vehicles/brand/evolution').set('If-None-Match', response.headers.etag!).expect(304);
    });

    it('lists only DENAGO vehicles', async () => {
      const response = await request(site.app).get('/api/vehicles/brand/denago').expect(200);
      expect((response.body as VehicleJson[]).map((vehicle) => vehicle.slug)).toEqual(['denago-city', 'denago-quote']);
    });

    it('answers 404 with an error for a brand the dealership does not carry', async () => {
      const response = await request(site.app).get('/api/vehicles/brand/yamaha').expect(404);
      expect(response.body).toEqual({ error: 'Brand not found' });
    });
  });

  describe('GET /api/vehicles/:id', () => {
    it('answers one vehicle by its id, cacheable and revalidated with its ETag', async () => {
      const wanted = bySlug('evolution-beta');
      const response = await request(site.app).get(`/api/vehicles/${wanted.id}`).expect(200);
      expect(response.body).toEqual(wanted);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=15');
      await request(site.app).get(`/api/vehicles/${wanted.id}`).set('If-None-Match', response.headers.etag!).expect(304);
    });

    it('answers 404 "Vehicle not found" for an unknown id', async () => {
      const response = await request(site.app).get('/api/vehicles/00000000-0000-4000-8000-000000000000').expect(404);
      expect(response.body).toEqual({ error: 'Vehicle not found' });
    });

    it.each([
      ['a malformed id', '/api/vehicles/not-a-uuid'],
      ['a slug', '/api/vehicles/denago-city'],
      // Lower-case escapes: the canonical-path rule would first redirect upper-case ones.
      ['an operator', `/api/vehicles/${encodeURIComponent('{"$gt":""}').toLowerCase()}`],
      ['a too long id', `/api/vehicles/${'a'.repeat(500)}`],
    ])('answers 404 "Vehicle not found" for %s', async (_what, path) => {
      const response = await request(site.app).get(path).expect(404);
      expect(response.body).toEqual({ error: 'Vehicle not found' });
    });

    it('answers 404 JSON for any other path under /api/vehicles', async () => {
      const response = await request(site.app).get('/api/vehicles/brand/evolution/extra').expect(404);
      expect(response.body).toEqual({ error: 'Not found' });
    });
  });
});

describe('the vehicle API with the shipped catalog', () => {
  const site = useTestApp();

  it('serves the 23 models, DENAGO first and cheapest first', async () => {
    const response = await request(site.app).get('/api/vehicles').expect(200);
    const vehicles = response.body as VehicleJson[];
    expect(vehicles).toHaveLength(23);
    expect(vehicles[0]).toMatchObject({ slug: 'denago-ev-city', price: 11995 });
    expect(vehicles.find((vehicle) => vehicle.slug === 'evolution-d6-max-gt4')?.price).toBe(16995);
    expect(vehicles.find((vehicle) => vehicle.slug === 'evolution-d5-maverick-4-plus')?.price).toBe(12995);
    const evolution = (await request(site.app).get('/api/vehicles/brand/evolution').expect(200)).body as VehicleJson[];
    expect(evolution).toHaveLength(17);
  });
});

describe('the vehicle API during a database outage', () => {
  let someId: string;
  const clock = testClock();
  const site = useTestApp({}, { clock: clock.now });
  beforeAll(async () => {
    await request(site.app).get('/readyz').expect(200);
    someId = ((await request(site.app).get('/api/vehicles').expect(200)).body as VehicleJson[])[0]!.id;
    await site.database.simulateOutage();
    // The catalog version read a moment ago serves for a second at most; then answers are not kept ones.
    clock.advance(1000);
  });

  it.each(['/api/vehicles', '/api/vehicles/brand/evolution'])('answers 503 with an error and no stack trace for %s', async (path) => {
    const response = await request(site.app).get(path).expect(503);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(response.text).not.toMatch(/at .*\.ts:\d+|Mongo/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 for one vehicle, not 404', async () => {
    const response = await request(site.app).get(`/api/vehicles/${someId}`).expect(503);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it('reports not ready on /readyz while staying alive on /healthz', async () => {
    const ready = await request(site.app).get('/readyz').expect(503);
    expect(ready.body).toMatchObject({ database: 'down' });
    await request(site.app).get('/healthz').expect(200);
  });
});
