import { Long } from 'bson';
import type { Document } from 'bson';
import { runPipeline } from './aggregation-pipeline';
import { CommandArguments, toInteger, validCollectionName } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import type { QueryShape } from './document-query';
import { projectionFields } from './fields-read';
import { MongoCommandError } from './mongo-command-error';
import { pathValues } from './path-values';
import type { SqliteCollection } from './sqlite-collection';
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
    ? collection.select({
        filter,
        sort: args.document('sort'),
        skip: args.integer('skip') ?? 0,
        limit,
        projection: args.document('projection'),
        fieldsRead: projectionFields(args.document('projection'), 'find'),
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
  const n = Math.max(0, collection.countMatching(query) - skip);
  return { n: limit ? Math.min(n, limit) : n, ok: 1 };
}

function distinct(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const key = args.string('key');
  if (!key) throw new MongoCommandError(2, "BSON field 'distinct.key' is missing but a required field");
  const query = args.document('query');
  const collection = context.storage.collection(context.db, args.collection());
  const fromIndex = collection?.distinctInIndex(key, query, args.document('collation'));
  if (fromIndex) return { values: fromIndex, ok: 1 };
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const document of collection ? collection.matching(query) : []) {
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
  const collection = typeof target === 'string' ? context.storage.collection(context.db, validCollectionName(target, 'aggregate')) : undefined;
  // Variables of `let` reach $expr only inside the pipeline, so then the $match stays in it.
  const { read, rest } = args.document('let') ? { read: {}, rest: stages } : leadingRead(stages, args.document('collation'));
  if (args.boolean('explain')) return explainReply(context, collection, read, { stages: rest.map((stage) => Object.keys(stage)[0]) });
  if (collection && !args.document('let') && out === undefined && isCountStage(rest, read)) {
    // The driver's countDocuments ($match, then $group of n: $sum 1): counted as the count command counts.
    const n = collection.countMatching(read.filter);
    return context.cursors.open(`${context.db}.${target}`, n > 0 ? [{ _id: 1, n }] : []);
  }
  const source = !collection
    ? []
    : args.document('let')
      ? collection.candidates(stages[0]?.$match as Document | undefined)
      : collection.select({ ...read, fieldsRead: fieldsReadAfter(rest) });
  const results = runPipeline(source, rest, {
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

/** The rest of a pipeline is the count countDocuments sends: one `{ $group: { _id: 1, n: { $sum: 1 } } }` after the $match. */
function isCountStage(rest: Document[], read: QueryShape): boolean {
  if (rest.length !== 1 || read.sort !== undefined || read.skip !== undefined || read.limit !== undefined) return false;
  const group = rest[0]!.$group as Document | undefined;
  if (Object.keys(rest[0]!).length !== 1 || !group || Object.keys(group).length !== 2 || group._id !== 1) return false;
  const sum = group.n as Document | undefined;
  return sum !== null && typeof sum === 'object' && Object.keys(sum).length === 1 && sum.$sum === 1;
}

/**
 * The top-level fields the stages after a pipeline's leading read take from each document it
 * reads: those a first `$project` keeping fields by name reads (the inventory's cards), since every
 * later stage sees only its output. Undefined, for any other stage: the documents are decoded whole.
 */
function fieldsReadAfter(rest: Document[]): ReadonlySet<string> | undefined {
  const first = rest[0];
  if (!first || Object.keys(first).length !== 1 || !('$project' in first)) return undefined;
  return projectionFields(first.$project, '$project');
}

/**
 * The stages at the head of a pipeline that read like a find ($match, then $sort, $skip, $limit
 * in that order): the collection answers them through its plan, the pipeline runs on the rest.
 */
function leadingRead(stages: Document[], collation: Document | undefined): { read: QueryShape; rest: Document[] } {
  const read: QueryShape = { collation };
  let position = 0;
  const stageAt = (name: string) => {
    const stage = stages[position];
    if (!stage || Object.keys(stage).length !== 1 || !(name in stage)) return undefined;
    position += 1;
    return stage[name] as unknown;
  };
  const match = stageAt('$match');
  if (match !== undefined) read.filter = match as Document;
  const sort = stageAt('$sort');
  if (sort !== undefined) read.sort = sort as Document;
  const skip = stageAt('$skip');
  if (typeof skip === 'number' && Number.isInteger(skip) && skip >= 0) read.skip = skip;
  else if (skip !== undefined) position -= 1;
  const limit = stageAt('$limit');
  if (typeof limit === 'number' && Number.isInteger(limit) && limit > 0) read.limit = limit;
  else if (limit !== undefined) position -= 1;
  return { read, rest: stages.slice(position) };
}

/** The explain command: how find, count, distinct, aggregate, update, delete or findAndModify would read. */
function explain(context: CommandContext): Document {
  const inner = context.command.explain as Document | undefined;
  if (!inner || typeof inner !== 'object') throw new MongoCommandError(2, "BSON field 'explain' must be a command document");
  const commandName = Object.keys(inner)[0];
  const args = new CommandArguments(inner);
  const target = inner[commandName ?? ''];
  const collection = typeof target === 'string' ? context.storage.collection(context.db, validCollectionName(target, 'explain')) : undefined;
  switch (commandName) {
    case 'find':
      return explainReply(context, collection, { filter: args.document('filter'), sort: args.document('sort'), collation: args.document('collation') });
    case 'count':
      return explainReply(context, collection, { filter: args.document('query') }, { count: true });
    case 'distinct':
      return explainReply(context, collection, { filter: args.document('query') }, { distinctKey: args.string('key'), collation: args.document('collation') });
    case 'findAndModify':
    case 'findandmodify':
      return explainReply(context, collection, { filter: args.document('query'), sort: args.document('sort') });
    case 'aggregate': {
      const { read, rest } = leadingRead(args.documents('pipeline'), args.document('collation'));
      return explainReply(context, collection, read, { stages: rest.map((stage) => Object.keys(stage)[0]) });
    }
    case 'update':
    case 'delete': {
      const statements = (inner[commandName === 'update' ? 'updates' : 'deletes'] as Document[] | undefined) ?? [];
      return explainReply(context, collection, { filter: statements[0]?.q as Document | undefined });
    }
    default:
      throw new MongoCommandError(115, `explain of ${String(commandName)} is not supported by the embedded server`);
  }
}

function explainReply(
  context: CommandContext,
  collection: SqliteCollection | undefined,
  read: QueryShape,
  extra: { stages?: (string | undefined)[]; count?: boolean; distinctKey?: string; collation?: Document } = {},
): Document {
  const namespace = collection?.namespace ?? `${context.db}.${String(Object.values(context.command.explain ?? {})[0] ?? '')}`;
  const plan = !collection
    ? { winningPlan: { stage: 'EOF' }, usesIndex: false, countWithoutDocuments: true }
    : extra.distinctKey
      ? collection.explainDistinct(extra.distinctKey, read.filter, extra.collation)
      : collection.explain(read.filter, read.sort, read.collation, extra.count);
  const { winningPlan, ...notes } = plan;
  const queryPlanner: Document = { namespace, parsedQuery: read.filter ?? {}, winningPlan, rejectedPlans: [] };
  if (extra.count) queryPlanner.countWithoutDocuments = notes.countWithoutDocuments;
  const reply: Document = { explainVersion: '1', queryPlanner, usesIndex: notes.usesIndex };
  if (read.skip) queryPlanner.skip = read.skip;
  if (read.limit) queryPlanner.limit = read.limit;
  if (extra.stages) reply.stagesInMemory = extra.stages;
  reply.ok = 1;
  return reply;
}

export const readCommands: CommandTable = {
  explain,
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
