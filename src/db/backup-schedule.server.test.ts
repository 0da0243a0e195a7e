import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.server';
import { scheduleBackups } from './backup-schedule.server';

const HOUR = 60 * 60_000;
const folders: string[] = [];

afterEach(() => {
  vi.useRealTimers();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function backupsFolder(names: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'backup-schedule-'));
  folders.push(folder);
  for (const name of names) writeFileSync(path.join(folder, name), 'a backup');
  return folder;
}

/** A stand-in for the embedded server's backupTo that writes the file and remembers its name; failNext makes the next calls throw. */
function backupWriter() {
  const written: string[] = [];
  let failures = 0;
  return {
    written,
    failNext(count: number) {
      failures = count;
    },
    async backupTo(file: string) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('the disk holding the backups is full');
      }
      writeFileSync(file, 'a backup');
      written.push(path.basename(file));
      return { file, bytes: 8 };
    },
  };
}

const logger = createLogger({ LOG_LEVEL: 'silent' });

describe('scheduled backups', () => {
  it('makes the next one an interval after the newest scheduled one, keeps the newest BACKUP_KEEP, and never removes other backups', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const folder = backupsFolder([
      'embedded-mongo-2026-03-01T10-00-00-000Z-scheduled.sqlite',
      'embedded-mongo-2026-02-28T10-00-00-000Z-scheduled.sqlite',
      'embedded-mongo-2026-01-01T00-00-00-000Z.sqlite',
    ]);
    const writer = backupWriter();
    const schedule = scheduleBackups({ folder, intervalHours: 24, keep: 2, backupTo: writer.backupTo, logger, clock: () => new Date() });

    // The newest was made at 10:00: the next is due at 10:00 the next day, 22 hours from now.
    await vi.advanceTimersByTimeAsync(22 * HOUR - 1000);
    expect(writer.written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writer.written).toEqual(['embedded-mongo-2026-03-02T10-00-00-000Z-scheduled.sqlite']);
    expect(readdirSync(folder).sort()).toEqual([
      'embedded-mongo-2026-01-01T00-00-00-000Z.sqlite',
      'embedded-mongo-2026-03-01T10-00-00-000Z-scheduled.sqlite',
      'embedded-mongo-2026-03-02T10-00-00-000Z-scheduled.sqlite',
    ]);

    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(writer.written).toHaveLength(2);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(writer.written).toHaveLength(2);
  });

  it('makes the first one at once in a folder without any, and tries a failed one again within the hour', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const folder = backupsFolder([]);
    const writer = backupWriter();
    writer.failNext(1);
    const schedule = scheduleBackups({ folder, intervalHours: 24, keep: 7, backupTo: writer.backupTo, logger, clock: () => new Date() });

    await vi.advanceTimersByTimeAsync(0);
    expect(writer.written).toEqual([]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(writer.written).toEqual(['embedded-mongo-2026-03-01T13-00-00-000Z-scheduled.sqlite']);
    await schedule.stop();
  });
});
