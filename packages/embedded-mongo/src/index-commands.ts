import type { Document } from 'bson';
import { CommandArguments } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import { MongoCommandError } from './mongo-command-error';
import type { SqliteCollection } from './sqlite-collection';

function existingCollection(context: CommandContext, name: string): SqliteCollection {
  const collection = context.storage.collection(context.db, name);
  if (!collection) throw new MongoCommandError(26, `ns does not exist: ${context.db}.${name}`);
  return collection;
}

function normalizedSpec(spec: Document): Document {
  const key = spec.key;
  if (key === null || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0) {
    throw new MongoCommandError(67, 'Index keys cannot be empty.');
  }
  if (typeof spec.name !== 'string' || spec.name.length === 0) {
    throw new MongoCommandError(9, "Error in specification: the 'name' field is a required property of an index specification");
  }
  // Field order as mongod lists it: v, key, name, then options.
  const { v: ignoredVersion, ns: ignoredNamespace, background: ignoredBackground, key: ignoredKey, name, ...options } = spec;
  const normalized: Document = { v: 2, key, name, ...options };
  if (normalized.unique !== true) delete normalized.unique;
  if (normalized.sparse !== true) delete normalized.sparse;
  return Object.values(key as Document).includes('text') ? textIndexSpec(normalized) : normalized;
}

/**
 * A text index as mongod records it: the key becomes { _fts: 'text', _ftsx: 1 } and the fields
 * move to `weights`, so listIndexes shows what a real server shows and creating it again is a no-op.
 */
function textIndexSpec(spec: Document): Document {
  const key = spec.key as Document;
  if ('_fts' in key) return spec;
  const fields = Object.keys(key);
  if (fields.some((field) => key[field] !== 'text')) {
    throw new MongoCommandError(67, 'the embedded server supports text indexes over text fields only (no other key fields)');
  }
  if (fields.includes('$**')) throw new MongoCommandError(67, 'the embedded server does not support wildcard text indexes');
  const weights: Document = { ...Object.fromEntries(fields.map((field) => [field, 1])), ...((spec.weights as Document | undefined) ?? {}) };
  const { v, key: ignoredKey, name, weights: ignoredWeights, default_language: language, language_override: override, ...options } = spec;
  return {
    v,
    key: { _fts: 'text', _ftsx: 1 },
    name,
    ...options,
    weights,
    default_language: language ?? 'english',
    language_override: override ?? 'language',
    textIndexVersion: 3,
  };
}

function createIndexes(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  const specs = args.documents('indexes').map(normalizedSpec);
  const { collection, created } = context.storage.collectionForWrite(context.db, name);
  const numIndexesBefore = collection.indexes.length;
  let added = 0;
  for (const spec of specs) {
    if (collection.createIndex(spec)) added += 1;
  }
  const reply: Document = {
    numIndexesBefore,
    numIndexesAfter: collection.indexes.length,
    createdCollectionAutomatically: created,
    ok: 1,
  };
  if (added === 0) reply.note = 'all indexes already exist';
  return reply;
}

function listIndexes(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  const collection = existingCollection(context, name);
  const cursor = args.document('cursor');
  return context.cursors.open(
    `${context.db}.${name}`,
    collection.indexes.map((index) => index.spec),
    { batchSize: new CommandArguments(cursor ?? {}).integer('batchSize') },
  );
}

function dropIndexes(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  const collection = existingCollection(context, name);
  const nIndexesWas = collection.indexes.length;
  const target = context.command.index;
  let names: string[];
  if (target === '*') {
    names = collection.indexes.filter((index) => !index.isIdIndex).map((index) => index.name);
  } else if (typeof target === 'string') {
    names = [target];
  } else if (Array.isArray(target) && target.every((entry) => typeof entry === 'string')) {
    names = target as string[];
  } else if (target !== null && typeof target === 'object') {
    const pattern = JSON.stringify(target);
    const match = collection.indexes.find((index) => JSON.stringify(index.spec.key) === pattern);
    if (!match) throw new MongoCommandError(27, `can't find index with key: ${pattern}`);
    names = [match.name];
  } else {
    throw new MongoCommandError(14, "BSON field 'index' must be a string, an array of strings or an index key pattern");
  }
  for (const indexName of names) {
    if (!collection.indexes.some((index) => index.name === indexName)) {
      throw new MongoCommandError(27, `index not found with name [${indexName}]`);
    }
    if (indexName === '_id_') throw new MongoCommandError(72, 'cannot drop _id index');
  }
  for (const indexName of names) collection.dropIndex(indexName);
  return { nIndexesWas, ok: 1 };
}

export const indexCommands: CommandTable = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
