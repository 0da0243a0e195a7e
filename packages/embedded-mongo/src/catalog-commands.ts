import type { Document } from 'bson';
import { CommandArguments, commandOptions, validCollectionName } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import { compileFilter } from './document-query';
import { MongoCommandError } from './mongo-command-error';
import { idIndexSpec } from './index-definition';
import type { SqliteCollection } from './sqlite-collection';

// Options that would need server features this embedded server does not have.
const unsupportedCreateOptions = ['viewOn', 'timeseries', 'capped', 'clusteredIndex', 'encryptedFields'];

function create(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  const options = commandOptions(context.command);
  for (const option of unsupportedCreateOptions) {
    if (options[option]) throw new MongoCommandError(115, `${option} collections are not supported by the embedded server`);
  }
  context.storage.createCollection(context.db, name, options);
  return { ok: 1 };
}

function drop(context: CommandContext): Document {
  const name = new CommandArguments(context.command).collection();
  const dropped = context.storage.dropCollection(context.db, name);
  // Since MongoDB 7.0 dropping a missing collection succeeds.
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexes.length, ns: dropped.namespace, ok: 1 };
}

function dropDatabase(context: CommandContext): Document {
  const names = context.storage.collectionsOf(context.db).map((collection) => collection.name);
  for (const name of names) context.storage.dropCollection(context.db, name);
  return { dropped: context.db, ok: 1 };
}

function collectionInfo(collection: SqliteCollection): Document {
  return {
    name: collection.name,
    type: 'collection',
    options: collection.options,
    info: { readOnly: false, uuid: collection.uuid },
    idIndex: idIndexSpec,
  };
}

function listCollections(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const matches = compileFilter(args.document('filter'));
  const nameOnly = args.boolean('nameOnly');
  const collections = context.storage
    .collectionsOf(context.db)
    .map(collectionInfo)
    .filter(matches)
    .map((info) => (nameOnly ? { name: info.name, type: info.type } : info));
  const cursor = args.document('cursor');
  return context.cursors.open(`${context.db}.$cmd.listCollections`, collections, {
    batchSize: new CommandArguments(cursor ?? {}).integer('batchSize'),
  });
}

function renameCollection(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const from = splitNamespace(args.string('renameCollection'));
  const to = splitNamespace(args.string('to'));
  const source = context.storage.collection(from.db, from.name);
  if (!source) throw new MongoCommandError(26, 'Source collection does not exist');
  if (from.db === to.db && from.name === to.name) return { ok: 1 };
  if (context.storage.collection(to.db, to.name)) {
    if (!args.boolean('dropTarget')) throw new MongoCommandError(48, 'target namespace exists');
    context.storage.dropCollection(to.db, to.name);
  }
  context.storage.renameCollection(source, to.db, to.name);
  return { ok: 1 };
}

function splitNamespace(namespace: string | undefined): { db: string; name: string } {
  const dot = namespace?.indexOf('.') ?? -1;
  if (!namespace || dot <= 0) throw new MongoCommandError(73, `Invalid namespace specified '${namespace ?? ''}'`);
  return { db: namespace.slice(0, dot), name: validCollectionName(namespace.slice(dot + 1), 'renameCollection') };
}

export const catalogCommands: CommandTable = {
  create,
  drop,
  dropDatabase,
  listCollections,
  renameCollection,
};
