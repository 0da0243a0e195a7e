import { randomUUID } from 'node:crypto';
import shippedCatalog from '../seeds/catalog.json';
import { recordFields, vehicleFromRecord } from '../models/vehicle.model';
import { vehicleRepository, type VehicleWrites } from '../models/vehicle.repository';
import type { CatalogEntry, Vehicle as CatalogVehicle } from '../src/catalog/vehicle';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema.server';
import type { Logger } from '../src/logging/logger.server';
import type { Clock } from '../src/time/clock';
import { systemClock } from '../src/time/clock';
import { CatalogImportError } from './catalog-import-error';

export interface CatalogImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

export interface CatalogImportOptions {
  /** Told which slugs were created or updated. */
  logger?: Logger;
  /** When the vehicles were created or updated (the site's clock). */
  clock?: Clock;
}

/** The catalog fields of a vehicle in one fixed order, so equal content compares equal. */
function comparable(entry: Omit<CatalogVehicle, 'id'>): string {
  const { slug, name, description, brand, category, year, price, images, specifications, features, inStock, isNew } = entry;
  return JSON.stringify([slug, name, description, brand, category, year, price, images, specifications, features, inStock, isNew]);
}

/** Messages can quote keys from the file; control characters are escaped so each stays on one line. */
function oneLine(problem: string): string {
  return problem.replace(/[\u0000-\u001f\u007f]/g, (character) => JSON.stringify(character).slice(1, -1));
}

function entryLabel(file: unknown[], index: number): string {
  const slug = (file[index] as { slug?: unknown } | null)?.slug;
  // The slug helps an operator find the entry; only printable text, so each problem stays one line.
  return typeof slug === 'string' && /^[\x20-\x7e]{1,80}$/.test(slug) ? `entries[${index}] (${slug})` : `entries[${index}]`;
}

/**
 * Checks a whole catalog file and lists every problem, one per entry and field, with
 * duplicate slugs among them. Throws CatalogImportError when there is any.
 */
export function parseCatalogFile(file: unknown, today: Date): CatalogEntry[] {
  const schema = catalogEntrySchema(today);
  if (!Array.isArray(file)) throw new CatalogImportError(['the file must hold a JSON array of catalog entries']);
  const problems: string[] = [];
  const entries: CatalogEntry[] = [];
  const firstIndexBySlug = new Map<string, number>();
  file.forEach((candidate, index) => {
    const result = schema.safeParse(candidate);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join('.') : '(entry)';
        problems.push(oneLine(`${entryLabel(file, index)} ${field}: ${issue.message}`));
      }
      return;
    }
    const earlier = firstIndexBySlug.get(result.data.slug);
    if (earlier === undefined) firstIndexBySlug.set(result.data.slug, index);
    else problems.push(`${entryLabel(file, index)} slug: duplicates the slug of entries[${earlier}]`);
    entries.push(result.data);
  });
  if (problems.length > 0) throw new CatalogImportError(problems);
  return entries;
}

/**
 * Upserts a catalog file into the vehicles collection by slug. The whole file is checked first:
 * when any entry is invalid nothing is written. A new slug gets a fresh uuid; an existing vehicle
 * keeps its id and is rewritten only when its content differs, so a second run changes nothing.
 * Vehicles missing from the file are left as they are.
 */
export async function importCatalog(file: unknown, options: CatalogImportOptions = {}): Promise<CatalogImportResult> {
  const now = (options.clock ?? systemClock)();
  const entries = parseCatalogFile(file, now);
  const existing = new Map<string, string>();
  // The model entries only: the units of the dealer's feed are the feed import's (feed-import.service.ts).
  for (const record of await vehicleRepository.modelEntries()) {
    existing.set(record.slug, comparable(vehicleFromRecord(record)));
  }

  const result: CatalogImportResult = { created: 0, updated: 0, unchanged: 0 };
  const creates: Array<{ slug: string; at: number }> = [];
  const updates: string[] = [];
  const writes: VehicleWrites = [];
  for (const entry of entries) {
    const stored = existing.get(entry.slug);
    if (stored === undefined) {
      creates.push({ slug: entry.slug, at: writes.length });
      // $setOnInsert: should another import have created the slug meanwhile, its id stays.
      writes.push({
        updateOne: {
          filter: { slug: entry.slug },
          update: { $setOnInsert: { id: randomUUID(), ...recordFields(entry), createdAt: now, updatedAt: now } },
          upsert: true,
          timestamps: false,
        },
      });
    } else if (stored !== comparable(entry)) {
      updates.push(entry.slug);
      const { slug, ...changed } = recordFields(entry);
      writes.push({ updateOne: { filter: { slug }, update: { $set: changed } } });
    } else {
      result.unchanged += 1;
    }
  }
  if (writes.length === 0) return result;

  // One write for the whole file: one round trip, and one new catalog version for its readers.
  const inserted = await vehicleRepository.write(writes);
  creates.forEach(({ slug, at }) => {
    if (inserted.has(at)) {
      result.created += 1;
      options.logger?.info({ slug }, 'catalog: vehicle created');
    } else {
      result.unchanged += 1;
    }
  });
  for (const slug of updates) {
    result.updated += 1;
    options.logger?.info({ slug }, 'catalog: vehicle updated');
  }
  return result;
}

/** At start: a database without vehicles gets the shipped catalog (seeds/catalog.json). */
export async function seedCatalogIfEmpty(logger: Logger): Promise<CatalogImportResult | null> {
  if (!(await vehicleRepository.isEmpty())) return null;
  const result = await importCatalog(shippedCatalog);
  logger.info(result, 'seeded the empty catalog from seeds/catalog.json');
  return result;
}
