import type { Server } from 'node:http';
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

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Connects the database, starts listening and stops cleanly on SIGTERM or SIGINT: the listener
 * closes, open connections drain, background work stops and the database disconnects.
 */
export async function startServer(options: { env: Env; business: BusinessFile; logger: Logger; pages: PageRenderer; staticDir: string; devMiddleware?: RequestHandler }) {
  const { env, logger } = options;
  const database = await connectDatabase(env, logger);
  if (env.SEED_CATALOG) await seedCatalogIfEmpty(logger);
  const app = createApp({
    env,
    business: options.business,
    logger,
    catalog: createCatalogService(),
    pages: options.pages,
    isDatabaseReady: () => database.isReady(),
    staticDir: options.staticDir,
    devMiddleware: options.devMiddleware,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
  });
  logger.info({ port: env.PORT, origin: env.PUBLIC_ORIGIN }, 'listening');
  const mailTransport = createMailTransport(env, logger);
  const outbox = createInquiryOutbox({
    transport: mailTransport,
    mail: inquiryMailSettings(env, businessProfile(options.business, env.PUBLIC_ORIGIN)),
    logger: logger.child({ component: 'inquiry-outbox' }),
  });
  outbox.start();
  logger.info({ smtp: Boolean(env.SMTP_URL), ...(env.SMTP_URL ? {} : { mailDir: env.MAIL_DIR }) }, 'inquiry outbox started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      logger.warn('connections did not drain in time; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await outbox.stop();
    mailTransport.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return server;
}
