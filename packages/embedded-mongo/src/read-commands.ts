import { Long } from 'bson';
import type { Document } from 'bson';
import { runPipeline } from './aggregation-pipeline';
import type { PipelineOptions } from './aggregation-pipeline';
import { CommandArguments, toInteger, validCollectionName } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import type { QueryShape } from './document-query';
import { facetPipelines } from './facet-pipelines';
import { rawProjectionFor } from './raw-projection';
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
    if (stageName === '$facet') facetPipelines(stage.$facet);
  }
  const out = pipeline.length ? (pipeline[pipeline.length - 1]!.$out as unknown) : undefined;
  const stages = out === undefined ? pipeline : pipeline.slice(0, -1);
  const collection = typeof target === 'string' ? context.storage.collection(context.db, validCollectionName(target, 'aggregate')) : undefined;
  const variables = args.document('let');
  const options: PipelineOptions = {
    collation: args.document('collation'),
    resolveCollection: (name) => context.storage.collection(context.db, name)?.all() ?? [],
    ...(variables ? { variables } : {}),
  };
  if (args.boolean('explain')) return explainPipeline(context, collection, stages, options);
  // Variables of `let` reach $expr only inside the pipeline, so then the $match stays in it.
  // What goes straight into the reply may be written from the stored bytes (raw-projection.ts); not what $out writes.
  const answer = { raw: false };
  const results = variables
    ? runPipeline(collection ? collection.candidates(stages[0]?.$match as Document | undefined) : [], stages, options)
    : readPipeline(collection, stages, options, out === undefined ? answer : undefined);
  const namespace = typeof target === 'string' ? `${context.db}.${target}` : `${context.db}.$cmd.aggregate`;
  if (out !== undefined) {
    writeAggregationOutput(context, out, results);
    return context.cursors.open(namespace, []);
  }
  return context.cursors.open(namespace, results, { batchSize: toInteger(cursorOptions?.batchSize, 'cursor.batchSize'), raw: answer.raw });
}

/**
 * A pipeline (without `let`) answered through the collection's plan: its leading read by the
 * collection (leadingRead), a count by counting (countedAs), the rest by mingo. A $facet right after
 * the leading read runs each of its pipelines as a pipeline of its own behind the same leading
 * stages and puts their answers in one document: every facet is given the same documents, so the
 * answer is the same, but each facet reads through its own plan (a count without documents, a
 * page in the index's order) where mingo's $facet would read every document the leading read
 * finds, once for all of them.
 *
 * Given `answer`, the documents go into the reply as they are, so a read whose only other stage is
 * a $project of the plain kind gives them as written from the stored bytes (RawDocument, when
 * every one of them can be) and says so in `answer.raw`; a $facet's pipelines too, when nothing
 * follows the $facet.
 */
function readPipeline(collection: SqliteCollection | undefined, stages: Document[], options: PipelineOptions, answer?: { raw: boolean }): Document[] {
  const { read, rest } = leadingRead(stages, options.collation);
  const facets = facetAtHead(rest);
  if (facets) {
    const leading = stages.slice(0, stages.length - rest.length);
    const faceted: Document = {};
    for (const [name, pipeline] of facets) faceted[name] = readPipeline(collection, [...leading, ...pipeline], options, rest.length > 1 ? undefined : answer);
    return rest.length > 1 ? runPipeline([faceted], rest.slice(1), options) : [faceted];
  }
  const counted = countedAs(rest, read);
  if (counted) {
    const n = collection ? collection.countMatching(read.filter) : 0;
    return n > 0 ? [counted(n)] : [];
  }
  const project = answer && collection && rest.length === 1 && Object.keys(rest[0]!).length === 1 ? rawProjectionFor(rest[0]!.$project) : undefined;
  const raw = project && collection?.selectRaw(read, project);
  if (raw && answer) {
    answer.raw = true;
    return raw as unknown as Document[];
  }
  return runPipeline(collection ? collection.select({ ...read, fieldsRead: fieldsReadAfter(rest) }) : [], rest, options);
}

/** The pipelines of a $facet that is the first of these stages, or undefined. */
function facetAtHead(stages: Document[]): Array<[string, Document[]]> | undefined {
  const first = stages[0];
  if (!first || Object.keys(first).length !== 1 || !('$facet' in first)) return undefined;
  return facetPipelines(first.$facet);
}

/**
 * The one document a pipeline gives when all it does after its leading $match is count what that
 * finds, or undefined for any other: the driver's countDocuments (`{ $group: { _id: 1, n: { $sum:
 * 1 } } }`) and `{ $count: name }`. As in MongoDB, either gives no document when nothing matches.
 */
function countedAs(rest: Document[], read: QueryShape): ((n: number) => Document) | undefined {
  if (rest.length !== 1 || read.sort !== undefined || read.skip !== undefined || read.limit !== undefined) return undefined;
  const stage = rest[0]!;
  if (Object.keys(stage).length !== 1) return undefined;
  const name = stage.$count as unknown;
  // A name mingo would refuse is left to mingo's error.
  if (typeof name === 'string' && name.trim() !== '' && !name.startsWith('$') && !name.includes('.')) return (n) => ({ [name]: n });
  const group = stage.$group as Document | undefined;
  if (!group || typeof group !== 'object' || Object.keys(group).length !== 2 || group._id !== 1) return undefined;
  const sum = group.n as Document | undefined;
  if (sum === null || typeof sum !== 'object' || Object.keys(sum).length !== 1 || sum.$sum !== 1) return undefined;
  return (n) => ({ _id: 1, n });
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
      const pipeline = args.documents('pipeline');
      for (const stage of pipeline) if (Object.keys(stage)[0] === '$facet') facetPipelines(stage.$facet);
      return explainPipeline(context, collection, pipeline, { collation: args.document('collation'), variables: args.document('let') });
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

/**
 * How an aggregation reads, as readPipeline answers it: a counted pipeline is explained as the count
 * command is; a $facet after the leading read as each of its pipelines, under `facets`, with the
 * FACET's winning plan holding theirs (`inputStages`, in the facets' order).
 */
function explainPipeline(
  context: CommandContext,
  collection: SqliteCollection | undefined,
  stages: Document[],
  options: Pick<PipelineOptions, 'collation' | 'variables'>,
): Document {
  const stageNames = (of: Document[]) => of.map((stage) => Object.keys(stage)[0]);
  if (options.variables) return explainReply(context, collection, {}, { stages: stageNames(stages) });
  const { read, rest } = leadingRead(stages, options.collation);
  const facets = collection && facetAtHead(rest);
  if (!facets) {
    const counted = collection !== undefined && countedAs(rest, read) !== undefined;
    return explainReply(context, collection, read, counted ? { count: true, stages: [] } : { stages: stageNames(rest) });
  }
  const leading = stages.slice(0, stages.length - rest.length);
  const explained: Document = {};
  for (const [name, pipeline] of facets) {
    const { explainVersion: _version, ok: _ok, ...facet } = explainPipeline(context, collection, [...leading, ...pipeline], options);
    explained[name] = facet;
  }
  const plans = Object.values(explained) as Document[];
  const winningPlan = { stage: 'FACET', facets: Object.keys(explained), inputStages: plans.map((facet) => (facet.queryPlanner as Document).winningPlan as Document) };
  return {
    explainVersion: '1',
    queryPlanner: { namespace: collection.namespace, parsedQuery: read.filter ?? {}, winningPlan, rejectedPlans: [] },
    usesIndex: plans.every((facet) => facet.usesIndex === true),
    facets: explained,
    stagesInMemory: stageNames(rest.slice(1)),
    ok: 1,
  };
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
