import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Binary, Document } from 'bson';
import { decodeDocument } from './deserialize-options';
import type { SqliteCollection } from './sqlite-collection';

const legacyFormat = 1;
const collectionSuffix = '.bson';

/**
 * The one-time move from the store's first format, a file per collection under
 * dataDir/<db>/<collection>.bson (a header document with options and indexes, then the
 * documents), into SQLite. It runs inside a write transaction, so of several processes starting
 * together exactly one moves the data; a store that already holds the collection keeps its own.
 * Once that has committed, setAsideLegacyFolders moves the old folders under
 * dataDir/legacy-bson-<time>/; they are never deleted.
 */
export function importLegacyCollectionFiles(dataDir: string, store: LegacyImportTarget): LegacyImport | undefined {
  const folders = readdirSync(dataDir, { withFileTypes: true }).filter(
    (entry) =>
      entry.isDirectory() && !entry.name.startsWith('legacy-bson-') && readdirSync(path.join(dataDir, entry.name)).some((file) => file.endsWith(collectionSuffix)),
  );
  if (folders.length === 0) return undefined;
  let collections = 0;
  let documents = 0;
  for (const folder of folders) {
    const dbDirectory = path.join(dataDir, folder.name);
    for (const fileName of readdirSync(dbDirectory)) {
      if (!fileName.endsWith(collectionSuffix)) continue;
      const legacy = decodeCollectionFile(readFileSync(path.join(dbDirectory, fileName)), path.join(dbDirectory, fileName));
      if (store.collection(legacy.db, legacy.name)) continue;
      const collection = store.createCollection(legacy.db, legacy.name, legacy.options, { uuid: legacy.uuid, indexes: legacy.indexes });
      for (const document of legacy.documents) collection.insert(document);
      collections += 1;
      documents += legacy.documents.length;
    }
  }
  return { collections, documents, folders: folders.map((folder) => folder.name) };
}

/** After the import has committed: the old folders go aside (another process may have moved them already). */
export function setAsideLegacyFolders(dataDir: string, folders: string[]): void {
  const setAside = path.join(dataDir, `legacy-bson-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(setAside, { recursive: true, mode: 0o700 });
  for (const folder of folders) {
    try {
      renameSync(path.join(dataDir, folder), path.join(setAside, folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** What the move needs of the store (SqliteStore): to find a collection, and to create one as the old file describes it. */
export interface LegacyImportTarget {
  collection(db: string, name: string): SqliteCollection | undefined;
  createCollection(db: string, name: string, options: Document, state: { uuid: Binary; indexes: Document[] }): SqliteCollection;
}

export interface LegacyImport {
  collections: number;
  documents: number;
  folders: string[];
}

interface LegacyCollection {
  db: string;
  name: string;
  uuid: Binary;
  options: Document;
  indexes: Document[];
  documents: Document[];
}

function decodeCollectionFile(contents: Buffer, filePath: string): LegacyCollection {
  const documents: Document[] = [];
  let position = 0;
  while (position < contents.length) {
    const size = position + 4 <= contents.length ? contents.readInt32LE(position) : -1;
    if (size < 5 || position + size > contents.length) {
      throw new Error(`The old-format data file ${filePath} is damaged; nothing was moved. Restore it from a backup, or move it aside to start without it.`);
    }
    documents.push(decodeDocument(contents.subarray(position, position + size)));
    position += size;
  }
  const header = documents.shift();
  if (!header || header.format !== legacyFormat) {
    throw new Error(`The old-format data file ${filePath} has an unknown format; nothing was moved.`);
  }
  return {
    db: String(header.db),
    name: String(header.name),
    uuid: header.uuid as Binary,
    options: (header.options as Document | undefined) ?? {},
    indexes: (header.indexes as Document[] | undefined) ?? [],
    documents,
  };
}
