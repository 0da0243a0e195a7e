import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The database file inside the data folder. */
export const STORE_FILE_NAME = 'embedded-mongo.sqlite';

/**
 * Written beside the database once it holds the store's tables, and kept: while it is there, a
 * start that finds the database missing or empty is refused instead of starting a new, empty one.
 */
export const CREATED_MARKER = 'embedded-mongo.created';

const BACKUP_NAME = /^embedded-mongo-.+\.sqlite$/;

/** Where backups of a data folder go unless told otherwise: `backups/` beside it (var/data → var/backups). */
export function backupFolderOf(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), 'backups');
}

/** The backups of the store in a folder (embedded-mongo-….sqlite), newest first. */
export function backupsIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => BACKUP_NAME.test(name));
  } catch {
    return [];
  }
  return names
    .map((name) => path.join(folder, name))
    .map((file) => ({ file, time: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.time - a.time)
    .map((entry) => entry.file);
}
