import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEventCollection } from '../../models/audit-event.model';
import { PhotoUploadChunkCollection, PhotoUploadCollection } from '../../models/photo-upload.model';
import { photoUploadRepository } from '../../models/photo-upload.repository';
import { unitPhotosRepository } from '../../models/unit-photos.repository';
import { importFeed } from '../../services/feed-import.service';
import { createPhotoUploadWorker, type PhotoUploadWorker } from '../../services/photos/photo-uploads.service';
import { folderPhotoStore } from '../../services/photos/folder-photo-store';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { createLogger } from '../../src/logging/logger.server';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

/**
 * Photos from a phone (issue 24, point 3) without JavaScript: a manager's multipart upload on
 * /staff/inventory/:stock/photos becomes an upload the photo worker processes in the background
 * (upright, every metadata field gone, in every size and format), refused files say why and change
 * nothing, and reordering, the main photo and deleting move what the public unit page shows.
 */

const ORIGIN = 'http://localhost:3000';
const clock = testClock(new Date('2026-11-24T15:00:00.000Z'));
const ONWARD = { stock: 'T100', page: '/inventory/2021-club-car-onward-4-passenger-t100' };
const EMERGE = { stock: 'T200' };
const RXV = { stock: 'T300', page: '/inventory/2020-e-z-go-rxv-elite-2-passenger-t300' };
const photosPage = (stock: string) => `/staff/inventory/${stock}/photos`;

let site: TestApp;
let work: string;
let worker: PhotoUploadWorker;
let managerSession: TestStaffSession;
let salesSession: TestStaffSession;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'unit-photos-'));
  const dataDir = path.join(work, 'data');
  site = await startTestApp({ DATA_DIR: dataDir }, { clock: clock.now });
  await writeTestFeedPhotos(work);
  const { onward, emerge, rxv } = TEST_FEED_ROWS;
  await importFeed(await writeTestFeed(work, 'feed.csv', onward, emerge, rxv), {
    full: true,
    locations: site.business.showrooms.map((showroom) => showroom.id),
    photosDir: path.join(dataDir, 'photos'),
  });
  worker = createPhotoUploadWorker({ photoStore: folderPhotoStore(path.join(dataDir, 'photos')), logger: createLogger(site.env), clock: clock.now });
  const manager = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' });
  const sales = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' });
  managerSession = await openStaffSession(manager.id, clock.now());
  salesSession = await openStaffSession(sales.id, clock.now());
});

afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const get = (url: string, session: TestStaffSession) => request(site.app).get(url).set('Cookie', session.cookie);

/** A phone's photo: 1200 × 900 as stored, a red band along its stored left edge, EXIF orientation 6 (turn 90° clockwise), GPS and camera data. */
async function phonePhoto(): Promise<Buffer> {
  const band = await sharp({ create: { width: 100, height: 900, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2050a0' } })
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Lot Camera 12', Software: 'Camera 17.1' },
      IFD2: { DateTimeOriginal: '2026:11:24 09:41:00', LensModel: 'Back triple camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 51/1 4020/100', GPSLongitudeRef: 'W', GPSLongitude: '74/1 9/1 1200/100' },
    })
    .toBuffer();
}

const plainPhoto = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A PNG that declares 10,000 × 10,000 pixels (100 megapixels) in its header and holds a few bytes of image: a decompression bomb's shape. */
function overPixelPng(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(10_000, 0);
  header.writeUInt32BE(10_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart post of the upload form as a browser without JavaScript sends it: the form token first, then the files. */
async function upload(stock: string, session: TestStaffSession, files: Array<{ bytes: Buffer; name: string }>, status: number, token?: string) {
  const formToken = token ?? pageFormToken((await get(photosPage(stock), session).expect(200)).text);
  let post = request(site.app).post(photosPage(stock)).set('Cookie', session.cookie).set('Origin', ORIGIN).field('formToken', formToken);
  for (const file of files) post = post.attach('photos', file.bytes, file.name);
  return post.expect(status);
}

/** One of the photo page's small forms (move, delete, reorder). */
async function change(stock: string, fields: Record<string, string>, status = 303) {
  const page = await get(photosPage(stock), managerSession).expect(200);
  return request(site.app)
    .post(photosPage(stock))
    .set('Cookie', managerSession.cookie)
    .set('Origin', ORIGIN)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields })
    .expect(status);
}

/** The photos the public page shows, by hash, in its order. */
async function publicPhotos(page: string): Promise<string[]> {
  const html = (await request(site.app).get(page).expect(200)).text;
  return [...new Set([...html.matchAll(/\/photos\/([a-f0-9]{32})\//g)].map((match) => match[1]!))];
}

const storedPhotos = async (stock: string) => (await unitPhotosRepository.find(stock))!.photos.map((photo) => photo.hash);
const kept = async () => ({ uploads: await PhotoUploadCollection.countDocuments(), chunks: await PhotoUploadChunkCollection.countDocuments() });
const leftoverFolders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('staff-upload-'));
const unescape = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('&quot;', '"');

describe('a manager uploads a phone’s photo without JavaScript', () => {
  it('is received, processed in the background and appended to the unit’s photos', async () => {
    const before = await storedPhotos(RXV.stock);
    expect(before).toEqual([]);
    const answer = await upload(RXV.stock, managerSession, [{ bytes: await phonePhoto(), name: 'IMG_0412.JPG' }], 303);
    expect(answer.headers.location).toBe(`${photosPage(RXV.stock)}?done=upload`);
    const waiting = await get(photosPage(RXV.stock), managerSession).expect(200);
    expect(waiting.text).toContain('IMG_0412.JPG');
    expect(waiting.text).toContain('Processing…');
    expect(await storedPhotos(RXV.stock)).toEqual([]);

    expect(await worker.drain()).toBe(1);
    const [hash] = await storedPhotos(RXV.stock);
    expect(hash).toMatch(/^[a-f0-9]{32}$/);
    expect(await publicPhotos(RXV.page)).toEqual([hash]);
    const ready = await get(photosPage(RXV.stock), managerSession).expect(200);
    expect(ready.text).toContain('Ready');
    expect(await kept()).toMatchObject({ chunks: 0 });
    // The request's temporary folder went with its answer.
    expect(await leftoverFolders()).toEqual([]);
    const event = await AuditEventCollection.findOne({ kind: 'unit.photos-changed' }).lean<{ details: Record<string, unknown> }>();
    expect(event?.details).toMatchObject({ stockNumber: RXV.stock, change: 'uploaded', count: 1 });
  });

  it('is served upright, with no EXIF, GPS, camera, XMP, IPTC or ICC data, in every size and format', async () => {
    const stored = (await unitPhotosRepository.find(RXV.stock))!.photos[0]!;
    // 1200 × 900 turned a quarter: 900 × 1200, offered at 480 and 900 wide.
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 900, height: 1200 });
    const files = [...stored.sources.avif, ...stored.sources.webp, ...stored.sources.jpeg];
    expect(files.map((file) => file.width).sort()).toEqual([480, 480, 480, 900, 900, 900]);
    for (const file of files) {
      const served = await request(site.app)
        .get(file.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const bytes = served.body as Buffer;
      const metadata = await sharp(bytes).metadata();
      expect(metadata.height, file.url).toBeGreaterThan(metadata.width);
      expect(metadata.width, file.url).toBe(file.width);
      expect(metadata.orientation, file.url).toBeUndefined();
      expect(metadata.exif, file.url).toBeUndefined();
      expect(metadata.xmp, file.url).toBeUndefined();
      expect(metadata.iptc, file.url).toBeUndefined();
      expect(metadata.icc, file.url).toBeUndefined();
      for (const trace of ['PhoneMaker', 'Lot Camera', 'Exif\0\0', 'GPS']) expect(bytes.includes(Buffer.from(trace, 'latin1')), `${file.url} ${trace}`).toBe(false);
      // The red band of the stored left edge is now along the top: upright.
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      const [topRed, , topBlue] = pixel(Math.floor(info.width / 2), 2);
      const [bottomRed, , bottomBlue] = pixel(Math.floor(info.width / 2), info.height - 3);
      expect(topRed! > 180 && topBlue! < 80, `${file.url} top`).toBe(true);
      expect(bottomRed! < 80 && bottomBlue! > 120, `${file.url} bottom`).toBe(true);
    }
  });
});

describe('refused files', () => {
  it('a file that is not an image, one declaring too many pixels: refused with the reason, the unit unchanged', async () => {
    const before = await storedPhotos(ONWARD.stock);
    await upload(
      ONWARD.stock,
      managerSession,
      [
        { bytes: Buffer.from('Dear customer, your cart is ready.\n'), name: 'letter.txt' },
        { bytes: overPixelPng(), name: 'huge.png' },
      ],
      303,
    );
    expect(await worker.drain()).toBe(2);
    expect(await storedPhotos(ONWARD.stock)).toEqual(before);
    const page = unescape((await get(photosPage(ONWARD.stock), managerSession).expect(200)).text);
    expect(page).toContain('This file is not a JPEG, PNG, WebP or AVIF image.');
    expect(page).toContain('This file declares 10000 × 10000 pixels; a photo may have at most 50 megapixels.');
    expect(page.match(/Refused/g)).toHaveLength(2);
    expect(await kept()).toMatchObject({ chunks: 0 });
  });

  it('a file over 25 MB: the whole upload refused with the reason, nothing kept', async () => {
    const before = await kept();
    const answer = await upload(
      ONWARD.stock,
      managerSession,
      [
        { bytes: await plainPhoto('#00aa00'), name: 'fine.jpg' },
        { bytes: Buffer.alloc(25 * 1024 * 1024 + 1, 0xff), name: 'panorama.jpg' },
      ],
      413,
    );
    expect(unescape(answer.text)).toContain('“panorama.jpg” is larger than 25 MB, the most a photo may be. Nothing was uploaded.');
    expect(await kept()).toEqual(before);
    expect(await leftoverFolders()).toEqual([]);
  });

  it('a sales account’s upload is 403 and keeps nothing', async () => {
    const before = await kept();
    const page = await get(photosPage(ONWARD.stock), salesSession).expect(200);
    expect(page.text).not.toContain('type="file"');
    expect(page.text).not.toContain('Delete photo');
    await upload(ONWARD.stock, salesSession, [{ bytes: await plainPhoto('#aa0000'), name: 'sales.jpg' }], 403, pageFormToken(page.text));
    expect(await kept()).toEqual(before);
    expect(await leftoverFolders()).toEqual([]);
  });

  it('a form whose token is not the session’s keeps nothing', async () => {
    const before = await kept();
    await upload(ONWARD.stock, managerSession, [{ bytes: await plainPhoto('#aa0000'), name: 'forged.jpg' }], 403, 'not-the-token');
    expect(await kept()).toEqual(before);
    expect(await leftoverFolders()).toEqual([]);
  });

  it('the 41st photo of a unit is refused', async () => {
    const [sample] = (await unitPhotosRepository.find(ONWARD.stock))!.photos;
    const forty: UnitPhoto[] = Array.from({ length: 40 }, (_, index) => ({ ...sample!, hash: index.toString(16).padStart(32, '0') }));
    const stored = (await unitPhotosRepository.find(EMERGE.stock))!;
    expect(
      await unitPhotosRepository.replace(
        EMERGE.stock,
        stored.updatedAt,
        forty,
        forty.map(() => ''),
      ),
    ).toBe(true);
    const before = await kept();
    const answer = await upload(EMERGE.stock, managerSession, [{ bytes: await plainPhoto('#123456'), name: 'one-more.jpg' }], 413);
    expect(unescape(answer.text)).toContain('This unit has 40 photos; a unit may have 40, so no more can be added. Nothing was uploaded.');
    expect(await kept()).toEqual(before);
    expect(await storedPhotos(EMERGE.stock)).toHaveLength(40);
  });
});

describe('the photo worker under leases', () => {
  it('an upload whose worker died mid-job is claimed again once its lease runs out, and finished', async () => {
    await upload(ONWARD.stock, managerSession, [{ bytes: await plainPhoto('#c08020'), name: 'orange.jpg' }], 303);
    // A worker on another instance claims it and is killed before finishing.
    const now = clock.now();
    const claimed = await photoUploadRepository.claim({ now, leaseUntil: new Date(now.getTime() + 2 * 60_000), token: 'killed-worker' });
    expect(claimed?.fileName).toBe('orange.jpg');
    const before = await storedPhotos(ONWARD.stock);
    expect(await worker.drain()).toBe(0);
    clock.advance(2 * 60_000 + 1);
    expect(await worker.drain()).toBe(1);
    const after = await storedPhotos(ONWARD.stock);
    expect(after).toHaveLength(before.length + 1);
    // The dead worker's late outcome changes nothing.
    expect(await photoUploadRepository.finish(claimed!.id, 'killed-worker', { state: 'refused', reason: 'late' }, clock.now())).toBe(false);
    expect(await storedPhotos(ONWARD.stock)).toEqual(after);
  });
});

describe('reorder, main photo and delete', () => {
  it('move the public page’s photos', async () => {
    const [first, second, third] = await storedPhotos(ONWARD.stock);
    expect(await publicPhotos(ONWARD.page)).toEqual([first, second, third]);

    await change(ONWARD.stock, { intent: 'move', move: 'first', photo: third! });
    expect(await publicPhotos(ONWARD.page)).toEqual([third, first, second]);

    await change(ONWARD.stock, { intent: 'move', move: 'down', photo: third! });
    expect(await publicPhotos(ONWARD.page)).toEqual([first, third, second]);

    await change(ONWARD.stock, { intent: 'reorder', order: [second, first, third].join(',') });
    expect(await publicPhotos(ONWARD.page)).toEqual([second, first, third]);

    await change(ONWARD.stock, { intent: 'delete', photo: first! });
    expect(await publicPhotos(ONWARD.page)).toEqual([second, third]);

    const events = await AuditEventCollection.find({ kind: 'unit.photos-changed', 'details.stockNumber': ONWARD.stock })
      .sort({ at: 1 })
      .lean<Array<{ details: Record<string, unknown> }>>();
    expect(events.map((event) => event.details.change)).toEqual(['uploaded', 'uploaded', 'main-photo', 'reordered', 'reordered', 'deleted']);
    expect(events.at(-1)!.details).toMatchObject({ photo: first, position: 2, left: 2 });
  });

  it('a deleted photo’s files leave the photo store once no unit shows the same photo', async () => {
    const same = { bytes: await plainPhoto('#40a060'), name: 'green.jpg' };
    await upload(ONWARD.stock, managerSession, [same], 303);
    await upload(RXV.stock, managerSession, [same], 303);
    expect(await worker.drain()).toBe(2);
    const photo = (await unitPhotosRepository.find(ONWARD.stock))!.photos.at(-1)!;
    expect((await unitPhotosRepository.find(RXV.stock))!.photos.at(-1)!.hash).toBe(photo.hash);
    const files = [...photo.sources.avif, ...photo.sources.webp, ...photo.sources.jpeg].map((file) => file.url);
    const served = async () => Promise.all(files.map(async (url) => (await request(site.app).get(url)).status));

    // The other unit still shows it: its files stay.
    await change(ONWARD.stock, { intent: 'delete', photo: photo.hash });
    expect(await served()).toEqual(files.map(() => 200));

    await change(RXV.stock, { intent: 'delete', photo: photo.hash });
    expect(await served()).toEqual(files.map(() => 404));
    expect(await readdir(path.join(work, 'data', 'photos'))).not.toContain(photo.hash);
  });

  it('a reorder that does not name the photos as they are now is refused and changes nothing', async () => {
    const before = await storedPhotos(ONWARD.stock);
    const answer = await change(ONWARD.stock, { intent: 'reorder', order: before[0]! }, 409);
    expect(unescape(answer.text)).toContain('The photos changed while you were looking at them.');
    expect(await storedPhotos(ONWARD.stock)).toEqual(before);
  });

  it('a sales account may not reorder', async () => {
    const before = await storedPhotos(ONWARD.stock);
    const page = await get(photosPage(ONWARD.stock), salesSession).expect(200);
    await request(site.app)
      .post(photosPage(ONWARD.stock))
      .set('Cookie', salesSession.cookie)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ formToken: pageFormToken(page.text), intent: 'move', move: 'first', photo: before[1]! })
      .expect(403);
    expect(await storedPhotos(ONWARD.stock)).toEqual(before);
  });
});
