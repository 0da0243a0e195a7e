import type { Document } from 'bson';
import { MingoError } from 'mingo/util';
import { adminCommands } from './admin-commands';
import { catalogCommands } from './catalog-commands';
import type { CommandTable } from './command-context';
import type { CursorRegistry } from './cursor-registry';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { indexCommands } from './index-commands';
import { MongoCommandError } from './mongo-command-error';
import { readCommands } from './read-commands';
import type { SqliteStore } from './sqlite-store';
import { writeCommands } from './write-commands';

// Commands that change data run in a write transaction (SQLite's write lock, taken up front);
// the rest read one snapshot, or touch no data at all.
const dataChangingCommands = new Set([
  'insert',
  'update',
  'delete',
  'findAndModify',
  'findandmodify',
  'create',
  'drop',
  'dropDatabase',
  'renameCollection',
  'createIndexes',
  'dropIndexes',
  'deleteIndexes',
]);
const dataFreeCommands = new Set([...Object.keys(adminCommands).filter((name) => name !== 'listDatabases' && name !== 'dbStats'), 'getMore', 'killCursors']);

const commands: CommandTable = {
  ...adminCommands,
  ...readCommands,
  ...writeCommands,
  ...catalogCommands,
  ...indexCommands,
};

// Same rule as mongod: no empty names, no '/\. "$' and no NUL.
const invalidDatabaseName = /[/\\. "$\u0000]/;

/** Finds the handler for a command and turns every failure into a MongoDB error reply. */
export class CommandDispatcher {
  private readonly storage: SqliteStore;
  private readonly cursors: CursorRegistry;
  private readonly logger: EmbeddedMongoLogger;

  constructor(storage: SqliteStore, cursors: CursorRegistry, logger: EmbeddedMongoLogger) {
    this.storage = storage;
    this.cursors = cursors;
    this.logger = logger;
  }

  run(db: string, command: Document, connectionId: number): Document {
    const name = Object.keys(command)[0];
    const handler = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
    try {
      if (!handler) {
        throw new MongoCommandError(59, `no such command: '${name ?? ''}'`);
      }
      if (db.length === 0 || invalidDatabaseName.test(db) || db.length > 63) {
        throw new MongoCommandError(73, `Invalid database name: '${db}'`);
      }
      // A standalone mongod refuses transactions the same way; pretending would lose rollbacks.
      if (command.startTransaction === true || command.autocommit === false) {
        throw new MongoCommandError(20, 'Transaction numbers are only allowed on a replica set member or mongos');
      }
      const context = { db, command, storage: this.storage, cursors: this.cursors, connectionId };
      if (dataFreeCommands.has(name!)) return handler(context);
      return changesData(name!, command) ? this.storage.write(() => handler(context)) : this.storage.read(() => handler(context));
    } catch (error) {
      if (error instanceof MongoCommandError) return error.toReply();
      // Mingo rejects bad queries, updates and pipelines; those are the client's mistakes.
      if (error instanceof MingoError) return new MongoCommandError(2, error.message).toReply();
      this.logger.error({ command: name, err: { name: (error as Error).name, message: (error as Error).message } }, 'embedded MongoDB command failed');
      return new MongoCommandError(1, (error as Error).message).toReply();
    }
  }
}

function changesData(name: string, command: Document): boolean {
  if (dataChangingCommands.has(name)) return true;
  // An aggregation ending in $out writes its results.
  return (
    name === 'aggregate' && Array.isArray(command.pipeline) && command.pipeline.some((stage: unknown) => stage !== null && typeof stage === 'object' && '$out' in stage)
  );
}
