import { systemClock } from '../src/time/clock';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importCatalog, parseCatalogFile } from '../services/catalog-import.service';
import { CatalogImportError } from '../services/catalog-import-error';
import { importFeed, leftAloneText } from '../services/feed-import.service';
import { photoStoreFromEnv } from '../services/photos/photo-store-from-env';
import { PhotoStoreError } from '../services/photos/photo-store';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';
import { ConfigError } from '../src/config/env.server';
import { loadBusinessFile } from '../src/config/load-business-file.server';

// npm run catalog:import [-- FILE [--full]]: imports the dealer's feed of units (CSV, or JSON with
// stock_number keys) or a catalog file of model entries (JSON; default: the shipped one), and
// prints what changed. A file with any problem changes nothing: every problem is printed on its own
// line, exit code 1. Wrong arguments: exit code 2.

// Relative to the working directory, so it resolves both in a checkout and in the Docker image (/app).
const SHIPPED_CATALOG = 'seeds/catalog.json';
const USAGE = 'usage: npm run catalog:import -- [FILE] [--full]   (FILE: a dealer feed, .csv or .json, or a catalog file; --full: units the feed leaves out are sold)';
/** From this many photos to process, the import reports its progress on stderr. */
const PROGRESS_FROM_PHOTOS = 20;

class UsageError extends OperatorError {}

function parseArguments(args: string[]): { file: string; full: boolean } {
  const options = args.filter((arg) => arg.startsWith('-'));
  const files = args.filter((arg) => !arg.startsWith('-'));
  const unknown = options.filter((option) => option !== '--full');
  if (unknown.length > 0 || files.length > 1) throw new UsageError([`${unknown.length > 0 ? `unknown option ${unknown[0]}` : 'one file at a time'}`, USAGE]);
  return { file: path.resolve(files[0] ?? SHIPPED_CATALOG), full: options.includes('--full') };
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new OperatorError([`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new OperatorError([`${file} is not valid JSON: ${(error as Error).message}`]);
  }
}

/** A CSV is a feed; a JSON array of objects with stock numbers is one too; any other JSON is a catalog file. */
function isFeed(file: string, json: unknown): boolean {
  if (path.extname(file).toLowerCase() !== '.json') return true;
  const first: unknown = Array.isArray(json) ? json[0] : undefined;
  return typeof first === 'object' && first !== null && ('stock_number' in first || 'stockNumber' in first);
}

function refused(file: string, error: unknown): never {
  if (error instanceof CatalogImportError) {
    throw new OperatorError([`${file}: nothing imported, ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:`, ...error.problems]);
  }
  if (error instanceof PhotoStoreError) throw new OperatorError([`${file}: nothing imported, the catalog is as it was: ${error.message}`]);
  throw error;
}

/** "photos: 12 of 40" on stderr about ten times in all, so a long import shows it is moving. */
function photoProgress(done: number, total: number): void {
  if (total < PROGRESS_FROM_PHOTOS) return;
  const step = Math.ceil(total / 10);
  if (done % step === 0 || done === total) process.stderr.write(`photos: ${done} of ${total}\n`);
}

runOperatorCommand('catalog import', async ({ env, logger, database }) => {
  let args: { file: string; full: boolean };
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const line of error.lines) process.stderr.write(`${line}\n`);
    return 2;
  }
  const { file, full } = args;
  const json = path.extname(file).toLowerCase() === '.json' ? await readJson(file) : undefined;

  if (!isFeed(file, json)) {
    if (full) {
      process.stderr.write(`--full applies to a dealer feed of units; ${file} is a catalog file of models\n${USAGE}\n`);
      return 2;
    }
    // The whole file is checked before the database is touched.
    try {
      parseCatalogFile(json, systemClock());
    } catch (error) {
      refused(file, error);
    }
    await database();
    const result = await importCatalog(json, { logger });
    process.stdout.write(`created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}\n`);
    return 0;
  }

  let locations: string[];
  try {
    locations = loadBusinessFile(env.BUSINESS_FILE).showrooms.map((showroom) => showroom.id);
  } catch (error) {
    if (error instanceof ConfigError) throw new OperatorError(error.problems);
    throw error;
  }
  await database();
  const result = await importFeed(file, {
    full,
    locations,
    // The bucket of PHOTO_STORE_URL, or DATA_DIR/photos (whose files a killed import left are removed first).
    ...(env.PHOTO_STORE_URL ? { photoStore: photoStoreFromEnv(env) } : { photosDir: path.resolve(env.DATA_DIR, 'photos') }),
    photoNetwork: { allowHttp: env.FEED_PHOTOS_ALLOW_HTTP },
    onPhotoProgress: photoProgress,
    logger,
  }).catch((error: unknown) => refused(file, error));
  process.stdout.write(`created ${result.created}, updated ${result.updated}, sold ${result.sold}, unchanged ${result.unchanged}\n`);
  // What people keep by hand (issue 24): units added at /staff/inventory, and fields changed on feed units.
  if (result.leftAlone) process.stdout.write(`${leftAloneText(result.leftAlone)}\n`);
  return 0;
});
