import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/time/clock';
import { VehicleCollection } from '../../models/vehicle.model';
import { CatalogImportError } from '../../services/catalog-import-error';
import { importCatalog, seedCatalogIfEmpty } from '../../services/catalog-import.service';
import { createCatalogService } from '../../services/catalog.service';
import { createLogger } from '../../src/logging/logger.server';
import shippedCatalog from '../../seeds/catalog.json';
import smallCatalog from '../fixtures/catalog-small.json';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const smallCatalogFile = fileURLToPath(new URL('../fixtures/catalog-small.json', import.meta.url));

async function storedIds(): Promise<Map<string, string>> {
  const records = await VehicleCollection.find().lean().exec();
  return new Map(records.map((record) => [record.slug, record.id]));
}

async function importProblems(file: unknown): Promise<string[]> {
  try {
    await importCatalog(file);
  } catch (error) {
    if (error instanceof CatalogImportError) return error.problems;
    throw error;
  }
  throw new Error('the import did not fail');
}

describe('importing a catalog file', () => {
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

  it('creates every vehicle of the shipped catalog, and a second run changes nothing', async () => {
    expect(await importCatalog(shippedCatalog)).toEqual({ created: 23, updated: 0, unchanged: 0 });
    const ids = await storedIds();
    expect(await importCatalog(shippedCatalog)).toEqual({ created: 0, updated: 0, unchanged: 23 });
    expect(await storedIds()).toEqual(ids);
    expect(await VehicleCollection.countDocuments().exec()).toBe(23);
  });

  it('counts a changed entry as updated and keeps every id', async () => {
    await importCatalog(smallCatalog);
    const ids = await storedIds();
    const catalog = createCatalogService({ clock: systemClock, showrooms: [] });
    const before = await catalog.catalogVersion();

    const changed = structuredClone(smallCatalog);
    changed[2]!.price = 8995;
    changed[4]!.specifications = { ...changed[4]!.specifications, topSpeed: '25 mph' };
    expect(await importCatalog(changed)).toEqual({ created: 0, updated: 2, unchanged: 4 });

    expect(await storedIds()).toEqual(ids);
    expect((await catalog.findVehicleBySlug('evolution-budget'))?.price).toBe(8995);
    expect((await catalog.findVehicleBySlug('evolution-beta'))?.specifications.topSpeed).toBe('25 mph');
    // The writes moved the catalog's version on, which this process sees at once.
    const after = await catalog.catalogVersion();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(Date.parse(after.lastModified!)).toBeGreaterThanOrEqual(Date.parse(before.lastModified!));
    // A run that changes nothing leaves the version as it is.
    expect(await importCatalog(changed)).toEqual({ created: 0, updated: 0, unchanged: 6 });
    expect((await catalog.catalogVersion()).revision).toBe(after.revision);
  });

  it('creates a new entry with a fresh id and leaves vehicles missing from the file alone', async () => {
    await importCatalog(smallCatalog);
    const ids = await storedIds();
    const added = { ...structuredClone(smallCatalog[0]!), slug: 'evolution-new-cart', name: 'EVOLUTION New Cart' };
    expect(await importCatalog([smallCatalog[1]!, added])).toEqual({ created: 1, updated: 0, unchanged: 1 });
    const after = await storedIds();
    expect(after.size).toBe(7);
    expect(after.get('evolution-new-cart')).toMatch(/^[0-9a-f-]{36}$/);
    expect([...ids].every(([slug, id]) => after.get(slug) === id)).toBe(true);
  });

  it('lists every problem with its entry and field, and writes nothing', async () => {
    await importCatalog(smallCatalog);
    const broken: unknown[] = structuredClone(smallCatalog);
    // A valid change that must not be written either, because the file as a whole is invalid.
    (broken[0] as { price: number | null }).price = 1;
    (broken[1] as Record<string, unknown>).price = 'cheap';
    delete (broken[2] as { specifications: Record<string, unknown> }).specifications.topSpeed;
    (broken[3] as Record<string, unknown>).brand = 'yamaha';
    (broken[4] as Record<string, unknown>)['color\n'] = 'red';
    broken.push({ ...structuredClone(smallCatalog[5]!), name: 'Another Alpha' });
    broken.push('not an entry');
    broken.push({ ...structuredClone(smallCatalog[0]!), slug: 'line\nbreak' });

    const problems = await importProblems(broken);
    expect(problems).toEqual([
      expect.stringMatching(/^entries\[1\] \(denago-city\) price: /),
      expect.stringMatching(/^entries\[2\] \(evolution-budget\) specifications\.topSpeed: /),
      expect.stringMatching(/^entries\[3\] \(denago-quote\) brand: /),
      expect.stringMatching(/^entries\[4\] \(evolution-beta\) .*color\\n/),
      'entries[6] (evolution-alpha) slug: duplicates the slug of entries[5]',
      expect.stringMatching(/^entries\[7\] \(entry\): /),
      expect.stringMatching(/^entries\[8\] slug: /),
    ]);

    const stored = await VehicleCollection.find().lean().exec();
    expect(stored).toHaveLength(6);
    expect(stored.find((record) => record.slug === 'evolution-quote-cart')?.price).toBeNull();
    expect(stored.find((record) => record.slug === 'denago-city')?.price).toBe(11995);
  });

  it('takes each model year from the file, and refuses an entry without one or with one that is no model year', async () => {
    const catalog = createCatalogService({ clock: systemClock, showrooms: [] });
    await importCatalog(smallCatalog);
    expect((await catalog.findVehicleBySlug('denago-city'))?.year).toBe(2026);
    const newer = structuredClone(smallCatalog);
    newer[1]!.year = 2027;
    expect(await importCatalog(newer)).toEqual({ created: 0, updated: 1, unchanged: 5 });
    expect((await catalog.findVehicleBySlug('denago-city'))?.year).toBe(2027);

    const broken: unknown[] = structuredClone(smallCatalog);
    delete (broken[0] as { year?: number }).year;
    (broken[1] as Record<string, unknown>).year = '2026';
    (broken[2] as Record<string, unknown>).year = 1999;
    (broken[3] as Record<string, unknown>).year = new Date().getFullYear() + 2;
    (broken[4] as Record<string, unknown>).year = 2025.5;
    expect(await importProblems(broken)).toEqual([
      expect.stringMatching(/^entries\[0\] \(evolution-quote-cart\) year: must be a model year such as 2026$/),
      expect.stringMatching(/^entries\[1\] \(denago-city\) year: must be a model year such as 2026$/),
      expect.stringMatching(/^entries\[2\] \(evolution-budget\) year: must be a model year from 2000 on$/),
      expect.stringMatching(/^entries\[3\] \(denago-quote\) year: must be a model year no later than \d{4}$/),
      expect.stringMatching(/^entries\[4\] \(evolution-beta\) year: must be a model year such as 2026$/),
    ]);
  });

  it('writes nothing into an empty catalog from a file with one bad entry', async () => {
    const broken = structuredClone(smallCatalog) as unknown[];
    (broken[5] as Record<string, unknown>).slug = 'Not Kebab';
    expect(await importProblems(broken)).toEqual([expect.stringMatching(/^entries\[5\] \(Not Kebab\) slug: /)]);
    expect(await VehicleCollection.countDocuments().exec()).toBe(0);
  });

  it('refuses a second vehicle with a slug or id already taken', async () => {
    await importCatalog(smallCatalog);
    const existing = await VehicleCollection.findOne({ slug: 'denago-city' }).lean().exec();
    const copy = { ...structuredClone(smallCatalog[1]!), in_stock: true, is_new: true };
    await expect(new VehicleCollection(copy).save()).rejects.toMatchObject({ code: 11000 });
    await expect(new VehicleCollection({ ...copy, slug: 'denago-city-copy', id: existing!.id }).save()).rejects.toMatchObject({ code: 11000 });
  });

  it('rejects a file that is not a list of entries', async () => {
    expect(await importProblems({ vehicles: [] })).toEqual(['the file must hold a JSON array of catalog entries']);
  });

  it('seeds an empty database with the shipped catalog, and only an empty one', async () => {
    const logger = createLogger({ LOG_LEVEL: 'silent' });
    expect(await seedCatalogIfEmpty(logger)).toEqual({ created: 23, updated: 0, unchanged: 0 });
    await VehicleCollection.deleteOne({ slug: 'denago-ev-city' }).exec();
    expect(await seedCatalogIfEmpty(logger)).toBeNull();
    expect(await VehicleCollection.countDocuments().exec()).toBe(22);
  });
});

// Each run starts a TypeScript process; on a busy machine that takes seconds.
describe('npm run catalog:import', { timeout: 60_000 }, () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'catalog-import-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const importCommand = (...args: string[]) => {
    // The embedded database in a temporary folder, whatever the developer's own environment says.
    const env = { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: '' };
    return run(tsx, ['scripts/catalog-import.ts', ...args], { cwd: root, env });
  };

  it('imports a file, prints what changed, and changes nothing on a second run', async () => {
    const first = await importCommand(smallCatalogFile);
    expect(first.stdout).toBe('created 6, updated 0, unchanged 0\n');
    const second = await importCommand(smallCatalogFile);
    expect(second.stdout).toBe('created 0, updated 0, unchanged 6\n');
  });

  it('imports the shipped catalog by default', async () => {
    const { stdout } = await importCommand();
    expect(stdout).toBe('created 23, updated 0, unchanged 0\n');
  });

  it('prints every problem on its own line, exits 1 and imports nothing', async () => {
    const broken = structuredClone(smallCatalog) as Array<Record<string, unknown>>;
    broken[0]!.price = -5;
    broken[3]!.name = '';
    const file = path.join(dataDir, 'broken.json');
    await writeFile(file, JSON.stringify(broken));

    const failure = await importCommand(file).then(
      () => {
        throw new Error('the command succeeded');
      },
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    const lines = failure.stderr.trim().split('\n');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^entries\[0\] \(evolution-quote-cart\) price: /),
      expect.stringMatching(/^entries\[3\] \(denago-quote\) name: /),
    ]);

    const afterwards = await importCommand(smallCatalogFile);
    expect(afterwards.stdout).toBe('created 6, updated 0, unchanged 0\n');
  });
});
