import path from 'node:path';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { composeSite, type Site } from './compose-site';
import { seedCatalogOnce } from '../services/catalog-seed.service';
import { backfillLeads } from '../services/leads/lead-backfill.service';
import { createFeedSchedule, type FeedSchedule } from '../services/feed-schedule.service';
import { createPhotoUploadWorker } from '../services/photos/photo-uploads.service';
import { photoStoreFromEnv } from '../services/photos/photo-store-from-env';
import { removeAbandonedPhotoFolders } from '../services/photos/abandoned-photo-folders';
import { createStaffHousekeeping } from '../services/staff/staff-housekeeping.service';
import type { BusinessFile } from '../src/config/business-file';
import { defaultPublicOrigin, type Env } from '../src/config/env.server';
import { checkFolderOwners } from '../src/config/folder-owners.server';
import { connectDatabase } from '../src/db/connect-database.server';
import type { Logger } from '../src/logging/logger.server';
import { createMailTransport } from '../src/mail/mail-transport.server';
import type { PageRenderer } from '../src/ssr/page-renderer.server';
import { systemClock } from '../src/time/clock';

/**
 * How long a shutdown may take, all of it: requests in flight, mail being handed over, the
 * database. Below Docker's default stop timeout (10 s) so the process is never killed mid-way;
 * docker-compose.yml gives 15 s.
 */
export const SHUTDOWN_GRACE_MS = 8_000;

/**
 * Once stopping, how long a kept-alive connection with no request on it stays open: a request
 * already on its way (a browser's next click, a proxy reusing its connection) is then answered,
 * with `Connection: close`, instead of meeting a reset. Each connection in use closes after its
 * answer, so only connections that stay silent this long are closed by the server.
 */
export const IDLE_CONNECTION_GRACE_MS = 2_000;

/**
 * Connects the database, starts listening and stops cleanly on SIGTERM or SIGINT: the listener
 * closes, every answer from then on (those in flight included) carries `Connection: close`,
 * silent keep-alive connections are closed after IDLE_CONNECTION_GRACE_MS, then background work
 * stops and the database closes. A listener that cannot start releases everything and the error
 * says why in one line.
 */
export async function startServer(options: {
  env: Env;
  business: BusinessFile;
  logger: Logger;
  pages: PageRenderer;
  staffPages: PageRenderer;
  staticDir: string;
  devMiddleware?: RequestHandler;
}) {
  const { logger } = options;
  let env = options.env;
  checkFolderOwners(env);
  const database = await connectDatabase(env, logger, { scheduleBackups: true });
  let stopping = false;
  const server = createServer();
  // The answers being prepared, so that a stop can still tell their clients to close the connection.
  const answering = new Set<ServerResponse>();
  // Runs before the app: once stopping, every answer tells the client not to reuse the connection.
  server.prependListener('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });
  let site: Site;
  try {
    // Once, however many instances start together on an empty database (a lease in the database).
    if (env.SEED_CATALOG) await seedCatalogOnce({ logger, clock: systemClock });
    // Inquiries stored before the leads inbox get their lead state once (nothing to read afterwards).
    await backfillLeads({ business: options.business, logger });
    // An import killed mid-photo leaves its unfinished folders behind; the next start clears them.
    const abandoned = await removeAbandonedPhotoFolders(path.resolve(env.DATA_DIR, 'photos'), systemClock());
    if (abandoned > 0) logger.info({ removed: abandoned }, 'removed the unfinished photo folders of an import that was cut short');
    await listen(server, env.PORT, env.HOST);
    // The app is built for the port actually bound (PORT=0 lets the system choose), before any request is read.
    env = boundTo(env, (server.address() as AddressInfo).port);
    site = composeSite({
      env,
      business: options.business,
      logger,
      clock: systemClock,
      pages: options.pages,
      staffPages: options.staffPages,
      // A stopping process is not ready: a load balancer sends new visitors elsewhere.
      isDatabaseReady: async () => !stopping && (await database.isReady()),
      staticDir: options.staticDir,
      devMiddleware: options.devMiddleware,
    });
    server.on('request', site.app);
  } catch (error) {
    server.close();
    await database.close();
    throw error;
  }
  // The port bound, which tests and scripts that start the server with PORT=0 read from this line.
  logger.info({ port: env.PORT, origin: env.PUBLIC_ORIGIN }, 'listening');
  const mailTransport = createMailTransport(env, logger);
  const outbox = site.outbox(mailTransport);
  outbox.start();
  logger.info({ smtp: Boolean(env.SMTP_URL), ...(env.SMTP_URL ? {} : { mailDir: env.MAIL_DIR }) }, 'inquiry outbox started');
  // Expired staff sessions, challenges, throttles, invitations and year-old audit events: the
  // embedded store never applies TTL indexes (every read checks expiry anyway).
  const housekeeping = createStaffHousekeeping({ logger: logger.child({ component: 'staff-housekeeping' }), clock: systemClock });
  housekeeping.start();
  // Photos staff upload (issue 24): processed by whichever instance claims them first (leases in the database).
  const photoWorker = createPhotoUploadWorker({ photoStore: photoStoreFromEnv(env), logger: logger.child({ component: 'photo-uploads' }), clock: systemClock });
  photoWorker.start();
  // FEED_URL: every instance asks once a minute; the one holding the lease in the database fetches.
  let feedSchedule: FeedSchedule | undefined;
  if (env.FEED_URL) {
    feedSchedule = createFeedSchedule({
      url: env.FEED_URL,
      headers: env.FEED_HEADERS,
      full: env.FEED_FULL,
      intervalMs: env.FEED_INTERVAL_MINUTES * 60_000,
      importOptions: {
        locations: options.business.showrooms.map((showroom) => showroom.id),
        // As npm run catalog:import: the bucket of PHOTO_STORE_URL, or DATA_DIR/photos.
        ...(env.PHOTO_STORE_URL ? { photoStore: photoStoreFromEnv(env) } : { photosDir: path.resolve(env.DATA_DIR, 'photos') }),
        photoNetwork: { allowHttp: env.FEED_PHOTOS_ALLOW_HTTP },
      },
      clock: systemClock,
      logger: logger.child({ component: 'feed-schedule' }),
    });
    feedSchedule.start();
    logger.info({ intervalMinutes: env.FEED_INTERVAL_MINUTES, full: env.FEED_FULL }, 'feed schedule started');
  }

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    logger.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, 'shutting down');
    // No new connections. Not http's server.close(): it also drops every idle keep-alive connection
    // at once, resetting the requests already on their way on them. This resolves once every
    // connection has closed.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closeSilent = setTimeout(() => server.closeIdleConnections(), IDLE_CONNECTION_GRACE_MS);
    // Requests get most of the grace period; mail and the database need the rest.
    if (!(await settlesWithin(drained, SHUTDOWN_GRACE_MS - 2_000))) {
      logger.warn('requests still running at the end of the grace period; closing their connections');
      server.closeAllConnections();
    }
    clearTimeout(closeSilent);
    // A send cut short is sent again after its lease (the same Message-ID): at least once, never lost.
    if (!(await settlesWithin(outbox.stop(), Math.max(deadline - Date.now() - 500, 0)))) {
      logger.warn('an e-mail was still being handed over; it will be sent again after a restart');
    }
    mailTransport.close();
    await settlesWithin(Promise.all([housekeeping.stop(), feedSchedule?.stop(), photoWorker.stop()]), Math.max(deadline - Date.now() - 250, 0));
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  // Kept for a second signal too: Ctrl-C under `npm start` reaches the server twice (from the
  // terminal and forwarded by npm), and the second must not end the process mid-shutdown.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return server;
}

/** The configuration once listening: PORT=0 becomes the port the system chose, and so does an unset PUBLIC_ORIGIN's. */
function boundTo(env: Env, port: number): Env {
  if (env.PORT !== 0) return env;
  return { ...env, PORT: port, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN === defaultPublicOrigin(0) ? defaultPublicOrigin(port) : env.PUBLIC_ORIGIN };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? 'the port is already in use (another process listens on it; stop it or set PORT)' : error.message;
      reject(new Error(`cannot listen on ${host}:${port}: ${reason}`, { cause: error }));
    });
    server.listen(port, host, () => resolve());
  });
}

/** True when the promise settles within the time; the timer never keeps the process alive. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return result;
}
