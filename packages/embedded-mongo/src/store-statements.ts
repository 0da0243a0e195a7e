import type { SQLInputValue, StatementSync } from 'node:sqlite';

/**
 * The SQL a collection runs in the store it belongs to, always inside the store's current
 * transaction. SqliteStore is the one implementation; a collection knows it only by this, so the
 * store's module can build collections without the two needing each other.
 */
export interface StoreStatements {
  /** A prepared statement, kept for reuse. */
  statement(sql: string): StatementSync;
  run(sql: string, ...parameters: SQLInputValue[]): { lastInsertRowid: number | bigint };
  exec(sql: string): void;
  /** Runs part of a command (one document, one statement of a batch) so that it fails alone. */
  savepoint<T>(work: () => T): T;
  /** True inside a command that only reads: nothing it runs changes the data, so what it reads holds until a write. */
  readonly readOnly: boolean;
  /** Called inside a write that changes collections or indexes: other processes reload theirs. */
  markSchemaChanged(): void;
}
