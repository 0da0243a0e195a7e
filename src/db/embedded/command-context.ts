import type { Document } from 'bson';
import type { CursorRegistry } from './cursor-registry';
import type { StorageEngine } from './storage-engine';

/** Everything a command handler may use; handlers never see sockets or wire framing. */
export interface CommandContext {
  db: string;
  command: Document;
  storage: StorageEngine;
  cursors: CursorRegistry;
  connectionId: number;
}

export type CommandHandler = (context: CommandContext) => Document | Promise<Document>;

export type CommandTable = Record<string, CommandHandler>;
