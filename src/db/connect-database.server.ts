import path from 'node:path';
import mongoose from 'mongoose';
import type { Env } from '../config/env.server';
import type { Logger } from '../logging/logger.server';
import { systemClock } from '../time/clock';
import { scheduleBackups } from './backup-schedule.server';
import { DatabaseNotWritableError } from './database-not-writable-error.server';
import { backupFolderOf } from 'embedded-mongo/backup';
import { startEmbeddedMongoInWorker, type EmbeddedMongoInWorker } from 'embedded-mongo/worker';

/**
 * The store worker's heap. Between commands it holds about 10 MB, but now and then it decodes a
 * large result (the inventory's choices read every listed unit once per catalog version); with
 * V8's defaults its heap then stayed at 80-170 MB for good. An old generation bounded (far above
 * anything it holds: a 23,000-unit catalog decoded whole is under 64 MB) makes V8 collect and give
 * the memory back: about 25 MB after the same work. The young generation of 32 MB (8 before) is
 * collected a quarter as often: with 8, a search cost the worker and V8's helper threads about
 * 0.13 ms more CPU. It holds up to 24 MB more: the site's process at 23,000 units ends a run at
 * 324 MiB instead of 285 with the cards kept too, under the 400 of issue 26 (BENCHMARKS.md,
 * "Cards kept per catalog version").
 */
const STORE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 1024 };

export interface Database {
  /**
   * True while the database answers a ping and can write; rejects with DatabaseNotWritableError
   * when it answers but cannot write (the embedded store's disk is full).
   */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Connects Mongoose to MONGODB_URI, or, when it is unset, to the embedded server persisting under
 * DATA_DIR. The application code path is the same in both cases: the real driver over TCP. The
 * embedded server runs in a worker thread, so that a query decoding a large collection does not
 * hold up the requests this thread answers meanwhile; if that worker ends while the process runs,
 * nothing could read or write, so the process logs it and exits 1 for its supervisor to restart. The
 * site (not the operator commands) asks for `scheduleBackups`: with BACKUP_INTERVAL_HOURS set, the
 * embedded database is then backed up into the backups folder beside DATA_DIR until it closes.
 */
export async function connectDatabase(
  env: Pick<Env, 'MONGODB_URI' | 'DATA_DIR' | 'DATA_START_EMPTY' | 'BACKUP_INTERVAL_HOURS' | 'BACKUP_KEEP'>,
  logger: Logger,
  options: { scheduleBackups?: boolean } = {},
): Promise<Database> {
  let embedded: EmbeddedMongoInWorker | undefined;
  if (!env.MONGODB_URI) {
    embedded = await startEmbeddedMongoInWorker({
      dataDir: path.resolve(env.DATA_DIR),
      // A database file gone or emptied is refused at start; starting empty is the operator's choice.
      startEmpty: env.DATA_START_EMPTY,
      startEmptyHint: 'DATA_START_EMPTY=true',
      logger: logger.child({ component: 'embedded-mongo' }),
      resourceLimits: STORE_WORKER_LIMITS,
      onWorkerDied: (error) => {
        logger.error({ err: { name: error.name, message: error.message } }, `the embedded database stopped unexpectedly (${error.message}); exiting for a restart`);
        process.exit(1);
      },
    });
    logger.info({ dataDir: env.DATA_DIR }, 'using the embedded database');
  }
  const uri = env.MONGODB_URI ?? embedded!.uri;
  mongoose.set('sanitizeFilter', true);
  mongoose.set('strictQuery', true);
  // A database named in MONGODB_URI wins; the embedded server gets the project's own.
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 5000, ...(embedded ? { dbName: 'shore-golf-carts' } : {}) });
  logger.info({ embedded: Boolean(embedded) }, 'database connected');
  const backups =
    embedded && options.scheduleBackups && env.BACKUP_INTERVAL_HOURS
      ? scheduleBackups({
          folder: backupFolderOf(env.DATA_DIR),
          intervalHours: env.BACKUP_INTERVAL_HOURS,
          keep: env.BACKUP_KEEP,
          backupTo: (file) => embedded.backupTo(file),
          logger: logger.child({ component: 'backups' }),
          clock: systemClock,
        })
      : undefined;
  return {
    async isReady() {
      if (mongoose.connection.readyState !== 1 || !mongoose.connection.db) return false;
      await mongoose.connection.db.admin().ping();
      const notWritable = await embedded?.whyNotWritable();
      if (notWritable) throw new DatabaseNotWritableError(notWritable);
      return true;
    },
    async close() {
      await backups?.stop();
      await mongoose.disconnect();
      await embedded?.close();
    },
  };
}
