import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { serialize, UUID } from 'bson';
import type { Binary, Document } from 'bson';
import { writeBackup } from './backup-file';
import { decodeDocument as decode } from './deserialize-options';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { idIndexSpec } from './index-definition';
import { claimInUseMarker, type InUseMarker } from './in-use-markers';
import { importLegacyCollectionFiles, setAsideLegacyFolders } from './legacy-collection-files';
import { checkNothingWasLost, type StartEmptyChoice } from './lost-database';
import { MongoCommandError } from './mongo-command-error';
import { SqliteCollection } from './sqlite-collection';
import { CREATED_MARKER, STORE_FILE_NAME } from './store-folder';
import { StoreOpenError } from './store-open-error';
import type { StoreStatements } from './store-statements';

// How long a write waits for another process's transaction (an import, a backup) to finish.
const BUSY_TIMEOUT_MS = 10_000;
// How long the checkpoint at close waits for another process's readers.
const CLOSE_CHECKPOINT_WAIT_MS = 500;

export interface SqliteStoreOptions extends StartEmptyChoice {
  /** The folder for the database file; without it everything stays in memory. */
  dataDir?: string;
  logger: EmbeddedMongoLogger;
}

interface CollectionRow {
  id: number;
  db: string;
  name: string;
  uuid: Uint8Array;
  options: Uint8Array;
}

interface IndexRow {
  id: number;
  collection_id: number;
  spec: Uint8Array;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS em_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
  INSERT OR IGNORE INTO em_meta (key, value) VALUES ('format', 1), ('schema_version', 0);
  CREATE TABLE IF NOT EXISTS em_collections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    db TEXT NOT NULL,
    name TEXT NOT NULL,
    uuid BLOB NOT NULL,
    options BLOB NOT NULL,
    UNIQUE (db, name)
  );
  CREATE TABLE IF NOT EXISTS em_indexes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    collection_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    spec BLOB NOT NULL,
    UNIQUE (collection_id, name)
  );
`;

/**
 * Every database and collection of the embedded server, kept in one SQLite database in the
 * design of FerretDB's SQLite backend: a table per collection with a document (BSON) per row, a
 * table per index whose primary key is the index key (so SQLite itself refuses a duplicate in a
 * unique index), WAL mode, and a transaction per command, committed with a full sync before the
 * client gets its answer. Several processes may open the same file (the site and an import):
 * SQLite's own locking orders their writes, and each command first checks whether another process
 * changed the collections or indexes since this one last looked.
 */
export class SqliteStore implements StoreStatements {
  readonly file: string | undefined;
  private readonly db: DatabaseSync;
  private readonly logger: EmbeddedMongoLogger;
  private readonly statements = new Map<string, StatementSync>();
  private databases = new Map<string, Map<string, SqliteCollection>>();
  private schemaVersion = -1;
  private schemaChanged = false;
  private inTransaction = false;
  private reading = false;
  private savepointDepth = 0;
  private inUse: InUseMarker | undefined;
  /** Set by a write the full disk refused, cleared by the first write that commits after it. */
  private diskFull = false;

  private constructor(db: DatabaseSync, file: string | undefined, logger: EmbeddedMongoLogger) {
    this.db = db;
    this.file = file;
    this.logger = logger;
  }

  static open(options: SqliteStoreOptions): SqliteStore {
    if (!options.dataDir) {
      const store = new SqliteStore(new DatabaseSync(':memory:'), undefined, options.logger);
      store.db.exec(SCHEMA);
      return store;
    }
    const dataDir = path.resolve(options.dataDir);
    refuseForeignFolder(dataDir);
    checkNothingWasLost(dataDir, options, options.logger);
    const file = path.join(dataDir, STORE_FILE_NAME);
    let db: DatabaseSync;
    let existed: boolean;
    try {
      makePrivateFolder(dataDir);
      existed = (statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0;
      // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the same mode.
      closeSync(openSync(file, 'a', 0o600));
      chmodSync(file, 0o600);
      db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    } catch (error) {
      throw openFailure(file, error);
    }
    const store = new SqliteStore(db, file, options.logger);
    try {
      if (existed) store.checkIntegrity();
      retryWhileBusy(() => db.exec('PRAGMA journal_mode = WAL'));
      // Claimed once the -wal is there (opening a database in WAL mode makes it) and before the first write.
      store.inUse = claimInUseMarker(dataDir);
      db.exec('PRAGMA synchronous = FULL');
      db.exec(`BEGIN IMMEDIATE; ${SCHEMA} COMMIT;`);
      noteCreated(dataDir, options.logger);
      const { migrated, upgraded } = store.write(() => ({ migrated: importLegacyCollectionFiles(dataDir, store), upgraded: store.upgradeTextIndexes() }));
      if (migrated) {
        setAsideLegacyFolders(dataDir, migrated.folders);
        options.logger.info({ dataDir, collections: migrated.collections, documents: migrated.documents }, 'embedded MongoDB moved the old collection files into SQLite');
      }
      if (upgraded.length > 0) options.logger.info({ dataDir, collections: upgraded }, "embedded MongoDB rebuilt its text indexes' phrase tables");
    } catch (error) {
      db.close();
      store.releaseInUseMarker(false);
      throw openFailure(file, error);
    }
    return store;
  }

  /** PRAGMA quick_check: a damaged file is refused at start rather than served from. */
  private checkIntegrity(): void {
    let problems: string[];
    try {
      problems = (this.db.prepare('PRAGMA quick_check(5)').all() as { quick_check: string }[]).map((row) => row.quick_check);
    } catch (error) {
      // Only SQLite's word that the file is damaged counts as damage; a disk that cannot give the
      // check its shared memory (a full one) is told apart by openFailure.
      throw isCorruption(error) ? damaged(this.file!, error) : error;
    }
    if (problems.length !== 1 || problems[0] !== 'ok') throw damaged(this.file!, new Error(problems.join('; ')));
  }

  close(): void {
    if (!this.db.isOpen) return;
    this.statements.clear();
    let folded = false;
    if (this.file) {
      try {
        // Folds the write-ahead log into the database file, so a copy of the file alone is complete.
        // Another process's reader makes it wait: not long, as a stop has seconds, and a log left
        // busy is safe (releaseInUseMarker).
        this.db.exec(`PRAGMA busy_timeout = ${CLOSE_CHECKPOINT_WAIT_MS}`);
        folded = (this.db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number }).busy === 0;
      } catch (error) {
        this.logger.warn({ err: { message: (error as Error).message } }, 'embedded MongoDB could not checkpoint its log at close');
      }
    }
    this.db.close();
    this.releaseInUseMarker(folded);
  }

  /**
   * This store's in-use marker goes once the -wal is in safe keeping: folded into the file, gone
   * with the last connection, or held by another store that runs (whose own marker guards it; a
   * checkpoint at close finds the log busy while others read). With the log folded in, the markers
   * of processes that died go too: their writes are in the file now. Otherwise the marker stays
   * and guards the -wal.
   */
  private releaseInUseMarker(folded: boolean): void {
    if (!this.inUse || !this.file) return;
    if (folded || !existsSync(`${this.file}-wal`) || this.inUse.othersHoldIt()) this.inUse.release({ deadToo: folded });
    this.inUse = undefined;
  }

  /**
   * A consistent copy of the whole store while it is in use (SQLite's online backup), checked and
   * private, in place only once whole (backup-file.ts). Through this connection, the writes it
   * makes meanwhile go into the copy too, rather than start it over.
   */
  backupTo(target: string): Promise<{ file: string; bytes: number }> {
    return writeBackup(this.db, target);
  }

  /** Runs a command that only reads, on one consistent snapshot. */
  read<T>(work: () => T): T {
    return this.transaction('BEGIN', work);
  }

  get readOnly(): boolean {
    return this.reading;
  }

  /** Runs a command that writes: all of it or none of it reaches the disk before the reply. */
  write<T>(work: () => T): T {
    return this.transaction('BEGIN IMMEDIATE', work);
  }

  /** Runs part of a command (one document, one statement of a batch) so that it fails alone. */
  savepoint<T>(work: () => T): T {
    this.savepointDepth += 1;
    const name = `sp${this.savepointDepth}`;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = work();
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.db.exec(`ROLLBACK TO ${name}`);
      this.db.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      this.savepointDepth -= 1;
    }
  }

  /**
   * Why a write cannot reach the disk now, or undefined when it can: for a readiness check, which
   * must see a full disk (and its end) even when nobody writes. While the disk is full, or nearly,
   * it tries a small write of its own; otherwise it costs one statfs.
   */
  whyNotWritable(): string | undefined {
    if (!this.file) return undefined;
    const free = freeBytes(path.dirname(this.file));
    if (!this.diskFull && (free === undefined || free >= LOW_SPACE_BYTES)) return undefined;
    // A readiness check must not wait on another process's long transaction.
    this.db.exec('PRAGMA busy_timeout = 200');
    try {
      this.write(() => this.run("INSERT INTO em_meta (key, value) VALUES ('write_checked_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", Date.now()));
    } catch {
      // A full disk was noted by the failed write itself; a busy lock says nothing either way.
    } finally {
      this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    return this.diskFull ? 'the disk holding the database is full' : undefined;
  }

  private transaction<T>(begin: string, work: () => T): T {
    if (this.inTransaction) return work();
    // While the disk is full, a write that commits changed rows shows it has room again.
    const changesBefore = this.diskFull && begin !== 'BEGIN' ? this.totalChanges() : undefined;
    try {
      this.db.exec(begin);
    } catch (error) {
      throw this.storageFailure(error);
    }
    this.inTransaction = true;
    this.reading = begin === 'BEGIN';
    try {
      this.refreshSchema();
      const result = work();
      this.db.exec('COMMIT');
      if (changesBefore !== undefined && this.totalChanges() > changesBefore) this.noteWritableAgain();
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw this.storageFailure(error);
    } finally {
      this.inTransaction = false;
      this.reading = false;
      // Memory follows the disk: collections and indexes are read again after any change to them.
      if (this.schemaChanged) {
        this.schemaChanged = false;
        this.schemaVersion = -1;
      }
    }
  }

  private totalChanges(): number {
    return Number((this.statement('SELECT total_changes() AS n').get() as { n: number | bigint }).n);
  }

  /** SQLite's failure as a driver's error; a full disk is also logged, once per episode, naming the cause. */
  private storageFailure(error: unknown): unknown {
    if (sqliteCode(error) === SQLITE_FULL && !this.diskFull) {
      this.diskFull = true;
      const dataDir = path.dirname(this.file ?? '.');
      const free = freeBytes(dataDir);
      this.logger.error(
        { dataDir, freeKB: free === undefined ? undefined : Math.floor(free / 1024) },
        `the disk holding the embedded database is full (${dataDir}): every write is refused (OutOfDiskSpace) until space is freed on it; what is stored is safe`,
      );
    }
    return storageFailure(error);
  }

  private noteWritableAgain(): void {
    this.diskFull = false;
    this.logger.info({ dataDir: path.dirname(this.file ?? '.') }, 'the embedded database can write again: its disk has room');
  }

  /** A prepared statement, kept for reuse. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run(sql: string, ...parameters: SQLInputValue[]): { lastInsertRowid: number | bigint } {
    return this.statement(sql).run(...parameters);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Called inside a write that changes collections or indexes: other processes reload theirs. */
  markSchemaChanged(): void {
    if (!this.schemaChanged) this.run("UPDATE em_meta SET value = value + 1 WHERE key = 'schema_version'");
    this.schemaChanged = true;
  }

  /** Brings every text index to this version's tables (SqliteCollection.upgradeTextIndexes); the collections that changed. */
  private upgradeTextIndexes(): string[] {
    const upgraded = [...this.databases.values()].flatMap((collections) => [...collections.values()]).filter((collection) => collection.upgradeTextIndexes());
    if (upgraded.length > 0) this.markSchemaChanged();
    return upgraded.map((collection) => collection.namespace);
  }

  databaseNames(): string[] {
    return Array.from(this.databases.keys());
  }

  collectionsOf(db: string): SqliteCollection[] {
    return Array.from(this.databases.get(db)?.values() ?? []);
  }

  collection(db: string, name: string): SqliteCollection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** Writes create their collection on first use, as in MongoDB. */
  collectionForWrite(db: string, name: string): { collection: SqliteCollection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { collection: existing, created: false };
    return { collection: this.createCollection(db, name, {}), created: true };
  }

  createCollection(db: string, name: string, options: Document, state: { uuid?: Binary; indexes?: Document[] } = {}): SqliteCollection {
    if (this.collection(db, name)) throw new MongoCommandError(48, `Collection ${db}.${name} already exists.`);
    const uuid = state.uuid ?? new UUID();
    const { lastInsertRowid } = this.run('INSERT INTO em_collections (db, name, uuid, options) VALUES (?, ?, ?, ?)', db, name, uuid.buffer, serialize(options));
    const id = Number(lastInsertRowid);
    this.exec(`CREATE TABLE ${SqliteCollection.tableName(id)} (rid INTEGER PRIMARY KEY, id_key BLOB NOT NULL UNIQUE, doc BLOB NOT NULL)`);
    this.markSchemaChanged();
    const collection = new SqliteCollection(this, { id, db, name, uuid, options }, []);
    collection.addIndexRow(idIndexSpec);
    this.attach(collection);
    for (const spec of state.indexes ?? []) {
      if (spec.name !== '_id_') collection.createIndex(spec);
    }
    return collection;
  }

  dropCollection(db: string, name: string): SqliteCollection | undefined {
    const collection = this.collection(db, name);
    if (!collection) return undefined;
    collection.dropTables();
    this.run('DELETE FROM em_indexes WHERE collection_id = ?', collection.id);
    this.run('DELETE FROM em_collections WHERE id = ?', collection.id);
    this.markSchemaChanged();
    const collections = this.databases.get(db)!;
    collections.delete(name);
    if (collections.size === 0) this.databases.delete(db);
    return collection;
  }

  renameCollection(collection: SqliteCollection, toDb: string, toName: string): void {
    this.run('UPDATE em_collections SET db = ?, name = ? WHERE id = ?', toDb, toName, collection.id);
    this.markSchemaChanged();
  }

  private refreshSchema(): void {
    const row = this.statement("SELECT value FROM em_meta WHERE key = 'schema_version'").get() as { value: number } | undefined;
    const version = Number(row?.value ?? 0);
    if (version === this.schemaVersion) return;
    this.statements.clear();
    const indexRows = this.statement('SELECT id, collection_id, spec FROM em_indexes ORDER BY id').all() as unknown as IndexRow[];
    const byCollection = new Map<number, IndexRow[]>();
    for (const indexRow of indexRows) {
      const list = byCollection.get(indexRow.collection_id) ?? [];
      list.push(indexRow);
      byCollection.set(indexRow.collection_id, list);
    }
    this.databases = new Map();
    for (const row of this.statement('SELECT id, db, name, uuid, options FROM em_collections ORDER BY id').all() as unknown as CollectionRow[]) {
      const collection = new SqliteCollection(
        this,
        { id: row.id, db: row.db, name: row.name, uuid: new UUID(Buffer.from(row.uuid)), options: decode(row.options) },
        (byCollection.get(row.id) ?? []).map((indexRow) => ({ id: indexRow.id, spec: decode(indexRow.spec) })),
      );
      this.attach(collection);
    }
    this.schemaVersion = version;
  }

  private attach(collection: SqliteCollection): void {
    let collections = this.databases.get(collection.db);
    if (!collections) {
      collections = new Map();
      this.databases.set(collection.db, collections);
    }
    collections.set(collection.name, collection);
  }
}

/**
 * The data folder holds personal data: when it is there it must belong to the user this process
 * runs as (its owner could move or delete the files whatever their modes say, even under a process
 * running as root). Checked before anything in it is read or written.
 */
function refuseForeignFolder(folder: string): void {
  const owner = statSync(folder, { throwIfNoEntry: false })?.uid;
  const self = process.getuid?.();
  if (owner === undefined || self === undefined || owner === self) return;
  throw new StoreOpenError(
    `The data folder ${folder} belongs to ${userName(owner)}, not to ${userName(self)} that this process runs as, so that user could move or delete the database; run as its owner, or give it to this user (chown -R ${self} ${folder}) if its files are this site's.`,
  );
}

/** Only the process owner may enter the data folder. */
function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
}

/** "nobody (uid 65534)", from /etc/passwd when it names the user. */
function userName(uid: number): string {
  let name: string | undefined;
  try {
    name = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[2] === String(uid))?.[0];
  } catch {
    // No user database to read: the uid alone.
  }
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}

/** Marks the folder as one that held a database (store-folder.ts), once; a marker not written now is written at the next start. */
function noteCreated(dataDir: string, logger: EmbeddedMongoLogger): void {
  const marker = path.join(dataDir, CREATED_MARKER);
  if (existsSync(marker)) return;
  const text = `${STORE_FILE_NAME} in this folder held data on ${new Date().toISOString()}. While this file is here, a start that finds the database missing or empty is refused instead of starting a new, empty one.\n`;
  try {
    writeFileSync(marker, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      logger.warn({ err: { message: (error as Error).message }, marker }, 'embedded MongoDB could not write its creation marker');
  }
}

/** Setting WAL mode needs a moment alone with the file; two processes starting together take turns. */
function retryWhileBusy(work: () => void): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      work();
      return;
    } catch (error) {
      if (sqliteCode(error) !== SQLITE_BUSY || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_NOTADB = 26;

function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

function isCorruption(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

const SQLITE_IOERR = 10;

// Below this much free space an I/O error at start is the disk being full: SQLite needs 32 KB of
// shared memory and room for its log before it can read or write anything.
const LOW_SPACE_BYTES = 1024 * 1024;

/** Free bytes for this user on the disk holding a folder; undefined when the system does not say. */
function freeBytes(folder: string): number | undefined {
  try {
    const disk = statfsSync(folder);
    return disk.bavail * disk.bsize;
  } catch {
    return undefined;
  }
}

/**
 * Why the store could not open, in words that lead to the right repair: a damaged file (restore
 * it), a full disk (free space, and touch nothing: the file is fine), or SQLite's own error.
 */
function openFailure(file: string, error: unknown): unknown {
  if (error instanceof StoreOpenError) return error;
  if (isCorruption(error)) return damaged(file, error);
  const free = freeBytes(path.dirname(file));
  const code = sqliteCode(error);
  const full = code === SQLITE_FULL || (error as NodeJS.ErrnoException).code === 'ENOSPC' || (code === SQLITE_IOERR && free !== undefined && free < LOW_SPACE_BYTES);
  if (!full) return error;
  return new StoreOpenError(
    `The disk holding the embedded database ${file} is full (${Math.floor((free ?? 0) / 1024)} KB free), so it cannot be opened; the database is not damaged and nothing was changed. Free space on that disk and start again; do not delete, move or restore the database or its -wal, which hold the data.`,
  );
}

function damaged(file: string, cause: unknown): StoreOpenError {
  return new StoreOpenError(
    `The embedded database ${file} is damaged (${(cause as Error).message}). The site will not serve from it: stop it, restore the file from a backup (npm run db:backup makes one) or move it aside to start empty.`,
  );
}

/** SQLite's failures as the MongoDB errors a driver understands; a full disk is OutOfDiskSpace. */
function storageFailure(error: unknown): unknown {
  switch (sqliteCode(error)) {
    case undefined:
      return error;
    case SQLITE_FULL:
      return new MongoCommandError(14031, 'OutOfDiskSpace: the disk holding the embedded database is full; nothing was written');
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return new MongoCommandError(262, 'the embedded database stayed locked by another process; nothing was written');
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return new MongoCommandError(1, `the embedded database is damaged: ${(error as Error).message}`);
    default:
      return new MongoCommandError(1, `the embedded database failed: ${(error as Error).message}`);
  }
}
