import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VehicleCollection } from '../../models/vehicle.model';
import { CatalogImportError } from '../../services/catalog-import-error';
import { importFeed, type FeedImportOptions } from '../../services/feed-import.service';
import { guardNetwork, type NetworkGuard } from '../support/loopback-only-network';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

const LOCATIONS = ['bayville', 'waretown', 'pleasantville', 'new-jersey-service-delivery', 'cape-may-court-house'];

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof CatalogImportError)) throw new Error(`expected the import to be refused, got ${String(error)}`);
  return error.problems;
}

// A feed is written by another system and may hold anything: each test gives the import a feed
// that reaches for what it must not, and checks that the feed is refused with the row at fault
// and that nothing at all was imported.
describe('a feed that reaches too far is refused, and nothing of it is imported', () => {
  let database: TestDatabase;
  let work: string;
  let options: FeedImportOptions;
  let network: NetworkGuard;
  const { onward, emerge } = TEST_FEED_ROWS;

  beforeAll(async () => {
    database = await startTestDatabase();
    work = await mkdtemp(path.join(tmpdir(), 'feed-untrusted-'));
    await writeTestFeedPhotos(work);
  });
  afterAll(async () => {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await VehicleCollection.deleteMany({}).exec();
    options = { full: false, locations: LOCATIONS, photosDir: path.join(work, `photos-${Date.now()}`), concurrency: 2 };
    // The only traffic these tests may send is to loopback (and to a MongoDB server MONGODB_URI names).
    const mongoHosts = process.env.MONGODB_URI ? [...process.env.MONGODB_URI.matchAll(/(?:\/\/|,)(?:[^@/]*@)?([^:/,?]+)/g)].map((match) => match[1]!) : [];
    network = guardNetwork({ allowHosts: mongoHosts });
  });
  afterEach(() => {
    network.restore();
  });

  it('a photo path that leads out of the feed folder: ../../etc/passwd', async () => {
    // ../../etc/passwd when the temporary folder is /tmp.
    const passwd = path.relative(work, '/etc/passwd');
    const feed = await writeTestFeed(work, 'passwd.csv', onward, emerge.replace('photos/t200-1.jpg', `photos/t200-1.jpg|${passwd}`));
    expect(await refusal(importFeed(feed, options))).toEqual([`row 3, column photos, item 2: ${passwd} (stock T200) is outside the feed's folder ${work}`]);
    expect(await VehicleCollection.countDocuments().exec()).toBe(0);
  });
});
