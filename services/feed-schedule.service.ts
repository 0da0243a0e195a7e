import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feedScheduleRepository } from '../models/feed-schedule.repository';
import type { Logger } from '../src/logging/logger.server';
import type { Clock } from '../src/time/clock';
import { CatalogImportError } from './catalog-import-error';
import { downloadFeed, FeedDownloadError, feedLabel } from './feed/download-feed';
import { feedFailureReason, feedSecrets } from './feed/feed-failure-reason';
import { importFeed, type FeedImportOptions } from './feed-import.service';
import { FEED_ALERT_AFTER_FAILURES } from './feed/feed-alert';

/** What npm run catalog:import hands importFeed besides full, the clock and the logger (each variant of the options kept apart). */
type ImportSettings = FeedImportOptions extends infer Options ? (Options extends unknown ? Omit<Options, 'full' | 'clock' | 'logger'> : never) : never;

export interface FeedScheduleOptions {
  /** FEED_URL. */
  url: string;
  /** FEED_HEADERS. */
  headers?: Readonly<Record<string, string>>;
  /** FEED_FULL: units the feed leaves out are marked sold. */
  full: boolean;
  /** FEED_INTERVAL_MINUTES, in ms: from the end of one fetch to the next. */
  intervalMs: number;
  /** What npm run catalog:import hands importFeed: the showrooms, the photos' folder, where photos may come from. */
  importOptions: ImportSettings;
  clock: Clock;
  logger: Logger;
  /** A larger feed is refused (default 50 MB). */
  maxBytes?: number;
  /** A slower download is refused (default 2 minutes). */
  timeoutMs?: number;
  /** How long a fetch holds the lease without renewing it; it renews every third of it while running. */
  leaseMs?: number;
  /** How often each instance asks whether the feed is due (default: a minute, or the interval when shorter). */
  pollMs?: number;
}

/** What one turn of the schedule did. */
export type FeedRun = 'not-due' | 'imported' | 'not-modified' | 'failed';

export interface FeedSchedule {
  /** Starts asking every pollMs, beginning now. */
  start(): void;
  /** Fetches and imports the feed when it is due and no other instance holds the lease. */
  runDue(): Promise<FeedRun>;
  /** Stops asking and waits for a fetch in progress to finish. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 2 * 60_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
/** Problems of a refused feed written to the log; the count says how many there were. */
const LOGGED_PROBLEMS = 20;

/**
 * The scheduled feed (FEED_URL): every instance asks once a minute whether the feed is due; the one
 * that takes the lease in the database downloads it (with the last good fetch's validators, within
 * a size and a time limit) and imports it through importFeed, exactly as npm run catalog:import
 * does. A 304 imports nothing. A failure (network, HTTP status, a feed the import refuses) is
 * logged without secrets and leaves the catalog as it was; after FEED_ALERT_AFTER_FAILURES in a
 * row one staff e-mail becomes owed, which the outbox sends (with its retries when mail is down).
 * The next fetch is due an interval after this one ends, whatever its outcome.
 */
export function createFeedSchedule(options: FeedScheduleOptions): FeedSchedule {
  const { clock, logger } = options;
  const source = feedLabel(options.url);
  const secrets = feedSecrets(options.url, options.headers);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? Math.min(60_000, options.intervalMs);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<FeedRun> | undefined;

  const later = () => new Date(clock().getTime() + leaseMs);
  const nextFetchAt = () => new Date(clock().getTime() + options.intervalMs);

  async function fetchAndImport(token: string, validators: { etag?: string; lastModified?: string }): Promise<FeedRun> {
    const folder = await mkdtemp(path.join(tmpdir(), 'feed-'));
    try {
      const download = await downloadFeed({
        url: options.url,
        headers: options.headers,
        ...validators,
        maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        folder,
      });
      if (download.status === 'not-modified') {
        await feedScheduleRepository.recordNotModified(token, { now: clock(), nextFetchAt: nextFetchAt() });
        logger.info({ feed: source }, 'feed: not modified since the last good fetch (304); nothing imported');
        return 'not-modified';
      }
      const result = await importFeed(download.file, { ...options.importOptions, full: options.full, clock, logger });
      const summary = { at: clock(), ...result };
      await feedScheduleRepository.recordImported(token, { source, etag: download.etag, lastModified: download.lastModified, summary, nextFetchAt: nextFetchAt() });
      logger.info({ feed: source, bytes: download.bytes, ...result }, 'feed: imported');
      return 'imported';
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function failed(token: string, error: unknown): Promise<FeedRun> {
    // Logged, stored and shown to staff on their home page: whatever an error quotes, never a secret of the feed.
    const reason = feedFailureReason(
      error instanceof FeedDownloadError
        ? error.message
        : error instanceof CatalogImportError
          ? `the feed was refused with ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}, the first: ${error.problems[0]}`
          : `the import could not run: ${error instanceof Error ? error.message : String(error)}`,
      secrets,
    );
    const problems = error instanceof CatalogImportError ? { problems: error.problems.slice(0, LOGGED_PROBLEMS), problemCount: error.problems.length } : {};
    const failures = await feedScheduleRepository.recordFailure(token, { now: clock(), reason, nextFetchAt: nextFetchAt(), alertAt: FEED_ALERT_AFTER_FAILURES });
    logger.error({ feed: source, consecutiveFailures: failures, reason, ...problems }, 'feed: not imported; the last good catalog stays');
    if (failures === FEED_ALERT_AFTER_FAILURES)
      logger.error({ feed: source, consecutiveFailures: failures }, 'feed: failed three times in a row; staff are e-mailed once');
    return 'failed';
  }

  async function runDue(): Promise<FeedRun> {
    const token = randomUUID();
    const lease = await feedScheduleRepository.claim({ now: clock(), leaseUntil: later(), token, source });
    if (!lease) return 'not-due';
    // A long import (photos to process) keeps the lease; should this process die, it runs out and another instance takes over.
    const renewal = setInterval(() => void feedScheduleRepository.renew(token, later()).catch(() => undefined), Math.max(leaseMs / 3, 1000));
    renewal.unref();
    try {
      return await fetchAndImport(token, { etag: lease.etag, lastModified: lease.lastModified });
    } catch (error) {
      return await failed(token, error);
    } finally {
      clearInterval(renewal);
    }
  }

  async function tick() {
    try {
      running = runDue();
      await running;
    } catch (error) {
      // Most often the database is unreachable; the next tick asks again.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'feed schedule could not run');
    } finally {
      running = undefined;
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), pollMs);
      timer.unref();
    }
  }

  return {
    start() {
      stopped = false;
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },
    runDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
