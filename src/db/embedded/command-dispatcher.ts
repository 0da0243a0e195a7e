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
import type { StorageEngine } from './storage-engine';
import { writeCommands } from './write-commands';

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
  private readonly storage: StorageEngine;
  private readonly cursors: CursorRegistry;
  private readonly logger: EmbeddedMongoLogger;

  constructor(storage: StorageEngine, cursors: CursorRegistry, logger: EmbeddedMongoLogger) {
    this.storage = storage;
    this.cursors = cursors;
    this.logger = logger;
  }

  async run(db: string, command: Document, connectionId: number): Promise<Document> {
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
      return await handler({ db, command, storage: this.storage, cursors: this.cursors, connectionId });
    } catch (error) {
      if (error instanceof MongoCommandError) return error.toReply();
      // Mingo rejects bad queries, updates and pipelines; those are the client's mistakes.
      if (error instanceof MingoError) return new MongoCommandError(2, error.message).toReply();
      this.logger.error(
        { command: name, err: { name: (error as Error).name, message: (error as Error).message } },
        'embedded MongoDB command failed',
      );
      return new MongoCommandError(1, (error as Error).message).toReply();
    }
  }
}
