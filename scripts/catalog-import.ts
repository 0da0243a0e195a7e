import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importCatalog, parseCatalogFile } from '../services/catalog-import.service';
import { CatalogImportError } from '../services/catalog-import-error';
import { ConfigError, loadEnv, type Env } from '../src/config/env';
import { connectDatabase } from '../src/db/connect-database';
import { createLogger } from '../src/logger';

// npm run catalog:import [file]: upserts a catalogue file (default: the shipped one) by slug and
// prints what changed. Every problem with the file is printed on its own line, then exit code 1.

// Relative to the working directory, so it resolves both in a checkout and in the Docker image (/app).
const SHIPPED_CATALOG = 'seeds/catalog.json';

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function readCatalogFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return fail([`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return fail([`${file} is not valid JSON: ${(error as Error).message}`]);
  }
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.problems);
    throw error;
  }
  // The summary line is the command's output; routine connection logs stay out of it unless asked for.
  const logger = createLogger({ LOG_LEVEL: process.env.LOG_LEVEL ? env.LOG_LEVEL : 'warn' });
  const file = path.resolve(process.argv[2] ?? SHIPPED_CATALOG);
  const catalog = await readCatalogFile(file);
  try {
    // The whole file is checked before the database is touched.
    parseCatalogFile(catalog);
  } catch (error) {
    if (error instanceof CatalogImportError) {
      fail([`${file}: nothing imported, ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:`, ...error.problems]);
    }
    throw error;
  }

  const database = await connectDatabase(env, logger);
  try {
    const result = await importCatalog(catalog, { logger });
    process.stdout.write(`created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`catalog import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
