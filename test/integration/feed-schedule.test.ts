import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CatalogMetaCollection } from '../../models/catalog-meta.model';
import { feedScheduleRepository } from '../../models/feed-schedule.repository';
import { vehicleRepository } from '../../models/vehicle.repository';
import { createFeedSchedule, type FeedSchedule, type FeedScheduleOptions } from '../../services/feed-schedule.service';
import { createLogger } from '../../src/logging/logger.server';
import type { MailTransport } from '../../src/mail/mail-transport.server';
import { logLines, type LogLines } from '../support/log-lines';
import { elementHtml, textOf } from '../support/page-html';
import { createActiveStaff, openStaffSession } from '../support/staff-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock, type TestClock } from '../support/test-clock';
import { csvOf, TEST_FEED_LOCATIONS, TEST_FEED_ROWS } from '../support/test-feed';

// The dealer's feed fetched on a schedule (issue 25, point 3): by one instance at a time, with the
// last good fetch's validators, keeping the last good catalog through failures, and one staff
// e-mail after three failures in a row.

const INTERVAL_MS = 60 * 60_000;
// Two units without photos: the feed server serves only the feed.
const GOOD_FEED = csvOf(TEST_FEED_ROWS.rxv, TEST_FEED_ROWS.onward.replace(/,photos\/[^,]*$/, ','));
const BAD_FEED = csvOf(TEST_FEED_ROWS.rxv.replace(',6995,', ',lots,'));
const SECRET_PASSWORD = 'pa55-s3cret-word';
const SECRET_KEY = 'key-0123456789-secret';

interface FeedServer {
  url: string;
  requests: IncomingHttpHeaders[];
  /** What the next requests get: a feed with its ETag, or a status. */
  serve: (answer: { body: string; etag: string } | { status: number }) => void;
  close(): Promise<void>;
}

async function startFeedServer(): Promise<FeedServer> {
  let answer: { body: string; etag: string } | { status: number } = { body: GOOD_FEED, etag: '"v1"' };
  const requests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.headers);
    if ('status' in answer) return void res.writeHead(answer.status).end('feed server trouble');
    if (req.headers['if-none-match'] === answer.etag) return void res.writeHead(304).end();
    res.writeHead(200, { 'Content-Type': 'text/csv', ETag: answer.etag, 'Last-Modified': 'Mon, 01 Jun 2026 08:00:00 GMT' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://dealer:${SECRET_PASSWORD}@127.0.0.1:${(server.address() as AddressInfo).port}/feeds/units.csv?token=${SECRET_KEY}`,
    requests,
    serve: (next) => void (answer = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let site: TestApp;
let feed: FeedServer;
let clock: TestClock;
let log: LogLines;
let photosDir: string;

beforeEach(async () => {
  clock = testClock(new Date('2026-06-01T12:00:00Z'));
  site = await startTestApp({ SEED_CATALOG: false, INQUIRY_TO: 'sales@example.com' }, { clock: clock.now });
  feed = await startFeedServer();
  log = logLines();
  photosDir = await mkdtemp(path.join(tmpdir(), 'feed-schedule-photos-'));
});

afterEach(async () => {
  await feed.close();
  await site.close();
  await rm(photosDir, { recursive: true, force: true });
});

/** One instance's schedule: every instance is configured alike, as from one environment. */
function instance(overrides: Partial<FeedScheduleOptions> = {}): FeedSchedule {
  return createFeedSchedule({
    url: feed.url,
    headers: { 'X-Api-Key': SECRET_KEY },
    full: false,
    intervalMs: INTERVAL_MS,
    importOptions: { locations: TEST_FEED_LOCATIONS, photosDir },
    clock: clock.now,
    logger: createLogger({ LOG_LEVEL: 'trace' }, log.destination),
    ...overrides,
  });
}

const stockNumbers = async () => (await vehicleRepository.units()).map((unit) => unit.unit.stockNumber).sort();

/** What the site's outbox sends now, through a transport that records it (or fails while `down`). */
async function outboxSends(down = false): Promise<SendMailOptions[]> {
  const sent: SendMailOptions[] = [];
  const transport: MailTransport = {
    send: async (message) => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      sent.push(message);
    },
    close: () => undefined,
  };
  const outbox = site.outbox(transport);
  await outbox.drain();
  await outbox.stop();
  return sent;
}

describe('the scheduled feed', () => {
  test('two instances import it once per interval, with basic auth and FEED_HEADERS', async () => {
    const [a, b] = [instance(), instance()];
    const runs = await Promise.all([a.runDue(), b.runDue()]);
    expect(runs.sort()).toEqual(['imported', 'not-due']);
    expect(feed.requests).toHaveLength(1);
    expect(feed.requests[0]!.authorization).toBe(`Basic ${Buffer.from(`dealer:${SECRET_PASSWORD}`).toString('base64')}`);
    expect(feed.requests[0]!['x-api-key']).toBe(SECRET_KEY);
    expect(await stockNumbers()).toEqual(['T100', 'T300']);

    // Within the interval neither fetches again.
    clock.advance(INTERVAL_MS - 60_000);
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual(['not-due', 'not-due']);
    expect(feed.requests).toHaveLength(1);

    clock.advance(60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(feed.requests).toHaveLength(2);
    const status = await feedScheduleRepository.status();
    expect(status?.lastImport).toMatchObject({ created: 2, updated: 0, sold: 0, unchanged: 0 });
    expect(status?.source).toBe(`http://127.0.0.1:${new URL(feed.url).port}/feeds/units.csv`);
  });

  test('an unchanged feed answers 304 to the last good fetch’s validators: nothing imported, logged', async () => {
    const schedule = instance();
    expect(await schedule.runDue()).toBe('imported');
    const version = await CatalogMetaCollection.current();
    clock.advance(INTERVAL_MS);
    expect(await schedule.runDue()).toBe('not-modified');
    expect(feed.requests[1]!['if-none-match']).toBe('"v1"');
    expect(feed.requests[1]!['if-modified-since']).toBe('Mon, 01 Jun 2026 08:00:00 GMT');
    expect(log.records().some((record) => record.msg.includes('not modified') && record.msg.includes('304'))).toBe(true);
    expect(await CatalogMetaCollection.current()).toEqual(version);
    expect((await feedScheduleRepository.status())?.lastCheck?.outcome).toBe('not-modified');
  });

  test('a feed the import refuses leaves the last good catalog, and the next fetch still sends the good one’s validators', async () => {
    const schedule = instance();
    await schedule.runDue();
    feed.serve({ body: BAD_FEED, etag: '"v2-bad"' });
    clock.advance(INTERVAL_MS);
    expect(await schedule.runDue()).toBe('failed');
    expect(await stockNumbers()).toEqual(['T100', 'T300']);
    const failure = log.records().find((record) => record.msg.includes('not imported'));
    expect(failure).toMatchObject({ consecutiveFailures: 1, problemCount: 1 });
    expect(String(failure?.reason)).toContain('price');
    clock.advance(INTERVAL_MS);
    await schedule.runDue();
    expect(feed.requests[2]!['if-none-match']).toBe('"v1"');
  });

  test('three failures in a row: exactly one e-mail to staff, sent by the outbox once mail is back; the status tells it', async () => {
    const schedule = instance();
    await schedule.runDue();
    feed.serve({ status: 503 });
    for (let failure = 0; failure < 2; failure += 1) {
      clock.advance(INTERVAL_MS);
      expect(await schedule.runDue()).toBe('failed');
    }
    expect(await outboxSends()).toHaveLength(0);
    clock.advance(INTERVAL_MS);
    await schedule.runDue();
    // Mail is down when the e-mail is first owed: it waits in the outbox, retried with back-off.
    expect(await outboxSends(true)).toHaveLength(0);
    clock.advance(INTERVAL_MS);
    await schedule.runDue();
    const sent = await outboxSends();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('sales@example.com');
    expect(sent[0]!.subject).toMatch(/feed failed 4 times in a row/);
    expect(String(sent[0]!.text)).toContain('503');
    expect(String(sent[0]!.text)).toContain('2 created');
    // Further failures owe nothing more.
    clock.advance(INTERVAL_MS);
    await schedule.runDue();
    expect(await outboxSends()).toHaveLength(0);
    const status = await feedScheduleRepository.status();
    expect(status).toMatchObject({ consecutiveFailures: 5, lastFailure: { reason: 'the feed server answered 503 Service Unavailable' } });
    expect(status?.lastImport).toMatchObject({ created: 2 });
  });

  test('a feed over the size limit or slower than the time limit is refused with a clear line', async () => {
    expect(await instance({ maxBytes: 100 }).runDue()).toBe('failed');
    expect(log.records().at(-1)?.reason).toMatch(/over the limit of/);
    clock.advance(INTERVAL_MS);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/units.csv`;
      expect(await instance({ url, timeoutMs: 300 }).runDue()).toBe('failed');
      expect(log.records().at(-1)?.reason).toMatch(/took longer than/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    expect(await stockNumbers()).toEqual([]);
  });

  test('no log line holds the feed’s password or header value', async () => {
    const schedule = instance();
    await schedule.runDue();
    feed.serve({ status: 401 });
    clock.advance(INTERVAL_MS);
    await schedule.runDue();
    expect(log.lines.length).toBeGreaterThan(0);
    for (const line of log.lines) {
      expect(line).not.toContain(SECRET_PASSWORD);
      expect(line).not.toContain(SECRET_KEY);
    }
  });
});

describe('the staff home while the scheduled feed fails', () => {
  /** The staff home as a sales person signed in now sees it; the notice's text, or null when there is none. */
  async function homeNotice(): Promise<{ notice: string | null; html: string }> {
    const { id } = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' });
    const session = await openStaffSession(id, clock.now());
    const { text: html } = await request(site.app).get('/staff').set('Cookie', session.cookie).expect(200);
    const region = elementHtml(html, /<section [^>]*aria-labelledby="feed-trouble-title"/);
    // Text as read: no space where an inline element (a time) meets punctuation.
    return { notice: region ? textOf(region).replace(/ ([,.:])/g, '$1') : null, html };
  }

  test('after three failed fetches shows when and why it last failed and the last good import, without a secret; a good fetch removes it', async () => {
    const schedule = instance();
    expect(await schedule.runDue()).toBe('imported');
    expect((await homeNotice()).notice).toBeNull();

    feed.serve({ status: 503 });
    for (let failure = 1; failure <= 2; failure += 1) {
      clock.advance(INTERVAL_MS);
      expect(await schedule.runDue()).toBe('failed');
      // One or two failures are not staff's concern yet: the next fetch often succeeds.
      expect((await homeNotice()).notice).toBeNull();
    }
    clock.advance(INTERVAL_MS);
    expect(await schedule.runDue()).toBe('failed');
    const { notice, html } = await homeNotice();
    expect(notice).toContain('The inventory feed is not updating');
    expect(notice).toContain('The last 3 fetches of the dealer’s feed failed, since Jun 1, 2026, 9:00:00 AM EDT.');
    // 15:00 UTC on June 1, 2026 is 11:00 AM in New Jersey (EDT).
    expect(notice).toContain('Last failed Jun 1, 2026, 11:00:00 AM EDT');
    expect(notice).toContain('Why the feed server answered 503 Service Unavailable');
    // The first import, at noon UTC: the two units of the feed added.
    expect(notice).toContain('Last good import Jun 1, 2026, 8:00:00 AM EDT: 2 added, 0 changed, 0 sold, 0 left alone');
    expect(notice).toContain(`Feed http://127.0.0.1:${new URL(feed.url).port}/feeds/units.csv`);
    expect(html).not.toContain(SECRET_PASSWORD);
    expect(html).not.toContain(SECRET_KEY);
    expect(html).not.toContain('?token');

    feed.serve({ body: GOOD_FEED, etag: '"v2"' });
    clock.advance(INTERVAL_MS);
    expect(await schedule.runDue()).toBe('imported');
    expect((await homeNotice()).notice).toBeNull();
  });
});
