import { ConfigError, loadEnv, type Env } from '../config/env.server';
import { connectDatabase, type Database } from '../db/connect-database.server';
import { createLogger, type Logger } from '../logging/logger.server';

export interface OperatorContext {
  env: Env;
  logger: Logger;
  /** Connects on first use (the embedded store or MONGODB_URI, as the site does); closed at the end. */
  database(): Promise<Database>;
}

/** A failure the operator can fix: its lines are printed as they are, and the exit code is 1. */
export class OperatorError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'OperatorError';
  }
}

/**
 * Runs an operator command (npm run catalog:import, db:backup, inquiries:status, ...): checks the
 * configuration like the site does, keeps routine logs out of the command's own output unless
 * LOG_LEVEL asks for them, closes the database, and turns every failure into lines on stderr.
 * The command's result is its exit code.
 */
export function runOperatorCommand(name: string, command: (context: OperatorContext) => Promise<number | void>): void {
  let database: Promise<Database> | undefined;
  const run = async (): Promise<number> => {
    let env: Env;
    try {
      env = loadEnv();
    } catch (error) {
      if (error instanceof ConfigError) throw new OperatorError(error.problems);
      throw error;
    }
    const logger = createLogger({ LOG_LEVEL: process.env.LOG_LEVEL ? env.LOG_LEVEL : 'warn' });
    try {
      return (await command({ env, logger, database: () => (database ??= connectDatabase(env, logger)) })) ?? 0;
    } finally {
      if (database) await (await database).close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const lines = error instanceof OperatorError ? error.lines : [`${name} failed: ${error instanceof Error ? error.message : String(error)}`];
      for (const line of lines) process.stderr.write(`${line}\n`);
      process.exit(1);
    },
  );
}
