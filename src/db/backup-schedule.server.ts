import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logging/logger.server';
import type { Clock } from '../time/clock';

const SCHEDULED = /^embedded-mongo-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z-scheduled\.sqlite$/;
// A failed backup (a full disk) is tried again this soon, or at the next interval if that is sooner.
const RETRY_MS = 60 * 60_000;
// setTimeout's longest delay (about 24.8 days); a longer wait is planned again when it ends.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface BackupSchedule {
  /** No further backup starts; resolves once one under way has finished. */
  stop(): Promise<void>;
}

export interface BackupScheduleOptions {
  folder: string;
  intervalHours: number;
  /** How many scheduled backups to keep; the oldest go. */
  keep: number;
  /** Writes a checked, private backup to the file, in place only once whole (the embedded server's backupTo). */
  backupTo(file: string): Promise<{ file: string; bytes: number }>;
  logger: Logger;
  clock: Clock;
}

/**
 * Backups of the embedded database made by the site itself, for the operator of a single machine
 * (BACKUP_INTERVAL_HOURS, BACKUP_KEEP): every interval, into the backups folder as
 * embedded-mongo-<time>-scheduled.sqlite, keeping the newest `keep` of them; other backups there
 * (npm run db:backup's) are never removed. The next one is due an interval after the newest
 * scheduled backup in the folder (at once when there is none), so a site that restarts often still
 * makes them, and a second process on the same data folder finds the one the first just made. A
 * failed backup is one error line and is tried again within an hour.
 */
export function scheduleBackups(options: BackupScheduleOptions): BackupSchedule {
  const { folder, keep, logger, clock } = options;
  const intervalMs = options.intervalHours * 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const dueInMs = (): number => {
    const newest = scheduledBackups(folder)[0];
    return newest ? Math.max(0, newest.time + intervalMs - clock().getTime()) : 0;
  };
  const plan = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = run().finally(() => (running = undefined));
      },
      Math.min(delayMs, LONGEST_TIMER_MS),
    );
    timer.unref();
  };
  const run = async (): Promise<void> => {
    const wait = dueInMs();
    if (wait > 0) return plan(wait);
    const stamp = clock().toISOString().replace(/[:.]/g, '-');
    try {
      const copy = await options.backupTo(path.join(folder, `embedded-mongo-${stamp}-scheduled.sqlite`));
      const removed = scheduledBackups(folder)
        .slice(keep)
        .map(({ file }) => {
          rmSync(file, { force: true });
          return path.basename(file);
        });
      logger.info({ file: copy.file, kb: Math.ceil(copy.bytes / 1024), removed }, 'scheduled backup written');
      plan(intervalMs);
    } catch (error) {
      const message = (error as Error).message;
      logger.error({ err: { message }, folder }, `scheduled backup failed: ${message}; trying again in ${Math.round(Math.min(intervalMs, RETRY_MS) / 60_000)} minutes`);
      plan(Math.min(intervalMs, RETRY_MS));
    }
  };

  logger.info({ folder, intervalHours: options.intervalHours, keep }, 'scheduled backups on');
  plan(dueInMs());
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The scheduled backups in the folder, newest first, with the time their name gives. */
function scheduledBackups(folder: string): Array<{ file: string; time: number }> {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const backups = [];
  for (const name of names) {
    const match = SCHEDULED.exec(name);
    if (match) backups.push({ file: path.join(folder, name), time: Date.parse(`${match[1]}:${match[2]}:${match[3]}.${match[4]}Z`) });
  }
  return backups.sort((a, b) => b.time - a.time);
}
