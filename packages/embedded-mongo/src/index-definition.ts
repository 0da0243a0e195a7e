import { EJSON } from 'bson';
import type { Document, ObjectId } from 'bson';
import { compileFilter } from './document-query';
import { encodeKey } from './index-key';
import { MongoCommandError } from './mongo-command-error';
import { pathValues } from './path-values';

export const idIndexSpec: Document = { v: 2, key: { _id: 1 }, name: '_id_' };

export interface IndexEntry {
  key: Buffer;
  values: unknown[];
}

/**
 * What one index of a collection means: its fields and options, the keys a document gives it
 * (one per array element for a multikey index) and the duplicate key error mongod reports.
 * Entries live in SQLite (see sqlite-collection.ts), where a unique index is a primary key.
 */
export class IndexDefinition {
  readonly spec: Document;
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly partial: boolean;
  /**
   * For a partial index whose filter is `{ field: { $exists: true } }` alone (for one or more
   * fields), those fields: a query that pins each to a value can only match documents the index
   * holds. Undefined for any other partial filter, which no query plan uses.
   */
  readonly partialExistsFields: string[] | undefined;
  /** A text index: its entries are an FTS5 table of the string values of `textFields`, not keys. */
  readonly text: boolean;
  readonly textFields: string[];
  private readonly namespace: string;
  private readonly partialFilter: ((document: Document) => boolean) | undefined;

  constructor(spec: Document, namespace: string) {
    this.spec = spec;
    this.name = String(spec.name);
    this.text = Object.values(spec.key as Document).includes('text');
    this.textFields = this.text ? Object.keys((spec.weights as Document | undefined) ?? {}) : [];
    this.fields = this.text ? [] : Object.keys(spec.key as Document);
    this.namespace = namespace;
    this.unique = this.name === '_id_' || spec.unique === true;
    this.sparse = spec.sparse === true;
    this.partial = spec.partialFilterExpression !== undefined;
    this.partialFilter = this.partial ? compileFilter(spec.partialFilterExpression as Document) : undefined;
    this.partialExistsFields = this.partial ? existsFieldsOf(spec.partialFilterExpression as Document) : undefined;
  }

  get isIdIndex(): boolean {
    return this.name === '_id_';
  }

  /** The distinct keys a document adds to this index; none when a sparse or partial index skips it. */
  entriesOf(document: Document): IndexEntry[] {
    if (this.text) return [];
    if (this.partialFilter && !this.partialFilter(document)) return [];
    const perField = this.fields.map((field) => pathValues(document, field));
    if (this.sparse && perField.every((values) => values.length === 0)) return [];
    if (perField.filter((values) => values.length > 1).length > 1) {
      throw new MongoCommandError(171, `cannot index parallel arrays [${this.fields.join('] [')}]`);
    }
    let combinations: unknown[][] = [[]];
    for (const values of perField) {
      const choices = values.length === 0 ? [null] : values;
      combinations = combinations.flatMap((prefix) => choices.map((value) => [...prefix, value]));
    }
    const entries = new Map<string, IndexEntry>();
    for (const values of combinations) {
      const key = encodeKey(values);
      entries.set(key.toString('hex'), { key, values });
    }
    return [...entries.values()];
  }

  duplicateKeyError(values: unknown[]): MongoCommandError {
    const keyValue: Document = {};
    this.fields.forEach((field, position) => {
      keyValue[field] = values[position] ?? null;
    });
    const shown = this.fields.map((field, position) => `${field}: ${renderKeyValue(values[position])}`).join(', ');
    return new MongoCommandError(11000, `E11000 duplicate key error collection: ${this.namespace} index: ${this.name} dup key: { ${shown} }`, {
      keyPattern: this.spec.key,
      keyValue,
    });
  }
}

/** Formats a key value the way mongod prints it in E11000 messages. */
function renderKeyValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) return `[ ${value.map(renderKeyValue).join(', ')} ]`;
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (bsonType === 'ObjectId') return `ObjectId('${(value as ObjectId).toHexString()}')`;
  if (bsonType === 'Long' || bsonType === 'Int32' || bsonType === 'Double') return String(value);
  if (bsonType !== undefined) return EJSON.stringify(value as Document, { relaxed: false });
  const fields = Object.entries(value as Document).map(([field, fieldValue]) => `${field}: ${renderKeyValue(fieldValue)}`);
  return fields.length ? `{ ${fields.join(', ')} }` : '{}';
}

// Options that change what an index means; others (background, v) do not make it different.
const meaningfulIndexOptions = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds', 'collation', 'weights', 'default_language'];

export function sameIndexOptions(existing: Document, requested: Document): boolean {
  return meaningfulIndexOptions.every((option) => JSON.stringify(existing[option] ?? null) === JSON.stringify(requested[option] ?? null));
}

/** The fields of a partial filter made of `{ field: { $exists: true } }` conditions only, else undefined. */
function existsFieldsOf(filter: Document): string[] | undefined {
  const entries = Object.entries(filter);
  const existsOnly = entries.every(
    ([field, condition]) =>
      !field.startsWith('$') &&
      condition !== null &&
      typeof condition === 'object' &&
      Object.keys(condition as Document).length === 1 &&
      (condition as Document).$exists === true,
  );
  return entries.length > 0 && existsOnly ? entries.map(([field]) => field) : undefined;
}
