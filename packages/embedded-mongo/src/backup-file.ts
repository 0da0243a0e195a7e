import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { isRunning, thisProcess } from './process-identity';

const PARTIAL = /\.partial-(\d+-\w+)(-journal|-wal|-shm)?$/;
// The files SQLite may make beside a database it writes.
const SIDE_FILES = ['-journal', '-wal', '-shm'];

/**
 * Writes a consistent copy of a database (SQLite's online backup) to `target` so that no one sees
 * a backup that is not whole, and no one else sees any of it: the copy is written to a private
 * file (0600 before its first byte) beside the target, `<target>.partial-<pid>-<start time>`,
 * checked (quick_check), then linked into place, which fails rather than replace a file already
 * there. A copy that fails, on a full disk or any other way, is removed with its journal; one cut
 * short by a kill stays private, and the next backup into the folder removes it.
 */
export async function writeBackup(source: DatabaseSync, target: string): Promise<{ file: string; bytes: number }> {
  const folder = path.dirname(target);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`);
  removeAbandonedCopies(folder);
  const partial = `${target}.partial-${thisProcess()}`;
  try {
    // SQLite writes into the file as it is, and gives its -journal the same mode.
    closeSync(openSync(partial, 'wx', 0o600));
    await backup(source, partial);
    const bytes = checkedSize(partial);
    linkSync(partial, target);
    return { file: target, bytes };
  } catch (error) {
    throw failure(error, folder, target);
  } finally {
    for (const file of [partial, ...SIDE_FILES.map((suffix) => `${partial}${suffix}`)]) rmSync(file, { force: true });
    syncFolder(folder);
  }
}

/** Copies cut short by a process that no longer runs (killed, or its machine stopped). */
function removeAbandonedCopies(folder: string): void {
  for (const name of readdirSync(folder)) {
    const match = PARTIAL.exec(name);
    if (match && !isRunning(match[1]!)) rmSync(path.join(folder, name), { force: true });
  }
}

/**
 * The copy is made a single file (it took the store's WAL mode with its pages; a store opened on it
 * turns that back on), then checked.
 */
function checkedSize(file: string): number {
  const copy = new DatabaseSync(file);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
    const check = copy.prepare('PRAGMA quick_check').get() as { quick_check: string };
    if (check.quick_check !== 'ok') throw new Error(`the copy failed its check: ${check.quick_check}`);
    const { size } = copy.prepare('SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()').get() as { size: number };
    return Number(size);
  } finally {
    copy.close();
  }
}

/** The link into place and the removals last past a power cut. */
function syncFolder(folder: string): void {
  try {
    const handle = openSync(folder, 'r');
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
  } catch {
    // The backup itself is synced by SQLite; a folder that cannot be synced loses nothing here.
  }
}

function failure(error: unknown, folder: string, target: string): Error {
  const code = (error as { errcode?: number }).errcode;
  // SQLite's SQLITE_FULL (13), or the file system's own word.
  if ((typeof code === 'number' && (code & 0xff) === 13) || (error as NodeJS.ErrnoException).code === 'ENOSPC') {
    let free = '';
    try {
      const disk = statfsSync(folder);
      free = ` (${Math.floor((disk.bavail * disk.bsize) / 1024)} KB free)`;
    } catch {
      // The size is a courtesy.
    }
    return new Error(`the disk holding ${folder} is full${free}; nothing was left behind`);
  }
  if ((error as NodeJS.ErrnoException).code === 'EEXIST') return new Error(`${target} already exists; choose a new file`);
  return error instanceof Error ? error : new Error(String(error));
}
