import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitPhotosRepository } from '../../models/unit-photos.repository';
import { unitChangeRepository } from '../../models/unit-change.repository';
import { vehicleRepository } from '../../models/vehicle.repository';
import { importFeed, leftAloneText, type FeedImportOptions } from '../../services/feed-import.service';
import { folderPhotoStore } from '../../services/photos/folder-photo-store';
import { createPhotoUploadWorker, type PhotoUploadWorker } from '../../services/photos/photo-uploads.service';
import { createLogger } from '../../src/logging/logger.server';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

/**
 * The feed and the staff area on one feed unit (issue 24, points 3, 4 and 6): photos a person
 * uploaded, reordered or deleted on a feed unit are locked against the feed, so its next import
 * keeps them and says so, until someone lets the feed update them again; and the feed's own
 * changes to a unit's price and status are in the unit's history and price history as the feed's.
 */

const ORIGIN = 'http://localhost:3000';
const clock = testClock(new Date('2026-11-24T15:00:00.000Z'));
/** The test feed's Club Car with its two photos, as F100. */
const FEED_ROW = TEST_FEED_ROWS.onward.replace(/^T100,/, 'F100,');
const UNIT_PAGE = '/staff/inventory/F100';
const PHOTOS_PAGE = '/staff/inventory/F100/photos';

let site: TestApp;
let work: string;
let worker: PhotoUploadWorker;
let managerSession: TestStaffSession;
let options: FeedImportOptions;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'feed-staff-photos-'));
  const dataDir = path.join(work, 'data');
  site = await startTestApp({ DATA_DIR: dataDir }, { clock: clock.now });
  await writeTestFeedPhotos(work);
  options = { full: false, locations: site.business.showrooms.map((showroom) => showroom.id), photosDir: path.join(dataDir, 'photos'), clock: clock.now };
  worker = createPhotoUploadWorker({ photoStore: folderPhotoStore(path.join(dataDir, 'photos')), logger: createLogger(site.env), clock: clock.now });
  const manager = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' });
  managerSession = await openStaffSession(manager.id, clock.now());
});

afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const get = (url: string) => request(site.app).get(url).set('Cookie', managerSession.cookie);

/** A form post as a browser without JavaScript sends it: same origin, the page's form token. */
async function post(url: string, fields: Record<string, string>) {
  const page = await get(url).expect(200);
  return request(site.app)
    .post(url)
    .set('Cookie', managerSession.cookie)
    .set('Origin', ORIGIN)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields })
    .expect(303);
}

async function uploadPhoto(color: string) {
  const formToken = pageFormToken((await get(PHOTOS_PAGE).expect(200)).text);
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  await request(site.app)
    .post(PHOTOS_PAGE)
    .set('Cookie', managerSession.cookie)
    .set('Origin', ORIGIN)
    .field('formToken', formToken)
    .attach('photos', bytes, 'lot.jpg')
    .expect(303);
  expect(await worker.drain()).toBe(1);
}

const storedPhotos = async () => (await unitPhotosRepository.find('F100'))!.photos.map((photo) => photo.hash);
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('&quot;', '"');
const importRow = async (name: string, row: string) => importFeed(await writeTestFeed(work, name, row), options);

describe('photos changed by hand on a feed unit', () => {
  it('are kept by the next feed imports, which say so, until the feed may update them again', async () => {
    await importRow('first.csv', FEED_ROW);
    const feedPhotos = await storedPhotos();
    expect(feedPhotos).toHaveLength(2);

    // A manager uploads a photo from the lot and makes it the main photo.
    await uploadPhoto('#c04030');
    const uploaded = (await storedPhotos())[2]!;
    await post(PHOTOS_PAGE, { intent: 'move', move: 'first', photo: uploaded });
    const byHand = [uploaded, ...feedPhotos];
    expect(await storedPhotos()).toEqual(byHand);
    expect((await vehicleRepository.unit('F100'))!.unit.lockedFields).toEqual(['photos']);

    // The feed, unchanged, is imported again: the photos stay as the person left them.
    const again = await importRow('again.csv', FEED_ROW);
    expect(await storedPhotos()).toEqual(byHand);
    expect((await unitPhotosRepository.find('F100'))!.photoSources[0]).toMatch(/^upload:/);
    expect(again.leftAlone).toEqual({ addedByHand: [], lockedFields: [{ stockNumber: 'F100', fields: ['photos'] }] });
    expect(leftAloneText(again.leftAlone!)).toBe('left alone: F100 photos (changed by hand)');

    // Another field of the feed still reaches the unit.
    const repriced = await importRow('repriced.csv', FEED_ROW.replace(',9495,', ',9295,'));
    expect(repriced).toMatchObject({ updated: 1, leftAlone: { lockedFields: [{ stockNumber: 'F100', fields: ['photos'] }] } });
    expect((await vehicleRepository.unit('F100'))!.price).toBe(9295);
    expect(await storedPhotos()).toEqual(byHand);

    // Deleting a feed photo is a hand change too, and kept.
    await post(PHOTOS_PAGE, { intent: 'delete', photo: feedPhotos[1]! });
    await importRow('after-delete.csv', FEED_ROW.replace(',9495,', ',9295,'));
    expect(await storedPhotos()).toEqual([uploaded, feedPhotos[0]]);

    // The unit page shows the lock with its way back; released, the next import sets the feed's photos.
    const page = text((await get(UNIT_PAGE).expect(200)).text);
    expect(page).toContain('Locked against the feed');
    expect(page).toMatch(/Photos<\/span><span[^>]*>: 2 photos<\/span>/);
    expect(page).toMatch(/Let the feed update this again<span class="sr-only"> \(Photos\)<\/span>/);
    await post(UNIT_PAGE, { intent: 'release', column: 'photos' });
    expect((await vehicleRepository.unit('F100'))!.unit.lockedFields).toBeUndefined();
    const released = await importRow('released.csv', FEED_ROW.replace(',9495,', ',9295,'));
    expect(released).toMatchObject({ updated: 1 });
    expect(released.leftAlone).toBeUndefined();
    expect(await storedPhotos()).toEqual(feedPhotos);
    expect(text((await get(UNIT_PAGE).expect(200)).text)).toContain('Mia Manager let the feed update the photos again');
  });
});

describe('the feed’s changes to a unit', () => {
  it('are in the unit’s history and price history as the feed import’s, in one import run', async () => {
    const row = TEST_FEED_ROWS.emerge.replace(/^T200,/, 'F200,');
    await importRow('f200.csv', row);
    expect(await unitChangeRepository.ofUnit('F200')).toEqual([]);

    clock.advance(60_000);
    await importRow('f200-pending.csv', row.replace(',11495,', ',10995,').replace(',available,', ',pending,'));
    const changes = await unitChangeRepository.ofUnit('F200');
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        { at: clock.now(), by: { type: 'feed' }, kind: 'changed', field: 'price', before: '11495', after: '10995' },
        { at: clock.now(), by: { type: 'feed' }, kind: 'changed', field: 'status', before: 'available', after: 'pending' },
      ]),
    );

    // The same feed again changes nothing, so records nothing.
    await importRow('f200-pending-again.csv', row.replace(',11495,', ',10995,').replace(',available,', ',pending,'));
    expect(await unitChangeRepository.ofUnit('F200')).toHaveLength(2);

    const page = text((await get('/staff/inventory/F200').expect(200)).text);
    expect(page).toMatch(/\$11,495<\/span> → <strong[^>]*>\$10,995<\/strong><span[^>]*> · Feed import/);
    expect(page).toContain('Feed import changed the status from Available to Pending');
  });

  it('a price the feed would change on a locked field records nothing', async () => {
    const row = TEST_FEED_ROWS.emerge
      .replace(/^T200,/, 'F200,')
      .replace(',11495,', ',10995,')
      .replace(',available,', ',pending,');
    const html = (await get('/staff/inventory/F200').expect(200)).text;
    const form: Record<string, string> = {};
    for (const match of html.matchAll(/<input[^>]*name="([a-z_]+)"[^>]*value="([^"]*)"/g)) form[match[1]!] = text(match[2]!);
    for (const match of html.matchAll(/<select[^>]*name="([a-z_]+)"[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected/g)) form[match[1]!] = text(match[2]!);
    for (const match of html.matchAll(/<textarea[^>]*name="([a-z_]+)"[^>]*>([^<]*)</g)) form[match[1]!] = text(match[2]!);
    await post('/staff/inventory/F200', { ...form, price: '10495', intent: 'save' });
    const before = (await unitChangeRepository.ofUnit('F200')).length;
    clock.advance(60_000);
    const locked = await importRow('f200-locked.csv', row.replace(',10995,', ',9995,'));
    expect(locked.leftAlone?.lockedFields).toEqual([{ stockNumber: 'F200', fields: ['price'] }]);
    expect(await unitChangeRepository.ofUnit('F200')).toHaveLength(before);
  });

  it('a unit a full feed no longer lists is recorded as sold by the feed', async () => {
    clock.advance(60_000);
    const full = await importFeed(await writeTestFeed(work, 'full-without-f200.csv', FEED_ROW.replace(',9495,', ',9295,')), { ...options, full: true });
    expect(full.sold).toBe(1);
    const [latest] = await unitChangeRepository.ofUnit('F200');
    expect(latest).toEqual({ at: clock.now(), by: { type: 'feed' }, kind: 'changed', field: 'status', before: 'pending', after: 'sold' });
    expect(text((await get('/staff/inventory/F200').expect(200)).text)).toContain('Feed import changed the status from Pending to Sold');
  });
});
