import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importCatalog, parseCatalogFile } from '../services/catalog-import.service';
import { CatalogImportError } from '../services/catalog-import-error';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command';

// npm run catalog:import [file]: upserts a catalog file (default: the shipped one) by slug and
// prints what changed. Every problem with the file is printed on its own line, then exit code 1.

// Relative to the working directory, so it resolves both in a checkout and in the Docker image (/app).
const SHIPPED_CATALOG = 'seeds/catalog.json';

async function readCatalogFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new OperatorError([`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new OperatorError([`${file} is not valid JSON: ${(error as Error).message}`]);
  }
}

runOperatorCommand('catalog import', async ({ logger, database }) => {
  const file = path.resolve(process.argv[2] ?? SHIPPED_CATALOG);
  const catalog = await readCatalogFile(file);
  try {
    // The whole file is checked before the database is touched.
    parseCatalogFile(catalog);
  } catch (error) {
    if (error instanceof CatalogImportError) {
      throw new OperatorError([`${file}: nothing imported, ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:`, ...error.problems]);
    }
    throw error;
  }
  await database();
  const result = await importCatalog(catalog, { logger });
  process.stdout.write(`created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}\n`);
});
