import { Long } from 'bson';
import type { Document } from 'bson';
import { runPipeline } from './aggregation-pipeline';
import { CommandArguments, toInteger, validCollectionName } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import { queryDocuments } from './document-query';
import { MongoCommandError } from './mongo-command-error';
import { pathValues } from './path-values';
import { valueKey } from './value-key';
import { writeAggregationOutput } from './write-commands';

function find(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  if (args.boolean('tailable')) throw new MongoCommandError(115, 'tailable cursors are not supported');
  const filter = args.document('filter');
  const collection = context.storage.collection(context.db, name);
  let limit = args.integer('limit') ?? 0;
  let singleBatch = args.boolean('singleBatch');
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const results = collection
    ? queryDocuments(collection.candidates(filter), {
        filter,
        sort: args.document('sort'),
        skip: args.integer('skip') ?? 0,
        limit,
        projection: args.document('projection'),
        collation: args.document('collation'),
      })
    : [];
  return context.cursors.open(`${context.db}.${name}`, results, { batchSize: args.integer('batchSize'), singleBatch });
}

function getMore(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const id = toCursorId(context.command.getMore);
  if (!id) throw new MongoCommandError(14, "BSON field 'getMore' is the wrong type, expected type 'long'");
  // Not validated as a collection name: command cursors live in namespaces like db.$cmd.listCollections.
  const name = args.string('collection');
  if (!name) throw new MongoCommandError(40414, "BSON field 'getMore.collection' is missing but a required field");
  return context.cursors.getMore(id, `${context.db}.${name}`, args.integer('batchSize'));
}

function killCursors(context: CommandContext): Document {
  if (typeof context.command.killCursors !== 'string') {
    throw new MongoCommandError(73, "BSON field 'killCursors' must name the cursor's collection");
  }
  const ids = context.command.cursors;
  if (!Array.isArray(ids)) throw new MongoCommandError(14, "BSON field 'cursors' is the wrong type, expected type 'array'");
  return context.cursors.kill(ids.map(toCursorId).filter((id): id is Long => id !== undefined));
}

function toCursorId(value: unknown): Long | undefined {
  if (value instanceof Long) return value;
  if (typeof value === 'number' && Number.isInteger(value)) return Long.fromNumber(value);
  return undefined;
}

function count(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const query = args.document('query');
  const collection = context.storage.collection(context.db, args.collection());
  if (!collection) return { n: 0, ok: 1 };
  const limit = Math.abs(args.integer('limit') ?? 0);
  const skip = args.integer('skip') ?? 0;
  if (!query || Object.keys(query).length === 0) {
    const n = Math.max(0, collection.size - skip);
    return { n: limit ? Math.min(n, limit) : n, ok: 1 };
  }
  const matched = queryDocuments(collection.candidates(query), { filter: query, skip, limit, projection: { _id: 1 } });
  return { n: matched.length, ok: 1 };
}

function distinct(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const key = args.string('key');
  if (!key) throw new MongoCommandError(2, "BSON field 'distinct.key' is missing but a required field");
  const query = args.document('query');
  const collection = context.storage.collection(context.db, args.collection());
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const document of collection ? queryDocuments(collection.candidates(query), { filter: query }) : []) {
    for (const value of pathValues(document, key)) {
      const identity = valueKey(value);
      if (seen.has(identity)) continue;
      seen.add(identity);
      values.push(value);
    }
  }
  return { values, ok: 1 };
}

function aggregate(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const target = context.command.aggregate;
  if (target !== 1 && typeof target !== 'string') {
    throw new MongoCommandError(73, 'aggregate requires a collection name or 1');
  }
  const pipeline = args.documents('pipeline');
  const cursorOptions = args.document('cursor');
  if (!cursorOptions && !args.boolean('explain')) {
    throw new MongoCommandError(9, "The 'cursor' option is required, except for aggregate with the explain argument");
  }
  if (args.boolean('explain')) throw new MongoCommandError(115, 'explain is not supported by the embedded server');
  for (const [position, stage] of pipeline.entries()) {
    const stageName = Object.keys(stage)[0];
    if (stageName === '$changeStream') {
      throw new MongoCommandError(40573, 'The $changeStream stage is only supported on replica sets');
    }
    if (stageName === '$merge') throw new MongoCommandError(115, '$merge is not supported by the embedded server');
    if (stageName === '$out' && position !== pipeline.length - 1) {
      throw new MongoCommandError(40601, '$out can only be the final stage in the pipeline');
    }
  }
  const out = pipeline.length ? (pipeline[pipeline.length - 1]!.$out as unknown) : undefined;
  const stages = out === undefined ? pipeline : pipeline.slice(0, -1);
  // A leading $match narrows what is read, through an index where one fits.
  const leadingMatch = stages[0]?.$match as Document | undefined;
  const source = typeof target === 'string' ? (context.storage.collection(context.db, validCollectionName(target, 'aggregate'))?.candidates(leadingMatch) ?? []) : [];
  const results = runPipeline(source, stages, {
    collation: args.document('collation'),
    resolveCollection: (name) => context.storage.collection(context.db, name)?.all() ?? [],
    ...(args.document('let') ? { variables: args.document('let') } : {}),
  });
  const namespace = typeof target === 'string' ? `${context.db}.${target}` : `${context.db}.$cmd.aggregate`;
  if (out !== undefined) {
    writeAggregationOutput(context, out, results);
    return context.cursors.open(namespace, []);
  }
  return context.cursors.open(namespace, results, { batchSize: toInteger(cursorOptions?.batchSize, 'cursor.batchSize') });
}

export const readCommands: CommandTable = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
