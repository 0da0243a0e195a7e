import { existsSync } from 'node:fs';
import path from 'node:path';
import { silentLogger } from './embedded-mongo-logger';
import { SqliteStore } from './sqlite-store';
import { STORE_FILE_NAME } from './store-folder';

export { backupFolderOf } from './store-folder';

/**
 * Copies the store of a data folder to `target` while servers keep using it: SQLite's online
 * backup reads one consistent snapshot page by page, between their writes. The copy is written
 * privately beside the target, checked (quick_check) and only then put in place (backup-file.ts);
 * it is a complete store, to be put back as the data folder's embedded-mongo.sqlite with the site
 * stopped.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<{ file: string; bytes: number }> {
  if (!existsSync(path.join(dataDir, STORE_FILE_NAME))) throw new Error(`there is no embedded database in ${dataDir}`);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file`);
  const store = SqliteStore.open({ dataDir, logger: silentLogger });
  try {
    return await store.backupTo(target);
  } finally {
    store.close();
  }
}
