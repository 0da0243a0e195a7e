import { serialize } from 'bson';
import type { Binary, Document } from 'bson';
import { IndexDefinition, idIndexSpec, sameIndexOptions } from './index-definition';
import type { IndexEntry } from './index-definition';
import { encodeKeyPart } from './index-key';
import { MongoCommandError } from './mongo-command-error';
import { planQuery } from './query-plan';
import { decodeDocument as decode } from './deserialize-options';
import type { StoreStatements } from './store-statements';

export interface CollectionInfo {
  id: number;
  db: string;
  name: string;
  uuid: Binary;
  options: Document;
}

interface StoredIndex {
  id: number;
  definition: IndexDefinition;
}

interface DocumentRow {
  rid: number;
  doc: Uint8Array;
}

const SQLITE_CONSTRAINT = 19;

/**
 * One collection in SQLite: table em_c<id> holds the documents (rid gives natural order, id_key
 * is the encoded _id and unique), and each other index is table em_i<id> of (key, rid) whose
 * primary key is the key alone for a unique index, so SQLite refuses a duplicate. Every change
 * to a document and its index entries runs in a savepoint, so a refused document leaves nothing.
 * Callers run inside one of the store's transactions.
 */
export class SqliteCollection {
  readonly id: number;
  readonly db: string;
  readonly name: string;
  readonly uuid: Binary;
  readonly options: Document;
  private readonly store: StoreStatements;
  private readonly table: string;
  private readonly stored: StoredIndex[] = [];

  constructor(store: StoreStatements, info: CollectionInfo, indexes: { id: number; spec: Document }[]) {
    this.store = store;
    this.id = info.id;
    this.db = info.db;
    this.name = info.name;
    this.uuid = info.uuid;
    this.options = info.options;
    this.table = SqliteCollection.tableName(info.id);
    for (const index of indexes) this.stored.push({ id: index.id, definition: new IndexDefinition(index.spec, this.namespace) });
  }

  static tableName(collectionId: number): string {
    return `em_c${collectionId}`;
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  get indexes(): IndexDefinition[] {
    return this.stored.map((index) => index.definition);
  }

  get size(): number {
    const row = this.store.statement(`SELECT count(*) AS n FROM ${this.table}`).get() as { n: number };
    return Number(row.n);
  }

  /** Every document, in natural (insertion) order. */
  all(): Document[] {
    return this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`).map((row) => decode(row.doc));
  }

  /**
   * The documents a filter can match, in natural order: those an index range finds when the
   * filter pins one (see planQuery), else all of them. The caller applies the whole filter.
   */
  candidates(filter: Document | undefined): Document[] {
    const plan = planQuery(filter, this.indexes);
    if (!plan) return this.all();
    const found = new Map<number, Uint8Array>();
    const indexTable = plan.index.isIdIndex ? undefined : this.indexTable(plan.index);
    const sql = indexTable
      ? `SELECT c.rid AS rid, c.doc AS doc FROM ${indexTable} AS i JOIN ${this.table} AS c ON c.rid = i.rid WHERE i.key >= ? AND i.key < ?`
      : `SELECT rid, doc FROM ${this.table} WHERE id_key >= ? AND id_key < ?`;
    for (const range of plan.ranges) {
      for (const row of this.rows(sql, range.lower, range.upper)) found.set(row.rid, row.doc);
    }
    return [...found.entries()].sort(([a], [b]) => a - b).map(([, doc]) => decode(doc));
  }

  insert(document: Document): void {
    const id = document._id;
    if (id === undefined) throw new MongoCommandError(2, 'document is missing _id');
    if (Array.isArray(id)) throw new MongoCommandError(2, "can't use an array for _id");
    if (id instanceof RegExp) throw new MongoCommandError(2, "can't use a regex for _id");
    this.store.savepoint(() => {
      let rid: number;
      try {
        rid = Number(this.store.run(`INSERT INTO ${this.table} (id_key, doc) VALUES (?, ?)`, encodeKeyPart(id), serialize(document)).lastInsertRowid);
      } catch (error) {
        if (isConstraintFailure(error)) throw this.idIndex.duplicateKeyError([id]);
        throw error;
      }
      for (const index of this.secondary()) this.addEntries(index, rid, index.definition.entriesOf(document));
    });
  }

  /** Swaps a stored document for its updated version; the _id must not change. */
  replace(previous: Document, next: Document): void {
    const idKey = encodeKeyPart(previous._id);
    if (!encodeKeyPart(next._id).equals(idKey)) {
      throw new MongoCommandError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    this.store.savepoint(() => {
      const rid = this.ridOf(idKey);
      for (const index of this.secondary()) {
        const before = index.definition.entriesOf(previous);
        const after = index.definition.entriesOf(next);
        const kept = new Set(after.map((entry) => entry.key.toString('hex')));
        const had = new Set(before.map((entry) => entry.key.toString('hex')));
        this.removeEntries(
          index,
          rid,
          before.filter((entry) => !kept.has(entry.key.toString('hex'))),
        );
        this.addEntries(
          index,
          rid,
          after.filter((entry) => !had.has(entry.key.toString('hex'))),
        );
      }
      this.store.run(`UPDATE ${this.table} SET doc = ? WHERE rid = ?`, serialize(next), rid);
    });
  }

  remove(document: Document): void {
    this.store.savepoint(() => {
      const rid = this.ridOf(encodeKeyPart(document._id));
      for (const index of this.secondary()) this.removeEntries(index, rid, index.definition.entriesOf(document));
      this.store.run(`DELETE FROM ${this.table} WHERE rid = ?`, rid);
    });
  }

  /** Returns false when an identical index already exists. */
  createIndex(spec: Document): boolean {
    const key = spec.key as Document;
    const keySignature = JSON.stringify(key);
    const sameName = this.indexes.find((index) => index.name === spec.name);
    const sameKey = this.indexes.find((index) => JSON.stringify(index.spec.key) === keySignature);
    if (sameName) {
      if (JSON.stringify(sameName.spec.key) !== keySignature) {
        throw new MongoCommandError(
          86,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      if (!sameIndexOptions(sameName.spec, spec)) {
        throw new MongoCommandError(
          85,
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      return false;
    }
    if (sameKey && sameIndexOptions(sameKey.spec, spec)) {
      throw new MongoCommandError(85, `Index already exists with a different name: ${sameKey.name}`);
    }
    this.store.savepoint(() => {
      const index = this.addIndexRow(spec);
      const primaryKey = index.definition.unique ? 'key' : 'key, rid';
      this.store.exec(`CREATE TABLE ${this.indexTable(index.definition)} (key BLOB NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (${primaryKey})) WITHOUT ROWID`);
      for (const row of this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`)) {
        this.addEntries(index, row.rid, index.definition.entriesOf(decode(row.doc)));
      }
    });
    return true;
  }

  /** Records an index of this collection (the _id index has no table of its own). */
  addIndexRow(spec: Document): StoredIndex {
    const { lastInsertRowid } = this.store.run('INSERT INTO em_indexes (collection_id, name, spec) VALUES (?, ?, ?)', this.id, String(spec.name), serialize(spec));
    this.store.markSchemaChanged();
    const index = { id: Number(lastInsertRowid), definition: new IndexDefinition(spec, this.namespace) };
    this.stored.push(index);
    return index;
  }

  dropIndex(name: string): void {
    if (name === '_id_') throw new MongoCommandError(72, 'cannot drop _id index');
    const position = this.stored.findIndex((index) => index.definition.name === name);
    if (position < 0) throw new MongoCommandError(27, `index not found with name [${name}]`);
    const index = this.stored[position]!;
    this.store.exec(`DROP TABLE ${this.indexTable(index.definition)}`);
    this.store.run('DELETE FROM em_indexes WHERE id = ?', index.id);
    this.stored.splice(position, 1);
    this.store.markSchemaChanged();
  }

  /** Drops the documents' and indexes' tables (the store forgets the collection itself). */
  dropTables(): void {
    for (const index of this.secondary()) this.store.exec(`DROP TABLE ${this.indexTable(index.definition)}`);
    this.store.exec(`DROP TABLE ${this.table}`);
  }

  private get idIndex(): IndexDefinition {
    return this.indexes.find((index) => index.isIdIndex) ?? new IndexDefinition(idIndexSpec, this.namespace);
  }

  private secondary(): StoredIndex[] {
    return this.stored.filter((index) => !index.definition.isIdIndex);
  }

  private indexTable(definition: IndexDefinition): string {
    const index = this.stored.find((candidate) => candidate.definition === definition);
    return `em_i${index!.id}`;
  }

  private ridOf(idKey: Buffer): number {
    const row = this.store.statement(`SELECT rid FROM ${this.table} WHERE id_key = ?`).get(idKey) as { rid: number } | undefined;
    if (!row) throw new MongoCommandError(1, `the document to change is no longer in ${this.namespace}`);
    return row.rid;
  }

  private addEntries(index: StoredIndex, rid: number, entries: IndexEntry[]): void {
    const sql = `INSERT INTO ${this.indexTable(index.definition)} (key, rid) VALUES (?, ?)`;
    for (const entry of entries) {
      try {
        this.store.run(sql, entry.key, rid);
      } catch (error) {
        if (isConstraintFailure(error)) throw index.definition.duplicateKeyError(entry.values);
        throw error;
      }
    }
  }

  private removeEntries(index: StoredIndex, rid: number, entries: IndexEntry[]): void {
    const sql = `DELETE FROM ${this.indexTable(index.definition)} WHERE key = ? AND rid = ?`;
    for (const entry of entries) this.store.run(sql, entry.key, rid);
  }

  private rows(sql: string, ...parameters: Buffer[]): DocumentRow[] {
    return this.store.statement(sql).all(...parameters) as unknown as DocumentRow[];
  }
}

function isConstraintFailure(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && (code & 0xff) === SQLITE_CONSTRAINT;
}
