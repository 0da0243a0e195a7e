import { EJSON } from 'bson';
import type { Document, ObjectId } from 'bson';
import { compileFilter } from './document-query';
import { MongoCommandError } from './mongo-command-error';
import { pathValues } from './path-values';
import { valueKey } from './value-key';

interface IndexEntry {
  key: string;
  values: unknown[];
}

/**
 * One index of a collection. Only unique indexes keep entries, because queries scan the
 * collection anyway; the others exist so listIndexes and index management behave normally.
 */
export class CollectionIndex {
  readonly spec: Document;
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  private readonly namespace: string;
  private readonly sparse: boolean;
  private readonly partialFilter: ((document: Document) => boolean) | undefined;
  /** index key -> id key of the document holding it */
  private readonly entries = new Map<string, string>();

  constructor(spec: Document, namespace: string) {
    this.spec = spec;
    this.name = String(spec.name);
    this.fields = Object.keys(spec.key as Document);
    this.namespace = namespace;
    // _id uniqueness is kept by the collection's primary map, not by entries here.
    this.unique = spec.unique === true && this.name !== '_id_';
    this.sparse = spec.sparse === true;
    this.partialFilter = spec.partialFilterExpression
      ? compileFilter(spec.partialFilterExpression as Document)
      : undefined;
  }

  get isIdIndex(): boolean {
    return this.name === '_id_';
  }

  /** Throws the duplicate key error the document would cause, without changing anything. */
  assertInsertable(document: Document, idKey: string): void {
    if (!this.unique) return;
    for (const entry of this.entriesOf(document)) {
      const owner = this.entries.get(entry.key);
      if (owner !== undefined && owner !== idKey) throw this.duplicateKeyError(entry.values);
    }
  }

  add(document: Document, idKey: string): void {
    if (!this.unique) return;
    for (const entry of this.entriesOf(document)) this.entries.set(entry.key, idKey);
  }

  remove(document: Document, idKey: string): void {
    if (!this.unique) return;
    for (const entry of this.entriesOf(document)) {
      if (this.entries.get(entry.key) === idKey) this.entries.delete(entry.key);
    }
  }

  /** Indexes existing documents, failing like createIndexes does when they hold duplicates. */
  build(documents: Iterable<[string, Document]>): void {
    for (const [idKey, document] of documents) {
      this.assertInsertable(document, idKey);
      this.add(document, idKey);
    }
  }

  duplicateKeyError(values: unknown[]): MongoCommandError {
    const keyValue: Document = {};
    this.fields.forEach((field, position) => {
      keyValue[field] = values[position] ?? null;
    });
    const shown = this.fields.map((field, position) => `${field}: ${renderKeyValue(values[position])}`).join(', ');
    return new MongoCommandError(
      11000,
      `E11000 duplicate key error collection: ${this.namespace} index: ${this.name} dup key: { ${shown} }`,
      { keyPattern: this.spec.key, keyValue },
    );
  }

  private entriesOf(document: Document): IndexEntry[] {
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
    return combinations.map((values) => ({ key: values.map(valueKey).join('|'), values }));
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
