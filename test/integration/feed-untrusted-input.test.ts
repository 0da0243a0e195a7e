import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VehicleCollection } from '../../models/vehicle.model';
import { importFeed, type FeedImportOptions } from '../../services/feed-import.service';
import { guardNetwork, type NetworkGuard } from '../support/loopback-only-network';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { csvOf, TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos, TEST_FEED_LOCATIONS, refusal } from '../support/test-feed';

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
    options = { full: false, locations: TEST_FEED_LOCATIONS, photosDir: path.join(work, `photos-${Date.now()}`), concurrency: 2 };
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

  it('text that is not UTF-8 (a feed saved as Windows-1252), which would otherwise be published as \uFFFD', async () => {
    const feed = path.join(work, 'windows-1252.csv');
    await writeFile(feed, Buffer.from(csvOf(onward, emerge.replace('Electric Blue', 'Bleu Électrique')), 'latin1'));
    expect(await refusal(importFeed(feed, options))).toEqual([
      `${feed} is not UTF-8 text: the lines below name the cells with bytes it cannot read; save it as UTF-8 (in Excel: "CSV UTF-8")`,
      'row 3, column color: holds bytes that are not UTF-8 text (shown as \uFFFD)',
    ]);
    expect(await VehicleCollection.countDocuments().exec()).toBe(0);
  });

  describe('photo addresses that lead off the public internet', () => {
    let seen: string[];
    let server: Server;
    let port: number;
    const lookups: string[] = [];
    /** Made-up names, resolved by the test: no real DNS server is asked. */
    const lookup = async (hostname: string) => {
      lookups.push(hostname);
      return hostname === 'photos.dealer.test' ? [{ address: '10.0.0.1', family: 4 }] : [];
    };
    beforeAll(async () => {
      seen = [];
      server = createServer((req, res) => {
        seen.push(req.url!);
        res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(readFileSync(path.join(work, 'photos', 't200-1.jpg')));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    const withPhoto = (address: string) => emerge.replace('photos/t200-1.jpg', `photos/t200-1.jpg|${address}`);
    const PUBLIC_ONLY = 'photos are downloaded from public addresses only';

    it('http://127.0.0.1/, with a server listening there that sees no request, and http://169.254.169.254/, each with its row', async () => {
      const feed = await writeTestFeed(
        work,
        'inward.csv',
        onward.replace('photos/t100-2.png', `http://127.0.0.1:${port}/t100.jpg`),
        withPhoto('http://127.0.0.1/t200.jpg'),
        TEST_FEED_ROWS.rxv.replace(/,$/, ',http://169.254.169.254/latest/meta-data/iam/security-credentials/'),
      );
      expect(await refusal(importFeed(feed, { ...options, photoNetwork: { allowHttp: true, lookup } }))).toEqual([
        `row 2, column photos, item 2: http://127.0.0.1:${port}/t100.jpg (stock T100) is on 127.0.0.1, a loopback address; ${PUBLIC_ONLY}`,
        `row 3, column photos, item 2: http://127.0.0.1/t200.jpg (stock T200) is on 127.0.0.1, a loopback address; ${PUBLIC_ONLY}`,
        `row 4, column photos, item 1: http://169.254.169.254/latest/meta-data/iam/security-credentials/ (stock T300) is on 169.254.169.254, a link-local address (the cloud metadata service); ${PUBLIC_ONLY}`,
      ]);
      expect(seen).toEqual([]);
      expect(network.connections).toEqual([]);
      expect(network.stopped).toEqual([]);
      expect(await VehicleCollection.countDocuments().exec()).toBe(0);
    });

    it('a name that resolves to 10.0.0.1, refused before any connection', async () => {
      const feed = await writeTestFeed(work, 'private-name.csv', onward, withPhoto('https://photos.dealer.test/t200/2.jpg?token=s3cret'));
      expect(await refusal(importFeed(feed, { ...options, photoNetwork: { lookup } }))).toEqual([
        `stock T200, photo 2: https://photos.dealer.test/t200/2.jpg: is on photos.dealer.test, which resolves to 10.0.0.1, a private address; ${PUBLIC_ONLY}`,
      ]);
      expect(lookups).toEqual(['photos.dealer.test']);
      expect(network.stopped).toEqual([]);
      expect(network.connections).toEqual([]);
      expect(await VehicleCollection.countDocuments().exec()).toBe(0);
    });

    it('plain http, unless FEED_PHOTOS_ALLOW_HTTP says so', async () => {
      const feed = await writeTestFeed(work, 'plain-http.csv', onward, withPhoto('http://photos.dealer.test/t200/2.jpg'));
      expect(await refusal(importFeed(feed, { ...options, photoNetwork: { lookup } }))).toEqual([
        'row 3, column photos, item 2: http://photos.dealer.test/t200/2.jpg (stock T200) is plain http; photos are downloaded over https only (FEED_PHOTOS_ALLOW_HTTP=true allows http)',
      ]);
      expect(network.stopped).toEqual([]);
      expect(await VehicleCollection.countDocuments().exec()).toBe(0);
    });
  });
});
