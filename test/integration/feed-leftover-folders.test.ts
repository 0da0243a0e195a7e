import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer } from '../support/production-server';
import { VehicleCollection } from '../../models/vehicle.model';
import { importFeed } from '../../services/feed-import.service';
import { temporaryPhotoFolderPrefix } from '../../services/photos/abandoned-photo-folders';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos, TEST_FEED_LOCATIONS } from '../support/test-feed';

const root = fileURLToPath(new URL('../../', import.meta.url));
const HASH = 'a'.repeat(32);

/** The hidden entries of a photos folder: what a photo being written (or left half-written) looks like. */
const hiddenIn = async (photosDir: string) => (await readdir(photosDir).catch(() => [])).filter((name) => name.startsWith('.')).sort();

/** Runs npm run catalog:import's script in one Node process (no tsx launcher between), so a kill reaches the import itself. */
function startImport(dataDir: string, feed: string) {
  const env = { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: 'silent' };
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'scripts/catalog-import.ts', feed], { cwd: root, env, stdio: 'pipe' });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('the unfinished photo folders of an import that was killed', { timeout: 120_000 }, () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'feed-leftovers-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('are removed by the next import after a kill -9 in the middle of one', async () => {
    await mkdir(path.join(work, 'photos'), { recursive: true });
    const rows: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      // Big, noisy photos: each takes a while to write, so the kill lands while one is half written.
      const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
      await writeFile(
        path.join(work, 'photos', `k${index}.jpg`),
        await sharp({ create: { width: 2000, height: 1333, channels: 3, background: { r: index * 20, g: 90, b: 160 }, noise } })
          .jpeg()
          .toBuffer(),
      );
      rows.push(`K${index},,2020,Club Car,Precedent,,used,precedent,4995,2,White,800,bayville,available,,,photos/k${index}.jpg`);
    }
    const feed = await writeTestFeed(work, 'killed.csv', ...rows);

    /**
     * One import into a fresh data folder, killed as soon as a photo folder is being written; true
     * when the kill left one behind. A kill can land just after that photo was finished and moved
     * into place, before the next one began: then it proves nothing, and it is run again.
     */
    const killedMidPhoto = async (dataDir: string) => {
      const run = startImport(dataDir, feed);
      let hidden: string[] = [];
      const deadline = Date.now() + 90_000;
      while (hidden.length === 0 && Date.now() < deadline && run.child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        hidden = await hiddenIn(path.join(dataDir, 'photos'));
      }
      run.child.kill('SIGKILL');
      await run.exited;
      expect(hidden, run.output.join('')).not.toEqual([]);
      return (await hiddenIn(path.join(dataDir, 'photos'))).length > 0;
    };
    let attempt = 0;
    let dataDir = path.join(work, 'data-0');
    while (!(await killedMidPhoto(dataDir)) && attempt < 5) dataDir = path.join(work, `data-${++attempt}`);
    const photosDir = path.join(dataDir, 'photos');
    // Still there once the process is gone: nothing else will ever remove it.
    expect(await hiddenIn(photosDir)).not.toEqual([]);

    // Any next import clears them first, whatever its feed: one without photos, so that it does not
    // spend half a minute processing the big ones again.
    const next = await writeTestFeed(work, 'next.csv', 'K9,,2020,Club Car,Precedent,,used,precedent,4995,2,White,800,bayville,available,,,');
    const second = startImport(dataDir, next);
    expect(await second.exited, second.output.join('')).toBe(0);
    expect(await hiddenIn(photosDir)).toEqual([]);
  });

  it('are removed when the site starts, too', async () => {
    const dataDir = path.join(work, 'data-start');
    const photosDir = path.join(dataDir, 'photos');
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    const folder = path.join(photosDir, `.${HASH}-${gone.pid}-Uv12Wx`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, '480.avif'), 'half a photo');
    const site = await startProductionServer({ dataDir, mailDir: path.join(work, 'mail-start') });
    try {
      expect(site.port, site.output()).not.toBe(0);
      expect(await hiddenIn(photosDir)).toEqual([]);
      expect(site.output()).toContain('removed the unfinished photo folders of an import that was cut short');
    } finally {
      site.child.kill('SIGTERM');
      await site.exit;
    }
  });

  describe('and what the next import leaves alone', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await startTestDatabase();
      await writeTestFeedPhotos(work);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("removes folders of processes that are gone (or from before folders named their process), and untouched ones, keeping a running import's and another machine's", async () => {
      const thisMachine = /\.([a-f0-9]{8})-$/.exec(temporaryPhotoFolderPrefix(HASH))![1]!;
      const otherMachine = thisMachine === '0badcafe' ? '00c0ffee' : '0badcafe';
      const photosDir = path.join(work, 'data-left', 'photos');
      const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
      const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      await new Promise((resolve) => gone.on('exit', resolve));
      try {
        const folders = {
          beforePids: `.${HASH}-Ab12Cd`,
          ofGoneProcess: `.${HASH}-${gone.pid}-Ef34Gh`,
          ofRunningProcess: `.${HASH}-${running.pid}-Ij56Kl`,
          ofRunningButUntouchedForHours: `.${'b'.repeat(32)}-${running.pid}-Mn78Op`,
          ofThisProcess: `.${'c'.repeat(32)}-${process.pid}-Qr90St`,
          // Named as the folder photo store names them now: the process and the machine.
          ofGoneProcessHere: `.${'d'.repeat(32)}-${gone.pid}.${thisMachine}-a1b2c3`,
          // Another machine (a container beside this one on a shared volume): its process ids mean nothing here.
          ofAnotherMachine: `.${'e'.repeat(32)}-${gone.pid}.${otherMachine}-d4e5f6`,
          ofAnotherMachineUntouchedForHours: `.${'f'.repeat(32)}-${gone.pid}.${otherMachine}-a7b8c9`,
        };
        for (const name of Object.values(folders)) {
          await mkdir(path.join(photosDir, name), { recursive: true });
          await writeFile(path.join(photosDir, name, '480.avif'), 'half a photo');
        }
        await mkdir(path.join(photosDir, HASH));
        await writeFile(path.join(photosDir, '.notes'), 'not a photo folder');
        const hoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
        await utimes(path.join(photosDir, folders.ofRunningButUntouchedForHours), hoursAgo, hoursAgo);
        await utimes(path.join(photosDir, folders.ofAnotherMachineUntouchedForHours), hoursAgo, hoursAgo);

        const feed = await writeTestFeed(work, 'next.csv', TEST_FEED_ROWS.onward);
        expect(await importFeed(feed, { full: false, locations: TEST_FEED_LOCATIONS, photosDir, concurrency: 1 })).toMatchObject({ created: 1 });
        expect(await hiddenIn(photosDir)).toEqual(['.notes', folders.ofRunningProcess, folders.ofThisProcess, folders.ofAnotherMachine].sort());
        expect(await readdir(photosDir)).toContain(HASH);
        expect(await VehicleCollection.countDocuments().exec()).toBe(1);
      } finally {
        running.kill('SIGKILL');
      }
    });
  });
});
