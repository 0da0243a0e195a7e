import type { Document } from 'bson';
import { MongoCommandError } from './mongo-command-error';

/**
 * Stages mongod refuses inside a $facet's pipelines (code 40600): those that must come first or
 * last, write, or read something other than the documents the $facet is given.
 */
const NOT_IN_FACET = new Set([
  '$facet',
  '$out',
  '$merge',
  '$geoNear',
  '$indexStats',
  '$collStats',
  '$changeStream',
  '$changeStreamSplitLargeEvent',
  '$currentOp',
  '$listLocalSessions',
  '$listSessions',
  '$planCacheStats',
  '$documents',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$listSearchIndexes',
]);

/**
 * A $facet stage's pipelines by name, in order, checked as mongod checks them before it runs any
 * (document_source_facet.cpp, with its codes and messages): a non-empty object (40169) of field
 * names, each an array (40170) of stage documents (40171), none of a stage refused inside a $facet
 * (40600).
 */
export function facetPipelines(spec: unknown): Array<[string, Document[]]> {
  if (!isPlainDocument(spec) || Object.keys(spec).length === 0) {
    throw new MongoCommandError(40169, `the $facet specification must be a non-empty object, but found: $facet: ${JSON.stringify(spec)}`);
  }
  return Object.entries(spec).map(([name, pipeline]) => {
    checkFieldName(name);
    if (!Array.isArray(pipeline)) throw new MongoCommandError(40170, `arguments to $facet must be arrays, ${name} is type ${bsonTypeName(pipeline)}`);
    for (const stage of pipeline as unknown[]) {
      if (!isPlainDocument(stage)) {
        throw new MongoCommandError(
          40171,
          `elements of arrays in $facet spec must be non-empty objects, ${name} argument contained an element of type ${bsonTypeName(stage)}: ${JSON.stringify(stage)}`,
        );
      }
      const stageName = Object.keys(stage)[0];
      if (stageName !== undefined && NOT_IN_FACET.has(stageName)) throw new MongoCommandError(40600, `${stageName} is not allowed to be used within a $facet stage`);
    }
    return [name, pipeline as Document[]];
  });
}

/** A $facet's output field name, as mongod's FieldPath checks it. */
function checkFieldName(name: string): void {
  if (name === '') throw new MongoCommandError(15998, 'FieldPath field names may not be empty strings.');
  if (name.startsWith('$')) throw new MongoCommandError(16410, "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
  if (name.includes('\u0000')) throw new MongoCommandError(16411, 'FieldPath field names may not contain embedded nulls.');
  if (name.includes('.')) throw new MongoCommandError(16412, "FieldPath field names may not contain '.'. Consider using $getField or $setField.");
}

function isPlainDocument(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { _bsontype?: unknown })._bsontype !== 'string';
}

// The driver's BSON classes by mongod's names for their types.
const BSON_TYPE_NAMES: Record<string, string> = {
  ObjectId: 'objectId',
  Long: 'long',
  Int32: 'int',
  Double: 'double',
  Decimal128: 'decimal',
  Binary: 'binData',
  Timestamp: 'timestamp',
  BSONRegExp: 'regex',
  BSONSymbol: 'symbol',
  Code: 'javascript',
  MinKey: 'minKey',
  MaxKey: 'maxKey',
  DBRef: 'object',
};

/** A value's type as mongod's typeName writes it. */
function bsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  if (typeof value === 'object') return BSON_TYPE_NAMES[String((value as { _bsontype?: unknown })._bsontype)] ?? 'object';
  return typeof value;
}
