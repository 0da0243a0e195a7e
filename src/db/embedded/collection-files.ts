import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'bson';
import type { Binary, Document } from 'bson';
import { StoredCollection } from './stored-collection';
import { deserializeOptions } from './deserialize-options';

const fileFormat = 1;
const collectionSuffix = '.bson';
const tempSuffix = '.tmp';

// Stored documents are replaced, never edited, so their encoding can be reused across rewrites.
const encodedDocuments = new WeakMap<Document, Uint8Array>();

/**
 * One file per collection under dataDir/<db>/<collection>.bson: a header document (options,
 * indexes) followed by the documents. Files are replaced atomically (temp file, fsync,
 * rename, fsync of the directory) so a crash leaves either the old or the new version.
 */
export class CollectionFiles {
  private readonly dataDir: string;
  private readonly knownDirectories = new Set<string>();
  private tempCounter = 0;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  async loadAll(): Promise<StoredCollection[]> {
    await mkdir(this.dataDir, { recursive: true });
    const collections: StoredCollection[] = [];
    for (const dbEntry of await readdir(this.dataDir, { withFileTypes: true })) {
      if (!dbEntry.isDirectory()) continue;
      const dbDirectory = path.join(this.dataDir, dbEntry.name);
      for (const fileName of await readdir(dbDirectory)) {
        const filePath = path.join(dbDirectory, fileName);
        if (fileName.endsWith(tempSuffix)) {
          // A write interrupted before its rename; the previous file is still complete.
          await unlink(filePath);
        } else if (fileName.endsWith(collectionSuffix)) {
          collections.push(decodeCollectionFile(await readFile(filePath), filePath));
        }
      }
    }
    return collections;
  }

  /** Takes the snapshot synchronously, so changes made after the call belong to a later write. */
  async write(collection: StoredCollection): Promise<void> {
    const contents = encodeCollection(collection);
    const directory = await this.databaseDirectory(collection.db);
    const target = path.join(directory, fileNameOf(collection.name));
    this.tempCounter += 1;
    const temp = `${target}.${process.pid}-${this.tempCounter}${tempSuffix}`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    await syncDirectory(directory);
  }

  async remove(db: string, name: string): Promise<void> {
    const directory = path.join(this.dataDir, encodeName(db));
    try {
      await unlink(path.join(directory, fileNameOf(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await syncDirectory(directory);
  }

  private async databaseDirectory(db: string): Promise<string> {
    const directory = path.join(this.dataDir, encodeName(db));
    if (!this.knownDirectories.has(directory)) {
      await mkdir(directory, { recursive: true });
      await syncDirectory(this.dataDir);
      this.knownDirectories.add(directory);
    }
    return directory;
  }
}

function encodeCollection(collection: StoredCollection): Buffer {
  const header = serialize({
    format: fileFormat,
    db: collection.db,
    name: collection.name,
    uuid: collection.uuid,
    options: collection.options,
    indexes: collection.indexes.map((index) => index.spec),
  });
  const parts: Uint8Array[] = [header];
  for (const document of collection.documents.values()) {
    let encoded = encodedDocuments.get(document);
    if (!encoded) {
      encoded = serialize(document);
      encodedDocuments.set(document, encoded);
    }
    parts.push(encoded);
  }
  return Buffer.concat(parts);
}

function decodeCollectionFile(contents: Buffer, filePath: string): StoredCollection {
  const documents: Document[] = [];
  let position = 0;
  while (position < contents.length) {
    const size = position + 4 <= contents.length ? contents.readInt32LE(position) : -1;
    if (size < 5 || position + size > contents.length) {
      throw new Error(`Embedded MongoDB data file is corrupt: ${filePath}`);
    }
    documents.push(deserialize(contents.subarray(position, position + size), deserializeOptions));
    position += size;
  }
  const header = documents.shift();
  if (!header || header.format !== fileFormat) {
    throw new Error(`Embedded MongoDB data file has an unknown format: ${filePath}`);
  }
  return new StoredCollection(String(header.db), String(header.name), {
    options: header.options as Document,
    indexes: header.indexes as Document[],
    uuid: header.uuid as Binary,
    documents,
  });
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Collection names may contain characters that are not safe in file names ('/', '%').
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/\*/g, '%2A');
}

function fileNameOf(collectionName: string): string {
  return `${encodeName(collectionName)}${collectionSuffix}`;
}
