import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photosController } from '../../controllers/photos.controller';
import { folderPhotoStore } from '../../services/photos/folder-photo-store';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { processPhoto } from '../../services/photos/process-photo';
import { startTestApp, type TestApp } from '../support/test-app';

/** A photo of one colour, as a JPEG or PNG by its name; returns its path. */
async function writeSolidPhoto(file: string, width: number, height: number, background: string): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  await writeFile(file, await (file.endsWith('.png') ? image.png() : image.jpeg()).toBuffer());
  return file;
}

describe('GET /photos/<hash>/<file>', () => {
  let work: string;
  let photo: UnitPhoto;
  let app: express.Express;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'photos-http-'));
    const photosDir = path.join(work, 'data', 'photos');
    const source = await writeSolidPhoto(path.join(work, 'u2417-1.jpg'), 1000, 667, '#1f6fa3');
    photo = await processPhoto(source, { photosDir, feedDir: work });
    // Things that must never be served from beside the photos.
    await writeFile(path.join(work, 'data', 'embedded-mongo.sqlite'), 'private data');
    await mkdir(path.join(photosDir, `.${photo.hash}-unfinished`));
    await writeFile(path.join(photosDir, `.${photo.hash}-unfinished`, '960.jpg'), 'half a photo');
    app = express().use(photosController(folderPhotoStore(photosDir)));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('serves every file of a processed photo with its type, cached for a year as immutable', async () => {
    const urls = [...photo.sources.avif, ...photo.sources.webp, ...photo.sources.jpeg].map((source) => source.url);
    expect(urls).toHaveLength(9);
    for (const url of urls) {
      const response = await request(app).get(url).buffer(true).expect(200);
      expect(response.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[url.split('.').pop()!]);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const served = await sharp(response.body as Buffer).metadata();
      expect(served.width).toBe(Number(/\/(\d+)\.\w+$/.exec(url)![1]));
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await request(app).head(photo.sources.jpeg[0]!.url).expect(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404, not cached for a year, for any other path under /photos', async () => {
    const other = photo.hash.replace(/^./, (first) => (first === 'a' ? 'b' : 'a'));
    for (const url of [
      `/photos/${other}/960.jpg`,
      `/photos/${photo.hash}/961.jpg`,
      `/photos/${photo.hash}/960.png`,
      `/photos/${photo.hash}/manifest.json`,
      `/photos/${photo.hash.toUpperCase()}/960.jpg`,
      `/photos/${photo.hash}/`,
      `/photos/${photo.hash}`,
      '/photos',
      `/photos/.${photo.hash}-unfinished/960.jpg`,
    ]) {
      const response = await request(app).get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never leaves the photos folder, however the path is written', async () => {
    for (const url of [
      '/photos/../embedded-mongo.sqlite',
      '/photos/..%2fembedded-mongo.sqlite/960.jpg',
      `/photos/${photo.hash}/..%2f..%2fembedded-mongo.sqlite`,
      `/photos/%2e%2e/%2e%2e%2fembedded-mongo.sqlite`,
      `/photos/${photo.hash}%2f..%2f..%2fembedded-mongo.sqlite/960.jpg`,
    ]) {
      const response = await request(app).get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.text ?? '').not.toContain('private data');
    }
  });

  it('leaves other paths to the rest of the site', async () => {
    const site = express()
      .use(photosController(folderPhotoStore(path.join(work, 'data', 'photos'))))
      .get('/photos-of-the-lot', (_req, res) => {
        res.send('a page');
      });
    await request(site).get('/photos-of-the-lot').expect(200, 'a page');
  });
});

describe('the site serves the photos the import wrote to DATA_DIR/photos', () => {
  let work: string;
  let photo: UnitPhoto;
  let site: TestApp;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'photos-site-'));
    const dataDir = path.join(work, 'data');
    const source = await writeSolidPhoto(path.join(work, 'u2418-1.png'), 700, 466, '#c8553d');
    photo = await processPhoto(source, { photosDir: path.join(dataDir, 'photos'), feedDir: work });
    site = await startTestApp({ DATA_DIR: dataDir, SEED_CATALOG: false });
  });
  afterAll(async () => {
    await site?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('answers a photo with its type, immutable for a year, before any page route', async () => {
    const avif = photo.sources.avif.at(-1)!;
    expect(avif.url).toBe(`/photos/${photo.hash}/700.avif`);
    const response = await request(site.app).get(avif.url).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(response.body as Buffer).metadata()).width).toBe(700);
  });

  it('answers 404 for a photo it does not have, never a page', async () => {
    const response = await request(site.app)
      .get(`/photos/${'0'.repeat(32)}/960.jpg`)
      .expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    await request(site.app).get('/photos/../../package.json').expect(404);
  });
});
