import { randomUUID } from 'node:crypto';
import shippedCatalog from '../seeds/catalog.json';
import { Vehicle, vehicleFromRecord, type VehicleRecord } from '../models/vehicle.model';
import { catalogEntrySchema, type CatalogEntry } from '../src/catalog/vehicle';
import type { Logger } from '../src/logger';
import { CatalogImportError } from './catalog-import-error';

export interface CatalogImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

export interface CatalogImportOptions {
  /** Told which slugs were created or updated. */
  logger?: Logger;
}

type StoredFields = Omit<VehicleRecord, 'id' | 'createdAt' | 'updatedAt'>;

function storedFields(entry: CatalogEntry): StoredFields {
  return {
    slug: entry.slug,
    name: entry.name,
    description: entry.description,
    brand: entry.brand,
    category: entry.category,
    year: entry.year,
    price: entry.price,
    images: entry.images,
    specifications: entry.specifications,
    features: entry.features,
    in_stock: entry.inStock,
    is_new: entry.isNew,
  };
}

/** The catalogue fields of a vehicle in one fixed order, so equal content compares equal. */
function comparable(entry: CatalogEntry): string {
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
 * Checks a whole catalogue file and lists every problem, one per entry and field, with
 * duplicate slugs among them. Throws CatalogImportError when there is any.
 */
export function parseCatalogFile(file: unknown): CatalogEntry[] {
  if (!Array.isArray(file)) throw new CatalogImportError(['the file must hold a JSON array of catalogue entries']);
  const problems: string[] = [];
  const entries: CatalogEntry[] = [];
  const firstIndexBySlug = new Map<string, number>();
  file.forEach((candidate, index) => {
    const result = catalogEntrySchema.safeParse(candidate);
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
 * Upserts a catalogue file into the vehicles collection by slug. The whole file is checked first:
 * when any entry is invalid nothing is written. A new slug gets a fresh uuid; an existing vehicle
 * keeps its id and is rewritten only when its content differs, so a second run changes nothing.
 * Vehicles missing from the file are left as they are.
 */
export async function importCatalog(file: unknown, options: CatalogImportOptions = {}): Promise<CatalogImportResult> {
  const entries = parseCatalogFile(file);
  const existing = new Map<string, string>();
  for (const record of await Vehicle.find().lean<VehicleRecord[]>().exec()) {
    existing.set(record.slug, comparable(vehicleFromRecord(record)));
  }

  const result: CatalogImportResult = { created: 0, updated: 0, unchanged: 0 };
  for (const entry of entries) {
    const stored = existing.get(entry.slug);
    if (stored === undefined) {
      const now = new Date();
      // $setOnInsert: should another import have created the slug meanwhile, its id stays.
      const write = await Vehicle.updateOne(
        { slug: entry.slug },
        { $setOnInsert: { id: randomUUID(), ...storedFields(entry), createdAt: now, updatedAt: now } },
        { upsert: true, timestamps: false },
      ).exec();
      if (write.upsertedCount > 0) {
        result.created += 1;
        options.logger?.info({ slug: entry.slug }, 'catalogue: vehicle created');
      } else {
        result.unchanged += 1;
      }
    } else if (stored !== comparable(entry)) {
      const { slug, ...changed } = storedFields(entry);
      await Vehicle.updateOne({ slug }, { $set: changed }).exec();
      result.updated += 1;
      options.logger?.info({ slug }, 'catalogue: vehicle updated');
    } else {
      result.unchanged += 1;
    }
  }
  return result;
}

/** At start: a database without vehicles gets the shipped catalogue (seeds/catalog.json). */
export async function seedCatalogIfEmpty(logger: Logger): Promise<CatalogImportResult | null> {
  if (await Vehicle.exists({}).exec()) return null;
  const result = await importCatalog(shippedCatalog);
  logger.info(result, 'seeded the empty catalogue from seeds/catalog.json');
  return result;
}
