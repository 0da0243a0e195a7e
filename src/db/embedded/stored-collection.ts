import { UUID } from 'bson';
import type { Binary, Document } from 'bson';
import { CollectionIndex } from './collection-index';
import { MongoCommandError } from './mongo-command-error';
import { valueKey } from './value-key';

export const idIndexSpec: Document = { v: 2, key: { _id: 1 }, name: '_id_' };

export interface StoredCollectionState {
  options?: Document;
  indexes?: Document[];
  uuid?: Binary;
  documents?: Document[];
}

/**
 * A collection held in memory: documents in insertion (natural) order keyed by _id, plus its
 * indexes. Every change goes through insert/replace/remove so unique indexes never drift.
 * Stored documents are never edited in place; an update stores a new object, which lets
 * open cursors and the persistence snapshot keep the version they saw.
 */
export class StoredCollection {
  readonly db: string;
  readonly name: string;
  readonly uuid: Binary;
  readonly options: Document;
  readonly documents = new Map<string, Document>();
  private indexList: CollectionIndex[];

  constructor(db: string, name: string, state: StoredCollectionState = {}) {
    this.db = db;
    this.name = name;
    this.uuid = state.uuid ?? new UUID();
    this.options = state.options ?? {};
    const specs = state.indexes?.length ? state.indexes : [idIndexSpec];
    this.indexList = specs.map((spec) => new CollectionIndex(spec, this.namespace));
    for (const document of state.documents ?? []) this.insert(document);
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  get indexes(): readonly CollectionIndex[] {
    return this.indexList;
  }

  get size(): number {
    return this.documents.size;
  }

  all(): Document[] {
    return Array.from(this.documents.values());
  }

  /** The documents a filter can match: a direct lookup when it pins _id, else all of them. */
  candidates(filter: Document | undefined): Document[] {
    const ids = pinnedIds(filter?._id);
    if (!ids) return this.all();
    const found = new Set<Document>();
    for (const id of ids) {
      const document = this.documents.get(valueKey(id));
      if (document) found.add(document);
    }
    return [...found];
  }

  insert(document: Document): void {
    const id = document._id;
    if (id === undefined) throw new MongoCommandError(2, 'document is missing _id');
    if (Array.isArray(id)) throw new MongoCommandError(2, "can't use an array for _id");
    if (id instanceof RegExp) throw new MongoCommandError(2, "can't use a regex for _id");
    const idKey = valueKey(id);
    if (this.documents.has(idKey)) throw this.idIndex.duplicateKeyError([id]);
    for (const index of this.indexList) index.assertInsertable(document, idKey);
    for (const index of this.indexList) index.add(document, idKey);
    this.documents.set(idKey, document);
  }

  /** Swaps a stored document for its updated version; the _id must not change. */
  replace(previous: Document, next: Document): void {
    const idKey = valueKey(previous._id);
    if (valueKey(next._id) !== idKey) {
      throw new MongoCommandError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    for (const index of this.indexList) index.assertInsertable(next, idKey);
    for (const index of this.indexList) index.remove(previous, idKey);
    for (const index of this.indexList) index.add(next, idKey);
    this.documents.set(idKey, next);
  }

  remove(document: Document): void {
    const idKey = valueKey(document._id);
    for (const index of this.indexList) index.remove(document, idKey);
    this.documents.delete(idKey);
  }

  clear(): void {
    this.documents.clear();
    this.indexList = this.indexList.map((index) => new CollectionIndex(index.spec, this.namespace));
  }

  /** Returns false when an identical index already exists. */
  createIndex(spec: Document): boolean {
    const key = spec.key as Document;
    const keySignature = JSON.stringify(key);
    const sameName = this.indexList.find((index) => index.name === spec.name);
    const sameKey = this.indexList.find((index) => JSON.stringify(index.spec.key) === keySignature);
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
      throw new MongoCommandError(
        85,
        `Index already exists with a different name: ${sameKey.name}`,
      );
    }
    const index = new CollectionIndex(spec, this.namespace);
    index.build(this.documents.entries());
    this.indexList.push(index);
    return true;
  }

  dropIndex(name: string): void {
    if (name === '_id_') throw new MongoCommandError(72, 'cannot drop _id index');
    const position = this.indexList.findIndex((index) => index.name === name);
    if (position < 0) throw new MongoCommandError(27, `index not found with name [${name}]`);
    this.indexList.splice(position, 1);
  }

  private get idIndex(): CollectionIndex {
    return this.indexList.find((index) => index.isIdIndex) ?? new CollectionIndex(idIndexSpec, this.namespace);
  }
}

/** The _id values a filter condition can only match exactly, or undefined when it is a real query. */
function pinnedIds(condition: unknown): unknown[] | undefined {
  if (condition === undefined || condition instanceof RegExp || Array.isArray(condition)) return undefined;
  if (!isOperatorObject(condition)) return [condition];
  const operators = Object.keys(condition);
  if (operators.length !== 1) return undefined;
  if (operators[0] === '$eq' && !isOperatorObject(condition.$eq) && !(condition.$eq instanceof RegExp)) return [condition.$eq];
  if (operators[0] === '$in' && Array.isArray(condition.$in) && !condition.$in.some((id) => id instanceof RegExp || Array.isArray(id))) {
    return condition.$in as unknown[];
  }
  return undefined;
}

function isOperatorObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).some((field) => field.startsWith('$'));
}

// Options that change what an index means; others (background, v) do not make it different.
const meaningfulIndexOptions = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation'];

function sameIndexOptions(existing: Document, requested: Document): boolean {
  return meaningfulIndexOptions.every(
    (option) => JSON.stringify(existing[option] ?? null) === JSON.stringify(requested[option] ?? null),
  );
}
