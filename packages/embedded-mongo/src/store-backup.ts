import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { silentLogger } from './embedded-mongo-logger';
import { SqliteStore } from './sqlite-store';
import { STORE_FILE_NAME } from './store-folder';

/**
 * Copies the store of a data folder to `target` while servers keep using it: SQLite's online
 * backup reads one consistent snapshot page by page, between their writes. The copy is checked
 * (quick_check) and private (0600); it is a complete store, to be put back as the data folder's
 * embedded-mongo.sqlite with the site stopped.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<{ file: string; bytes: number }> {
  if (!existsSync(path.join(dataDir, STORE_FILE_NAME))) throw new Error(`there is no embedded database in ${dataDir}`);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const store = SqliteStore.open({ dataDir, logger: silentLogger });
  try {
    await store.backupTo(target);
  } finally {
    store.close();
  }
  chmodSync(target, 0o600);
  const copy = new DatabaseSync(target, { readOnly: true });
  try {
    const check = copy.prepare('PRAGMA quick_check').get() as { quick_check: string };
    if (check.quick_check !== 'ok') throw new Error(`the copy at ${target} failed its check: ${check.quick_check}`);
    const { size } = copy.prepare('SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()').get() as { size: number };
    return { file: target, bytes: Number(size) };
  } finally {
    copy.close();
  }
}
