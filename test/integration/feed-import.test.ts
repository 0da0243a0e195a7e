import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogMetaCollection } from '../../models/catalog-meta.model';
import { VehicleCollection, type VehicleRecord } from '../../models/vehicle.model';
import { importCatalog } from '../../services/catalog-import.service';
import { importFeed, type FeedImportOptions } from '../../services/feed-import.service';
import { folderPhotoStore } from '../../services/photos/folder-photo-store';
import type { PhotoStore } from '../../services/photos/photo-store';
import smallCatalog from '../fixtures/catalog-small.json';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos, TEST_FEED_LOCATIONS, refusal } from '../support/test-feed';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

type UnitRecord = VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> };
const storedUnit = async (stockNumber: string) => VehicleCollection.findOne({ 'unit.stockNumber': stockNumber }).lean<UnitRecord>().exec();

describe('importing a dealer feed', () => {
  let database: TestDatabase;
  let work: string;
  let options: FeedImportOptions & { photosDir: string };
  const { onward, emerge, rxv } = TEST_FEED_ROWS;

  beforeAll(async () => {
    database = await startTestDatabase();
    work = await mkdtemp(path.join(tmpdir(), 'feed-import-'));
    await writeTestFeedPhotos(work);
  });
  afterAll(async () => {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await VehicleCollection.deleteMany({}).exec();
    options = { full: false, locations: TEST_FEED_LOCATIONS, photosDir: path.join(work, `photos-${Date.now()}`), concurrency: 2 };
  });

  it('creates each unit with its facts and its photos processed into the photos folder', async () => {
    const feed = await writeTestFeed(work, 'good.csv', onward, emerge, rxv);
    expect(await importFeed(feed, options)).toEqual({ created: 3, updated: 0, sold: 0, unchanged: 0 });

    const unit = await storedUnit('T100');
    expect(unit).toMatchObject({
      slug: '2021-club-car-onward-4-passenger-t100',
      name: '2021 Club Car Onward 4 Passenger',
      brand: 'club-car',
      year: 2021,
      price: 9495,
      in_stock: true,
      is_new: false,
      unit: {
        brandName: 'Club Car',
        stockNumber: 'T100',
        serialNumber: 'PH2131-283475',
        condition: 'used',
        color: 'Silver',
        hours: 312,
        location: 'bayville',
        status: 'available',
      },
    });
    expect(unit!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(unit!.unit.photos).toHaveLength(2);
    for (const photo of unit!.unit.photos) {
      expect(photo.sources.avif.map((source) => source.url)).toEqual([`/photos/${photo.hash}/480.avif`, `/photos/${photo.hash}/640.avif`]);
      expect(existsSync(path.join(options.photosDir, photo.hash, '640.webp'))).toBe(true);
    }
    expect((await storedUnit('T300'))!.unit.photos).toEqual([]);
    expect((await storedUnit('T300'))!.unit.status).toBe('pending');
  });

  it('changes nothing on a second import of the same feed, not even the catalog version', async () => {
    const feed = await writeTestFeed(work, 'twice.csv', onward, emerge, rxv);
    await importFeed(feed, options);
    const before = await VehicleCollection.find().sort({ slug: 1 }).lean().exec();
    const version = await CatalogMetaCollection.current();
    expect(await importFeed(feed, options)).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 3 });
    expect(await VehicleCollection.find().sort({ slug: 1 }).lean().exec()).toEqual(before);
    expect((await CatalogMetaCollection.current()).revision).toBe(version.revision);
  });

  it('writes a large feed in batches: the store answers other queries while it imports, and again changes nothing', async () => {
    const size = 2000;
    const rows = Array.from(
      { length: size },
      (_, index) => `B${index + 1},,2021,Club Car,Onward 4 Passenger,,used,onward,${9000 + index},4,Silver,,bayville,available,,,`,
    );
    const feed = await writeTestFeed(work, 'large.csv', ...rows);
    const units = () => VehicleCollection.countDocuments({ unit: mongoose.trusted({ $exists: true }) }).exec();
    let finished = false;
    const importing = importFeed(feed, { ...options, full: true }).finally(() => (finished = true));
    // What a visitor's query sees while the import runs: answered before the import ends, with part of the feed.
    const seenMeanwhile: number[] = [];
    while (!finished) {
      const count = await units();
      if (!finished) seenMeanwhile.push(count);
    }
    expect(await importing).toEqual({ created: size, updated: 0, sold: 0, unchanged: 0 });
    expect(seenMeanwhile.some((count) => count > 0 && count < size)).toBe(true);
    expect(await units()).toBe(size);

    const before = await VehicleCollection.find().sort({ slug: 1 }).lean().exec();
    const version = await CatalogMetaCollection.current();
    expect(await importFeed(feed, { ...options, full: true })).toEqual({ created: 0, updated: 0, sold: 0, unchanged: size });
    expect(await VehicleCollection.find().sort({ slug: 1 }).lean().exec()).toEqual(before);
    expect((await CatalogMetaCollection.current()).revision).toBe(version.revision);
  });

  it('keeps one unit when another import creates it between its reading the catalog and its writing, and succeeds', async () => {
    const feed = await writeTestFeed(work, 'race.csv', onward);
    const other = await writeTestFeed(work, 'race-other.csv', onward.replace(',9495,', ',8995,'));
    // The other import runs while this one processes its photos: after it read the catalog (no
    // T100 then), before it writes, so its insert of T100 is refused and it falls back to an upsert.
    const folder = folderPhotoStore(options.photosDir);
    let racing: Promise<unknown> | undefined;
    const photoStore: PhotoStore = {
      ...folder,
      description: folder.description,
      async write(key, bytes, contentType) {
        racing ??= importFeed(other, { ...options, photosDir: path.join(work, `photos-other-${Date.now()}`) });
        await racing;
        return folder.write(key, bytes, contentType);
      },
    };
    const { photosDir: _folder, ...rest } = options;

    expect(await importFeed(feed, { ...rest, photoStore })).toEqual({ created: 1, updated: 0, sold: 0, unchanged: 0 });
    expect(await racing).toEqual({ created: 1, updated: 0, sold: 0, unchanged: 0 });
    const units = await VehicleCollection.find({ 'unit.stockNumber': 'T100' }).lean<UnitRecord[]>().exec();
    expect(units).toHaveLength(1);
    // The unit stays as the other import created it; the next import of this feed updates it, once.
    expect(units[0]).toMatchObject({ price: 8995, slug: '2021-club-car-onward-4-passenger-t100' });
    expect(await importFeed(feed, options)).toEqual({ created: 0, updated: 1, sold: 0, unchanged: 0 });
    expect(await VehicleCollection.find({ 'unit.stockNumber': 'T100' }).lean<UnitRecord[]>().exec()).toEqual([
      expect.objectContaining({ id: units[0]!.id, price: 9495 }),
    ]);
  });

  it('updates a changed unit by its stock number and keeps its id', async () => {
    await importFeed(await writeTestFeed(work, 'first.csv', onward, emerge), options);
    const id = (await storedUnit('T200'))!.id;
    const cheaper = emerge.replace(',11495,', ',10995,');
    expect(await importFeed(await writeTestFeed(work, 'cheaper.csv', onward, cheaper), options)).toEqual({ created: 0, updated: 1, sold: 0, unchanged: 1 });
    expect(await storedUnit('T200')).toMatchObject({ id, price: 10995 });
  });

  it('with --full, marks the units the feed leaves out sold, dated at that import, and keeps the date', async () => {
    await importCatalog(smallCatalog);
    const models = () =>
      VehicleCollection.find({ unit: mongoose.trusted({ $exists: false }) })
        .sort({ slug: 1 })
        .lean()
        .exec();
    const modelsBefore = await models();
    await importFeed(await writeTestFeed(work, 'all.csv', onward, emerge, rxv), options);
    const soldOn = new Date('2026-06-01T15:00:00Z');
    const withoutEmerge = await writeTestFeed(work, 'without-emerge.csv', onward, rxv);

    // Without --full a unit missing from the feed is left alone.
    expect(await importFeed(withoutEmerge, options)).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 2 });
    expect((await storedUnit('T200'))!.unit.status).toBe('available');

    expect(await importFeed(withoutEmerge, { ...options, full: true, clock: () => soldOn })).toEqual({ created: 0, updated: 0, sold: 1, unchanged: 2 });
    expect(await storedUnit('T200')).toMatchObject({ in_stock: false, unit: { status: 'sold', soldAt: soldOn } });
    expect(await importFeed(withoutEmerge, { ...options, full: true, clock: () => new Date('2026-06-05T15:00:00Z') })).toEqual({
      created: 0,
      updated: 0,
      sold: 0,
      unchanged: 2,
    });
    expect((await storedUnit('T200'))!.unit.soldAt).toEqual(soldOn);
    // The model entries are no units: a full feed never sells them.
    expect(await models()).toEqual(modelsBefore);
  });

  it('writes nothing from a bad feed, and names every problem by row and column', async () => {
    await importFeed(await writeTestFeed(work, 'before.csv', onward), options);
    const before = await VehicleCollection.find().lean().exec();
    const feed = await writeTestFeed(
      work,
      'bad.csv',
      onward.replace(',9495,', ',8995,'),
      emerge.replace(',11495,', ',cheap,'),
      rxv.replace(',waretown,', ',atlantis,'),
      rxv,
      'T400,,2031,Yamaha,Drive2,,mint,drive,5000,4,Red,10,,available,,,photos/missing.jpg',
    );
    expect(await refusal(importFeed(feed, options))).toEqual([
      'row 3, column price: must be a whole number of dollars',
      'row 4, column location: must be one of the showrooms: bayville, waretown, pleasantville, new-jersey-service-delivery, cape-may-court-house',
      'row 5, column stock_number: T300 is already on row 4',
      expect.stringMatching(/^row 6, column year: must be a model year no later than \d{4}$/),
      'row 6, column condition: must be new, used or certified',
      `row 6, column photos, item 1: no such file ${path.join(work, 'photos', 'missing.jpg')}`,
    ]);
    expect(await VehicleCollection.find().lean().exec()).toEqual(before);
  });

  it("refuses a large feed whose last unit would take a catalog model's page address, and writes nothing", async () => {
    await importCatalog(smallCatalog);
    const before = await VehicleCollection.find().sort({ slug: 1 }).lean().exec();
    const rows = Array.from(
      { length: 1500 },
      (_, index) => `M${index + 1},,2021,Club Car,Onward 4 Passenger,,used,onward,${9000 + index},4,Silver,,bayville,available,,,`,
    );
    // No year, brand Evolution, model Quote, stock CART: the page address evolution-quote-cart, a model entry's.
    const feed = await writeTestFeed(work, 'takes-a-model-address.csv', ...rows, 'CART,,,Evolution,Quote,,new,quote,9000,4,White,,bayville,available,,,');
    expect(await refusal(importFeed(feed, options))).toEqual([
      "stock CART: its page address evolution-quote-cart is a catalog model's; give the unit another year, brand or model",
    ]);
    expect(await VehicleCollection.find().sort({ slug: 1 }).lean().exec()).toEqual(before);
  });

  it('writes nothing when a photo cannot be used, and names the unit and the photo', async () => {
    await writeFile(path.join(work, 'photos', 'notes.jpg'), 'not a photo at all');
    const feed = await writeTestFeed(work, 'bad-photo.csv', onward, emerge.replace('photos/t200-1.jpg', 'photos/t200-1.jpg|photos/notes.jpg'));
    expect(await refusal(importFeed(feed, options))).toEqual([`stock T200, photo 2: ${path.join(work, 'photos', 'notes.jpg')}: is not a JPEG, PNG, WebP or AVIF image`]);
    expect(await VehicleCollection.countDocuments().exec()).toBe(0);
  });

  it('takes the same feed as JSON, with numbers and lists as JSON values', async () => {
    const feed = path.join(work, 'feed.json');
    await writeFile(
      feed,
      JSON.stringify([
        {
          stock_number: 'T500',
          year: 2023,
          brand: 'Swift EV',
          model: 'Mach 4E',
          condition: 'used',
          price: 10995,
          seats: 4,
          location: 'pleasantville',
          features: ['Lift kit'],
          photos: ['photos/t200-1.jpg'],
        },
      ]),
    );
    expect(await importFeed(feed, options)).toEqual({ created: 1, updated: 0, sold: 0, unchanged: 0 });
    expect(await storedUnit('T500')).toMatchObject({ brand: 'swift-ev', price: 10995, features: ['Lift kit'], unit: { location: 'pleasantville' } });
  });

  it('does not download a photo again that an earlier import downloaded', async () => {
    const { createServer } = await import('node:http');
    const { readFile } = await import('node:fs/promises');
    const photo = await readFile(path.join(work, 'photos', 't200-1.jpg'));
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const row = emerge.replace('photos/t200-1.jpg', `http://127.0.0.1:${port}/t200/1.jpg?token=secret`);
      const feed = await writeTestFeed(work, 'remote.csv', row);
      // The test's own server, on loopback over plain http: allowed for it alone.
      const fromOwnServer = { ...options, photoNetwork: { allowHttp: true, alsoAllow: (address: string) => address === '127.0.0.1' } };
      expect(await importFeed(feed, fromOwnServer)).toEqual({ created: 1, updated: 0, sold: 0, unchanged: 0 });
      expect(await importFeed(feed, fromOwnServer)).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 1 });
      expect(requests).toBe(1);
      expect((await storedUnit('T200'))!.unit.photos).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});

// Each run starts a TypeScript process; on a busy machine that takes seconds.
describe('npm run catalog:import with a dealer feed', { timeout: 90_000 }, () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'feed-command-'));
    await writeTestFeedPhotos(work);
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  const importCommand = (dataDir: string, ...args: string[]) => {
    // The embedded database in a temporary folder, whatever the developer's own environment says.
    const env = { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: '' };
    return run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/catalog-import.ts', ...args], { cwd: root, env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };

  it('prints created, updated, sold and unchanged; a second full import of the same feed changes nothing', async () => {
    const dataDir = path.join(work, 'data-good');
    const feed = await writeTestFeed(work, 'good.csv', TEST_FEED_ROWS.onward, TEST_FEED_ROWS.emerge);
    expect(await importCommand(dataDir, feed)).toEqual({ code: 0, stdout: 'created 2, updated 0, sold 0, unchanged 0\n', stderr: '' });
    const fewer = await writeTestFeed(work, 'fewer.csv', TEST_FEED_ROWS.onward);
    expect(await importCommand(dataDir, fewer, '--full')).toEqual({ code: 0, stdout: 'created 0, updated 0, sold 1, unchanged 1\n', stderr: '' });
    expect(await importCommand(dataDir, '--full', fewer)).toEqual({ code: 0, stdout: 'created 0, updated 0, sold 0, unchanged 1\n', stderr: '' });
    expect((await readdir(path.join(dataDir, 'photos'))).filter((name) => !name.startsWith('.'))).toHaveLength(3);
  });

  it('exits 1 on a bad feed with one line per problem, and 2 on arguments it does not know', async () => {
    const dataDir = path.join(work, 'data-bad');
    const feed = await writeTestFeed(work, 'bad.csv', TEST_FEED_ROWS.onward.replace(',used,', ',nearly new,'), TEST_FEED_ROWS.emerge.replace(',2022,', ',22,'));
    const result = await importCommand(dataDir, feed);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${feed}: nothing imported, 2 problems:\nrow 2, column condition: must be new, used or certified\nrow 3, column year: must be a model year from 1980 on\n`,
    });
    const usage = await importCommand(dataDir, feed, '--fll');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^unknown option --fll\nusage: npm run catalog:import/);
    expect(await importCommand(dataDir, path.join(root, 'test/fixtures/catalog-small.json'), '--full')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--full applies to a dealer feed/),
    });
  });

  it('reports its progress on stderr when it has many photos to process', async () => {
    const rows: string[] = [];
    const { default: sharp } = await import('sharp');
    for (let index = 0; index < 24; index += 1) {
      const name = `photos/many-${index}.jpg`;
      await writeFile(
        path.join(work, name),
        await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: index * 10, g: 80, b: 160 } } })
          .jpeg()
          .toBuffer(),
      );
      rows.push(`M${index},,2020,Club Car,Precedent,,used,precedent,4995,2,White,800,bayville,available,,,${name}`);
    }
    const result = await importCommand(path.join(work, 'data-many'), await writeTestFeed(work, 'many.csv', ...rows));
    expect(result.stdout).toBe('created 24, updated 0, sold 0, unchanged 0\n');
    expect(result.stderr.trim().split('\n')).toEqual([
      'photos: 3 of 24',
      'photos: 6 of 24',
      'photos: 9 of 24',
      'photos: 12 of 24',
      'photos: 15 of 24',
      'photos: 18 of 24',
      'photos: 21 of 24',
      'photos: 24 of 24',
    ]);
  });
});
