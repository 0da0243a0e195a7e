import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { deadInUseMarkers } from './in-use-markers';
import { StoreOpenError } from './store-open-error';
import { backupFolderOf, backupsIn, CREATED_MARKER, STORE_FILE_NAME } from './store-folder';

export interface StartEmptyChoice {
  /** Start with an empty database even though the folder shows it held one; its files are set aside. */
  startEmpty?: boolean;
  /** How an operator makes that choice, named in the refusal (the site: `DATA_START_EMPTY=true`). */
  startEmptyHint?: string;
}

/**
 * Before the store opens its folder: SQLite would take a missing or empty file for a new database
 * and serve an empty site, and a write-ahead log gone after a crash for one with nothing in it.
 * Either way the latest data would be lost without a word, so the start is refused with what was
 * found and how to restore it. Starting empty is a choice the operator makes (`startEmpty`): the
 * earlier files are then moved to `set-aside-<time>/` in the folder, never deleted.
 */
export function checkNothingWasLost(dataDir: string, choice: StartEmptyChoice, logger: EmbeddedMongoLogger): void {
  const file = path.join(dataDir, STORE_FILE_NAME);
  const hint = choice.startEmptyHint ?? 'the startEmpty option';
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (!size) {
    const found = signsOfAnEarlierDatabase(dataDir);
    if (found.signs.length === 0) return;
    if (!choice.startEmpty) {
      const state = size === undefined ? 'is missing' : 'is empty (0 bytes)';
      // SQLite would lay an old -wal's pages over a restored file: they go first.
      const leftovers = [`${file}-wal`, `${file}-shm`].filter((side) => existsSync(side));
      const clearFirst = leftovers.length > 0 ? `move ${leftovers.join(' and ')} out of the folder, then ` : '';
      const restore = `${clearFirst}${found.newestBackup ? `cp ${found.newestBackup} ${file}` : 'copy a backup there, if there is one'}`;
      throw new StoreOpenError(
        `The embedded database ${file} ${state}, but ${dataDir} held one (${found.signs.join('; ')}), so no new, empty database was started in its place. With the site stopped, put the file back with its -wal, or restore a backup (${restore}); to start with an empty database on purpose, start once with ${hint}.`,
      );
    }
    const setAside = setAsideEarlierFiles(dataDir);
    logger.warn(
      { dataDir, setAside },
      `started an empty embedded database on purpose (${hint}); the earlier database's files are in ${setAside}. Start without ${hint} from now on, so that a lost database is refused again.`,
    );
    return;
  }
  const dead = deadInUseMarkers(dataDir);
  if (dead.length > 0 && isInWalMode(file) && !existsSync(`${file}-wal`)) {
    throw new StoreOpenError(
      `The embedded database ${file} was not closed cleanly (process ${dead[0]!.pid} stopped with it open) and its write-ahead log ${file}-wal, which holds the writes since the last checkpoint, is missing. With the site stopped, put the -wal file back beside the database; if it is lost for good, restore a backup, or accept losing those writes by deleting ${dead.map((marker) => marker.file).join(' ')} and starting again.`,
    );
  }
}

/** What shows the folder held a database: the marker written at its creation, its -wal, a process that had it open, backups beside it. */
function signsOfAnEarlierDatabase(dataDir: string): { signs: string[]; newestBackup?: string } {
  const signs: string[] = [];
  const marker = path.join(dataDir, CREATED_MARKER);
  if (existsSync(marker)) {
    const written = /\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(readFileSync(marker, 'utf8'))?.[0];
    signs.push(`${marker} says it held data${written ? ` on ${written}` : ''}`);
  }
  const wal = path.join(dataDir, `${STORE_FILE_NAME}-wal`);
  const walSize = statSync(wal, { throwIfNoEntry: false })?.size;
  if (walSize !== undefined) signs.push(`its write-ahead log ${wal} (${walSize} bytes) is still there`);
  const dead = deadInUseMarkers(dataDir);
  if (dead.length > 0) signs.push(`process ${dead[0]!.pid} stopped with it open`);
  const backups = backupsIn(backupFolderOf(dataDir));
  if (backups.length > 0) signs.push(`${backups.length} backup${backups.length === 1 ? '' : 's'} in ${backupFolderOf(dataDir)}`);
  return { signs, ...(backups[0] ? { newestBackup: backups[0] } : {}) };
}

/** The earlier database's files go to set-aside-<time>/ in the data folder; backups stay where they are. */
function setAsideEarlierFiles(dataDir: string): string {
  const folder = path.join(dataDir, `set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const names = [
    STORE_FILE_NAME,
    `${STORE_FILE_NAME}-wal`,
    `${STORE_FILE_NAME}-shm`,
    CREATED_MARKER,
    ...deadInUseMarkers(dataDir).map((marker) => path.basename(marker.file)),
  ];
  for (const name of names) {
    if (existsSync(path.join(dataDir, name))) renameSync(path.join(dataDir, name), path.join(folder, name));
  }
  return folder;
}

/** Bytes 18 and 19 of a SQLite header are 2 in WAL mode. */
function isInWalMode(file: string): boolean {
  const header = Buffer.alloc(20);
  const handle = openSync(file, 'r');
  try {
    if (readSync(handle, header, 0, 20, 0) < 20) return false;
  } finally {
    closeSync(handle);
  }
  return header.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000' && header[18] === 2 && header[19] === 2;
}
