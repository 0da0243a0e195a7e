import type { Document } from 'bson';
import { CollectionFiles } from './collection-files';
import { lockDataDirectory } from './data-directory-lock';
import type { DataDirectoryLock } from './data-directory-lock';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { MongoCommandError } from './mongo-command-error';
import { StoredCollection } from './stored-collection';

interface PersistQueue {
  running: Promise<void> | undefined;
  next: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;
}

export interface StorageEngineOptions {
  /** Where collection files live; without it everything stays in memory. */
  dataDir?: string;
  logger: EmbeddedMongoLogger;
}

/**
 * All databases and collections, and the bridge to disk. Commands change memory
 * synchronously (so two clients never interleave inside one command), then await
 * `persist`, which writes each changed collection file. Writes to one collection run one at
 * a time, and requests arriving during a write share the next one, so a burst of small
 * writes costs a few file rewrites rather than one each.
 */
export class StorageEngine {
  private readonly databases = new Map<string, Map<string, StoredCollection>>();
  private readonly queues = new Map<string, PersistQueue>();
  private readonly files: CollectionFiles | undefined;
  private readonly lock: DataDirectoryLock | undefined;
  private readonly logger: EmbeddedMongoLogger;

  private constructor(files: CollectionFiles | undefined, lock: DataDirectoryLock | undefined, logger: EmbeddedMongoLogger) {
    this.files = files;
    this.lock = lock;
    this.logger = logger;
  }

  static async open(options: StorageEngineOptions): Promise<StorageEngine> {
    if (!options.dataDir) return new StorageEngine(undefined, undefined, options.logger);
    const lock = await lockDataDirectory(options.dataDir);
    try {
      const files = new CollectionFiles(options.dataDir);
      const engine = new StorageEngine(files, lock, options.logger);
      for (const collection of await files.loadAll()) engine.attach(collection);
      return engine;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** Waits for pending writes, then lets another server open the data directory. */
  async close(): Promise<void> {
    await this.flush();
    await this.lock?.release();
  }

  databaseNames(): string[] {
    return Array.from(this.databases.keys());
  }

  collectionsOf(db: string): StoredCollection[] {
    return Array.from(this.databases.get(db)?.values() ?? []);
  }

  collection(db: string, name: string): StoredCollection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** Writes create their collection on first use, as in MongoDB. */
  collectionForWrite(db: string, name: string): { collection: StoredCollection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { collection: existing, created: false };
    return { collection: this.attach(new StoredCollection(db, name)), created: true };
  }

  createCollection(db: string, name: string, options: Document): StoredCollection {
    if (this.collection(db, name)) {
      throw new MongoCommandError(48, `Collection ${db}.${name} already exists.`);
    }
    return this.attach(new StoredCollection(db, name, { options }));
  }

  dropCollection(db: string, name: string): StoredCollection | undefined {
    const collections = this.databases.get(db);
    const collection = collections?.get(name);
    if (!collections || !collection) return undefined;
    collections.delete(name);
    if (collections.size === 0) this.databases.delete(db);
    return collection;
  }

  renameCollection(from: StoredCollection, toDb: string, toName: string): StoredCollection {
    this.dropCollection(from.db, from.name);
    return this.attach(
      new StoredCollection(toDb, toName, {
        options: from.options,
        indexes: from.indexes.map((index) => index.spec),
        uuid: from.uuid,
        documents: from.all(),
      }),
    );
  }

  /** Puts a fully built collection in place of any collection with its name. */
  install(collection: StoredCollection): StoredCollection {
    return this.attach(collection);
  }

  /** Resolves once the collection's current state (or its absence) is on disk. */
  persist(db: string, name: string): Promise<void> {
    const files = this.files;
    if (!files) return Promise.resolve();
    const key = `${db}\u0000${name}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { running: undefined, next: undefined };
      this.queues.set(key, queue);
    }
    if (!queue.next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      queue.next = { promise, resolve, reject };
    }
    const waiting = queue.next.promise;
    if (!queue.running) this.startWrite(key, queue, files, db, name);
    return waiting;
  }

  /** Waits until every requested write has reached the disk. */
  async flush(): Promise<void> {
    for (;;) {
      const pending = Array.from(this.queues.values()).flatMap((queue) =>
        [queue.running, queue.next?.promise].filter((promise): promise is Promise<void> => promise !== undefined),
      );
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  private startWrite(key: string, queue: PersistQueue, files: CollectionFiles, db: string, name: string): void {
    const batch = queue.next!;
    queue.next = undefined;
    const collection = this.collection(db, name);
    const write = collection ? files.write(collection) : files.remove(db, name);
    queue.running = write.then(
      () => batch.resolve(),
      (error: unknown) => {
        this.logger.error(
          { db, collection: name, err: { message: (error as Error).message } },
          'embedded MongoDB could not persist a collection',
        );
        batch.reject(new MongoCommandError(1, 'failed to persist the write to disk'));
      },
    );
    void queue.running.then(() => {
      queue.running = undefined;
      if (queue.next) this.startWrite(key, queue, files, db, name);
      else this.queues.delete(key);
    });
  }

  private attach(collection: StoredCollection): StoredCollection {
    let collections = this.databases.get(collection.db);
    if (!collections) {
      collections = new Map();
      this.databases.set(collection.db, collections);
    }
    collections.set(collection.name, collection);
    return collection;
  }
}
