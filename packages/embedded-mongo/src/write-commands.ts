import { calculateObjectSize, ObjectId } from 'bson';
import type { Document } from 'bson';
import { MingoError } from 'mingo/util';
import { CommandArguments, validCollectionName } from './command-arguments';
import type { CommandContext, CommandTable } from './command-context';
import { projectDocument } from './document-query';
import { applyUpdate, buildUpsertDocument, idFirst, isReplacement } from './document-update';
import type { UpdateSpec } from './document-update';
import { MongoCommandError } from './mongo-command-error';

const maxDocumentBytes = 16 * 1024 * 1024;

function writeReply(counts: Document, writeErrors: Document[]): Document {
  return writeErrors.length ? { ...counts, writeErrors, ok: 1 } : { ...counts, ok: 1 };
}

/**
 * Runs a write command's statements in order; a command error becomes that statement's write
 * error, and an ordered batch stops at the first one. Returns the write errors.
 */
function runBatch(context: CommandContext, field: string, run: (statement: Document, index: number) => void): Document[] {
  const statements = new CommandArguments(context.command).documents(field);
  const ordered = context.command.ordered !== false;
  const writeErrors: Document[] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      run(statement, index);
    } catch (error) {
      // Mingo rejects malformed filters and updates; MongoDB reports those per statement too.
      const failure = error instanceof MingoError ? new MongoCommandError(2, error.message) : error;
      if (!(failure instanceof MongoCommandError)) throw error;
      writeErrors.push(failure.toWriteError(index));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function prepareForInsert(document: Document): Document {
  if (calculateObjectSize(document) > maxDocumentBytes) {
    throw new MongoCommandError(10334, 'object to insert too large');
  }
  if (document._id === undefined) return { _id: new ObjectId(), ...document };
  return idFirst(document);
}

function insert(context: CommandContext): Document {
  const name = new CommandArguments(context.command).collection();
  let n = 0;
  let collection: ReturnType<CommandContext['storage']['collectionForWrite']>['collection'] | undefined;
  const writeErrors = runBatch(context, 'documents', (document) => {
    // Created, when missing, by the first document's insert; looked up once.
    collection ??= context.storage.collectionForWrite(context.db, name).collection;
    collection.insert(prepareForInsert(document));
    n += 1;
  });
  return writeReply({ n }, writeErrors);
}

function update(context: CommandContext): Document {
  const name = new CommandArguments(context.command).collection();
  const upserted: Document[] = [];
  let n = 0;
  let nModified = 0;
  const writeErrors = runBatch(context, 'updates', (statement, index) => {
    const filter = statementFilter(statement);
    const change = statementUpdate(statement);
    const multi = statement.multi === true;
    if (multi && isReplacement(change)) {
      throw new MongoCommandError(9, 'multi update is not supported for replacement-style update');
    }
    const arrayFilters = statement.arrayFilters as Document[] | undefined;
    const collection = context.storage.collection(context.db, name);
    const matches = collection ? collection.select({ filter, limit: multi ? 0 : 1 }) : [];
    for (const current of matches) {
      const result = applyUpdate(current, change, { filter, arrayFilters });
      n += 1;
      if (!result.modified) continue;
      collection!.replace(current, result.document);
      nModified += 1;
    }
    if (matches.length === 0 && statement.upsert === true) {
      const document = prepareForInsert(buildUpsertDocument(filter, change, { filter, arrayFilters }));
      context.storage.collectionForWrite(context.db, name).collection.insert(document);
      n += 1;
      upserted.push({ index, _id: document._id });
    }
  });
  const counts: Document = { n, nModified };
  if (upserted.length) counts.upserted = upserted;
  return writeReply(counts, writeErrors);
}

function remove(context: CommandContext): Document {
  const name = new CommandArguments(context.command).collection();
  let n = 0;
  const writeErrors = runBatch(context, 'deletes', (statement) => {
    const filter = statementFilter(statement);
    const collection = context.storage.collection(context.db, name);
    if (!collection) return;
    const limit = Number(statement.limit ?? 0) ? 1 : 0;
    for (const document of collection.select({ filter, limit })) {
      collection.remove(document);
      n += 1;
    }
  });
  return writeReply({ n }, writeErrors);
}

function findAndModify(context: CommandContext): Document {
  const args = new CommandArguments(context.command);
  const name = args.collection();
  const filter = args.document('query') ?? {};
  const removing = args.boolean('remove');
  const change = context.command.update as UpdateSpec | undefined;
  const upsert = args.boolean('upsert');
  const returnNew = args.boolean('new');
  const fields = args.document('fields');
  const arrayFilters = context.command.arrayFilters as Document[] | undefined;
  if (removing && (change !== undefined || upsert)) {
    throw new MongoCommandError(9, 'Cannot specify both an update and remove=true');
  }
  if (!removing && (change === undefined || change === null || typeof change !== 'object')) {
    throw new MongoCommandError(9, 'Either an update or remove=true must be specified');
  }
  const collection = context.storage.collection(context.db, name);
  const [current] = collection ? collection.select({ filter, sort: args.document('sort'), limit: 1 }) : [];
  if (removing) {
    if (!current) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    collection!.remove(current);
    return { lastErrorObject: { n: 1 }, value: projectDocument(current, fields), ok: 1 };
  }
  if (current) {
    const result = applyUpdate(current, change!, { filter, arrayFilters });
    if (result.modified) collection!.replace(current, result.document);
    const value = returnNew ? result.document : current;
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: projectDocument(value, fields), ok: 1 };
  }
  if (!upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const document = prepareForInsert(buildUpsertDocument(filter, change!, { filter, arrayFilters }));
  context.storage.collectionForWrite(context.db, name).collection.insert(document);
  return {
    lastErrorObject: { n: 1, updatedExisting: false, upserted: document._id },
    value: returnNew ? projectDocument(document, fields) : null,
    ok: 1,
  };
}

/** $out: replaces the target collection only once every result is known to fit its indexes. */
export function writeAggregationOutput(context: CommandContext, out: unknown, results: Document[]): void {
  const target = typeof out === 'string' ? { db: context.db, coll: out } : (out as Document | null);
  if (!target || typeof target.coll !== 'string' || typeof target.db !== 'string') {
    throw new MongoCommandError(9, '$out requires a collection name or { db, coll }');
  }
  const name = validCollectionName(target.coll, '$out');
  const existing = context.storage.collection(target.db, name);
  const documents = results.map(prepareForInsert);
  context.storage.savepoint(() => {
    if (existing) context.storage.dropCollection(target.db, name);
    const replacement = context.storage.createCollection(target.db, name, existing?.options ?? {}, {
      ...(existing ? { uuid: existing.uuid } : {}),
      indexes: existing?.indexes.map((index) => index.spec) ?? [],
    });
    for (const document of documents) replacement.insert(document);
  });
}

function statementFilter(statement: Document): Document {
  const filter = statement.q;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new MongoCommandError(14, "BSON field 'q' is the wrong type, expected type 'object'");
  }
  return filter as Document;
}

function statementUpdate(statement: Document): UpdateSpec {
  const change = statement.u;
  if (change === null || typeof change !== 'object') {
    throw new MongoCommandError(14, "BSON field 'u' is the wrong type, expected type 'object'");
  }
  return change as UpdateSpec;
}

export const writeCommands: CommandTable = {
  insert,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
};
