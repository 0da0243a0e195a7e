import type { Document } from 'bson';
import type { CursorRegistry } from './cursor-registry';
import type { SqliteStore } from './sqlite-store';

/** Everything a command handler may use; handlers never see sockets or wire framing. */
export interface CommandContext {
  db: string;
  command: Document;
  storage: SqliteStore;
  cursors: CursorRegistry;
  connectionId: number;
}

/** Handlers run synchronously inside the store's transaction for the command. */
export type CommandHandler = (context: CommandContext) => Document;

export type CommandTable = Record<string, CommandHandler>;
