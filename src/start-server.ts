import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import { createApp } from './app';
import { createCatalogService } from '../services/catalog.service';
import { seedCatalogIfEmpty } from '../services/catalog-import.service';
import { createInquiryOutbox } from '../services/inquiry-outbox';
import type { BusinessFile } from './config/business-file';
import { businessProfile } from './config/business-profile.server';
import type { Env } from './config/env';
import { connectDatabase } from './db/connect-database';
import type { Logger } from './logger';
import { inquiryMailSettings } from './mail/inquiry-mail-settings';
import { createMailTransport } from './mail/mail-transport';
import type { PageRenderer } from './ssr/page-renderer';

/**
 * How long a shutdown may take, all of it: requests in flight, mail being handed over, the
 * database. Below Docker's default stop timeout (10 s) so the process is never killed mid-way;
 * docker-compose.yml gives 15 s.
 */
export const SHUTDOWN_GRACE_MS = 8_000;

/**
 * Connects the database, starts listening and stops cleanly on SIGTERM or SIGINT: the listener
 * closes, keep-alive connections are told to close, requests in flight finish, then background
 * work stops and the database closes. A listener that cannot start releases everything and the
 * error says why in one line.
 */
export async function startServer(options: { env: Env; business: BusinessFile; logger: Logger; pages: PageRenderer; staticDir: string; devMiddleware?: RequestHandler }) {
  const { env, logger } = options;
  const database = await connectDatabase(env, logger);
  let stopping = false;
  let server: Server;
  try {
    if (env.SEED_CATALOG) await seedCatalogIfEmpty(logger);
    const app = createApp({
      env,
      business: options.business,
      logger,
      catalog: createCatalogService({ showroomNames: new Map(options.business.showrooms.map((showroom) => [showroom.id, showroom.name])) }),
      pages: options.pages,
      // A stopping process is not ready: a load balancer sends new visitors elsewhere.
      isDatabaseReady: async () => !stopping && (await database.isReady()),
      staticDir: options.staticDir,
      devMiddleware: options.devMiddleware,
    });
    server = createServer(app);
    // Runs before the app: once stopping, every answer tells the client not to reuse the connection.
    server.prependListener('request', (_req, res) => {
      if (stopping) res.setHeader('Connection', 'close');
    });
    await listen(server, env.PORT, env.HOST);
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ port: env.PORT, origin: env.PUBLIC_ORIGIN }, 'listening');
  const mailTransport = createMailTransport(env, logger);
  const outbox = createInquiryOutbox({
    transport: mailTransport,
    mail: inquiryMailSettings(env, businessProfile(options.business, env.PUBLIC_ORIGIN)),
    logger: logger.child({ component: 'inquiry-outbox' }),
    giveUpAfterMs: env.MAIL_RETRY_DAYS * 24 * 60 * 60_000,
    leaseMs: env.MAIL_LEASE_SECONDS * 1000,
  });
  outbox.start();
  logger.info({ smtp: Boolean(env.SMTP_URL), ...(env.SMTP_URL ? {} : { mailDir: env.MAIL_DIR }) }, 'inquiry outbox started');

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    logger.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, 'shutting down');
    // Requests get most of the grace period; mail and the database need the rest.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (!(await settlesWithin(drained, SHUTDOWN_GRACE_MS - 2_000))) {
      logger.warn('requests still running at the end of the grace period; closing their connections');
      server.closeAllConnections();
    }
    // A send cut short is sent again after its lease (the same Message-ID): at least once, never lost.
    if (!(await settlesWithin(outbox.stop(), Math.max(deadline - Date.now() - 500, 0)))) {
      logger.warn('an e-mail was still being handed over; it will be sent again after a restart');
    }
    mailTransport.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return server;
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
