import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VehicleCollection } from '../../models/vehicle.model';
import { importFeed } from '../../services/feed-import.service';
import { processPhoto } from '../../services/photos/process-photo';
import { photoStoreFromEnv } from '../../services/photos/photo-store-from-env';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import type { Env } from '../../src/config/env.server';
import { ERROR_LEVEL, logLines, type LogLines } from '../support/log-lines';
import { startMotoServer, type MotoServer } from '../support/moto-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_FEED_LOCATIONS, TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

/** Sets these variables for the rest of the block (the SDK reads them from the environment); vi.unstubAllEnvs() puts back what was there. */
const stubEnv = (variables: Record<string, string>) => {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
};

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUCKET = 'dealer-photos';

/** startTestApp hands its overrides back to loadEnv as text: the store's address is given as the operator writes it. */
const storeUrl = (url: string) => url as unknown as Env['PHOTO_STORE_URL'];

/** Every key in the bucket under `prefix`/. */
async function keysIn(client: S3Client, prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key!.slice(prefix.length + 1)).sort();
}

/** Every file under `folder`, relative to it. */
const filesUnder = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);

/** The store's name of every file a photo's manifest lists, and the manifest itself. */
const keysOf = (photo: UnitPhoto) => [
  ...Object.values(photo.sources)
    .flat()
    .map((file) => file.url.replace(/^\/photos\//, '')),
  `${photo.hash}/manifest.json`,
];

/** Runs an operator command's script in one Node process with the given environment. */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, MONGODB_URI: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('photos in an S3-compatible store (PHOTO_STORE_URL)', { timeout: 120_000 }, () => {
  let moto: MotoServer;
  let work: string;
  let dataDir: string;
  let site: TestApp;
  let photos: UnitPhoto[];

  beforeAll(async () => {
    moto = await startMotoServer();
    await moto.createBucket(BUCKET);
    // The AWS SDK reads its credentials, region and endpoint from the environment, as in production.
    stubEnv(moto.env);
    work = await mkdtemp(path.join(tmpdir(), 'photo-store-s3-'));
    dataDir = path.join(work, 'data');
    await mkdir(dataDir);
    await writeTestFeedPhotos(work);
    site = await startTestApp({ DATA_DIR: dataDir, SEED_CATALOG: false, PHOTO_STORE_URL: storeUrl(`s3://${BUCKET}/site`), AWS_ENDPOINT_URL_S3: moto.endpoint });
  });
  afterAll(async () => {
    await site?.close();
    await moto?.stop();
    vi.unstubAllEnvs();
    await rm(work, { recursive: true, force: true });
  });

  it('a feed import puts every size and format of every photo in the bucket, and no photo on the disk', async () => {
    const feed = await writeTestFeed(work, 'feed.csv', TEST_FEED_ROWS.onward, TEST_FEED_ROWS.emerge, TEST_FEED_ROWS.rxv);
    const filesBefore = await filesUnder(work);
    const options = { full: false, locations: TEST_FEED_LOCATIONS, photoStore: photoStoreFromEnv(site.env) };
    expect(await importFeed(feed, options)).toEqual({ created: 3, updated: 0, sold: 0, unchanged: 0 });
    const units = (await VehicleCollection.find({}).lean().exec()).sort((one, other) => one.unit!.stockNumber.localeCompare(other.unit!.stockNumber));
    photos = units.flatMap((unit) => unit.unit!.photos as UnitPhoto[]);
    expect(photos).toHaveLength(3);
    // Each photo of 640 px: AVIF, WebP and JPEG at 480 and 640, and its manifest.
    expect(await keysIn(moto.client, 'site')).toEqual(photos.flatMap(keysOf).sort());
    expect(photos.flatMap(keysOf)).toHaveLength(3 * 7);
    // Nothing written beside the feed or in DATA_DIR: no photos folder, no temporary file.
    expect(await filesUnder(work)).toEqual(filesBefore);
    expect(await readdir(dataDir)).toEqual([]);

    // The same feed again reuses the stored photos and changes nothing.
    expect(await importFeed(feed, options)).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 3 });
  });

  it('the site serves a photo from the bucket with its type, immutable for a year, its ETag and ranges', async () => {
    const jpeg = photos[0]!.sources.jpeg.at(-1)!;
    expect(jpeg.url).toBe(`/photos/${photos[0]!.hash}/640.jpg`);
    const response = await request(site.app).get(jpeg.url).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(response.body as Buffer).metadata()).width).toBe(640);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?".+"$/);

    await request(site.app).get(jpeg.url).set('If-None-Match', etag).expect(304);
    const part = await request(site.app).get(jpeg.url).set('Range', 'bytes=0-99').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${(response.body as Buffer).length}`);
    expect(part.body as Buffer).toEqual((response.body as Buffer).subarray(0, 100));
    await request(site.app).head(jpeg.url).expect(200).expect('content-type', 'image/jpeg');

    const missing = await request(site.app)
      .get(`/photos/${'0'.repeat(32)}/640.jpg`)
      .expect(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    await request(site.app).get(`/photos/${photos[0]!.hash}/manifest.json`).expect(404);
  });

  it('with PHOTO_BASE_URL, pages point at the photos there, and the CSP lets the browser load them', async () => {
    const cdn = await startTestApp(
      { DATA_DIR: dataDir, SEED_CATALOG: false, PHOTO_STORE_URL: storeUrl(`s3://${BUCKET}/site`), PHOTO_BASE_URL: 'https://photos.dealer.example/site/' },
      { database: site.database },
    );
    const [photo] = photos;
    const unit = await request(cdn.app).get('/inventory/2021-club-car-onward-4-passenger-t100').expect(200);
    expect(unit.text).toContain(`https://photos.dealer.example/site/${photo!.hash}/640.avif`);
    expect(unit.text).not.toContain(`"/photos/${photo!.hash}`);
    expect(unit.text).not.toMatch(/[\s"]\/photos\/[a-f0-9]{32}\//);
    expect(unit.headers['content-security-policy']).toMatch(/img-src 'self' data: https:\/\/photos\.dealer\.example;/);
    const inventory = await request(cdn.app).get('/inventory').expect(200);
    expect(inventory.text).toContain(`https://photos.dealer.example/site/${photo!.hash}/480.webp`);
    // Without it, the same catalog points at the site's own /photos, under the same CSP as ever.
    const own = await request(site.app).get('/inventory/2021-club-car-onward-4-passenger-t100').expect(200);
    expect(own.text).toContain(`/photos/${photo!.hash}/640.avif`);
    expect(own.headers['content-security-policy']).toMatch(/img-src 'self' data:;/);
  });

  it('npm run photos:move-to-store copies the photos of DATA_DIR/photos into the store, can run again, and deletes them only when asked', async () => {
    const localData = path.join(work, 'local-data');
    const localPhotos = path.join(localData, 'photos');
    const kept = await Promise.all(['t100-1.jpg', 't200-1.jpg'].map((name) => processPhoto(path.join(work, 'photos', name), { photosDir: localPhotos, feedDir: work })));
    const env = { DATA_DIR: localData, PHOTO_STORE_URL: `s3://${BUCKET}/moved`, ...moto.env };
    const script = 'scripts/photos-move-to-store.ts';

    const first = await runScript(script, [], env);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(first.stdout).toBe(
      `the folder ${localPhotos} → s3://${BUCKET}/moved: 2 photos copied (14 files), 0 already there; the local files are kept (--delete-local removes them)\n`,
    );
    expect(await keysIn(moto.client, 'moved')).toEqual(kept.flatMap(keysOf).sort());
    expect((await filesUnder(localPhotos)).length).toBe(14);

    const again = await runScript(script, [], env);
    expect(again.stdout).toBe(
      `the folder ${localPhotos} → s3://${BUCKET}/moved: 0 photos copied (0 files), 2 already there; the local files are kept (--delete-local removes them)\n`,
    );

    const moved = await runScript(script, ['--delete-local'], env);
    expect(moved.stdout).toBe(`the folder ${localPhotos} → s3://${BUCKET}/moved: 0 photos copied (0 files), 2 already there; 2 local photos deleted\n`);
    expect(await filesUnder(localPhotos)).toEqual([]);
    expect(await keysIn(moto.client, 'moved')).toEqual(kept.flatMap(keysOf).sort());

    const wrong = await runScript(script, ['--delete'], env);
    expect(wrong.code).toBe(2);
    const unset = await runScript(script, [], { ...env, PHOTO_STORE_URL: '' });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/^PHOTO_STORE_URL is not set/);
  });
});

describe('a photo store that is down', { timeout: 120_000 }, () => {
  let moto: MotoServer;
  let work: string;
  let site: TestApp;

  beforeAll(async () => {
    moto = await startMotoServer();
    await moto.createBucket(BUCKET);
    stubEnv(moto.env);
    work = await mkdtemp(path.join(tmpdir(), 'photo-store-down-'));
    await writeTestFeedPhotos(work);
    site = await startTestApp({
      DATA_DIR: path.join(work, 'data'),
      SEED_CATALOG: false,
      PHOTO_STORE_URL: storeUrl(`s3://${BUCKET}/site`),
      AWS_ENDPOINT_URL_S3: moto.endpoint,
    });
  });
  afterAll(async () => {
    await site?.close();
    await moto?.stop();
    vi.unstubAllEnvs();
    await rm(work, { recursive: true, force: true });
  });

  it('stops an import with one line naming the store and the cause, and the last good catalog stays', async () => {
    const options = { full: true, locations: TEST_FEED_LOCATIONS, photoStore: photoStoreFromEnv(site.env) };
    await importFeed(await writeTestFeed(work, 'good.csv', TEST_FEED_ROWS.onward), options);
    const before = await VehicleCollection.find({}).lean().exec();
    expect(before).toHaveLength(1);

    await moto.stop();
    const next = await writeTestFeed(work, 'next.csv', TEST_FEED_ROWS.onward.replace(',9495,', ',8995,'), TEST_FEED_ROWS.emerge);
    await expect(importFeed(next, options)).rejects.toThrow(
      new RegExp(
        `^the photo store s3://${BUCKET}/site failed to (look up|read) [a-f0-9]{32}/manifest\\.json: cannot reach it \\(ECONNREFUSED: check AWS_ENDPOINT_URL_S3 and that the store is running\\)$`,
      ),
    );
    expect(await VehicleCollection.find({}).lean().exec()).toEqual(before);

    // The operator's command says the same in one line, and that nothing was imported.
    const command = await runScript('scripts/catalog-import.ts', [next], {
      DATA_DIR: path.join(work, 'command-data'),
      PHOTO_STORE_URL: `s3://${BUCKET}/site`,
      ...moto.env,
    });
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(
      new RegExp(
        `^${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: nothing imported, the catalog is as it was: the photo store s3://${BUCKET}/site failed to read [a-f0-9]{32}/manifest\\.json: cannot reach it \\(ECONNREFUSED`,
      ),
    );
    expect(command.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('serving photos while the bucket cannot be reached', { timeout: 120_000 }, () => {
  const SECRET_KEY = 'wJalrXUtnFEMI-never-in-a-log';
  const HASH = 'a'.repeat(32);
  let moto: MotoServer;
  let work: string;
  let site: TestApp;
  let log: LogLines;

  beforeAll(async () => {
    moto = await startMotoServer();
    await moto.createBucket(BUCKET);
    // Any credentials reach moto: a recognisable secret shows whether one leaks into a log line.
    stubEnv({ ...moto.env, AWS_SECRET_ACCESS_KEY: SECRET_KEY });
    work = await mkdtemp(path.join(tmpdir(), 'photo-store-outage-'));
    log = logLines();
    site = await startTestApp(
      { DATA_DIR: path.join(work, 'data'), SEED_CATALOG: false, PHOTO_STORE_URL: storeUrl(`s3://${BUCKET}/site`), AWS_ENDPOINT_URL_S3: moto.endpoint },
      { log: log.destination },
    );
    await photoStoreFromEnv(site.env).write(
      `${HASH}/640.jpg`,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3f9cc1' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
  });
  afterAll(async () => {
    await site?.close();
    await moto?.stop();
    vi.unstubAllEnvs();
    await rm(work, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, kept by no cache, and logs one line without a secret; a missing photo is still 404', async () => {
    await request(site.app).get(`/photos/${HASH}/640.jpg`).expect(200);
    await request(site.app)
      .get(`/photos/${'b'.repeat(32)}/640.jpg`)
      .expect(404);

    await moto.stop();
    const before = log.lines.length;
    const down = await request(site.app).get(`/photos/${HASH}/640.jpg`).expect(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.headers['cache-control']).toBe('no-store');
    const lines = log.records(before).filter((record) => record.msg.includes('photo store'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: ERROR_LEVEL, photoStore: `s3://${BUCKET}/site` });
    expect(String(lines[0]!.reason)).toContain('ECONNREFUSED');
    for (const line of log.lines) {
      expect(line).not.toContain(SECRET_KEY);
      expect(line).not.toContain('Credential=');
    }
    // A HEAD (a crawler's or a CDN's check) is answered the same.
    await request(site.app).head(`/photos/${HASH}/640.jpg`).expect(503);
  });
});
