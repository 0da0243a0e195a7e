import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { VehicleRecord } from '../models/vehicle.model';
import { DuplicateUnitError } from '../models/duplicate-unit-error';
import { inventoryKeys } from '../models/inventory-keys';
import { unitChangeRepository } from '../models/unit-change.repository';
import { vehicleRepository, type VehicleWrites } from '../models/vehicle.repository';
import type { UnitEntry } from '../src/catalog/unit-entry';
import type { UnitPhoto } from '../src/catalog/unit-fields';
import { PHOTOS_LOCK } from '../src/inventory/inventory-manager';
import type { Logger } from '../src/logging/logger.server';
import { systemClock, type Clock } from '../src/time/clock';
import { CatalogImportError } from './catalog-import-error';
import { planFeedImport, type StoredUnit } from './feed/plan-feed-import';
import { readFeedFile } from './feed/read-feed-file';
import { unitFingerprint, unitRecordFields, type UnitRecordFields } from './feed/unit-record';
import { unitFormValues } from './inventory/unit-form';
import { withLockedFields } from './inventory/unit-locks';
import { removeAbandonedPhotoFolders } from './photos/abandoned-photo-folders';
import type { PhotoNetworkOptions } from './photos/photo-address';
import { PHOTO_MANIFEST, photoKey } from './photos/photo-paths';
import { isWebAddress } from './photos/photo-source';
import type { PhotoStore } from './photos/photo-store';
import { destinationStore, type PhotoDestination } from './photos/process-photo';
import { processUnitPhotos } from './photos/process-unit-photos';

export interface FeedImportResult {
  created: number;
  updated: number;
  sold: number;
  unchanged: number;
  /** Present when the import left something alone that the feed would have changed. */
  leftAlone?: FeedLeftAlone;
}

/** What a feed import did not touch because people keep it (issue 24). */
export interface FeedLeftAlone {
  /** Units added by hand that the feed names, or (a full feed) that it would have marked sold: never changed or sold by a feed. */
  addedByHand: string[];
  /** Feed units whose fields changed by hand (locked) the feed would have set otherwise. */
  lockedFields: Array<{ stockNumber: string; fields: string[] }>;
}

/** The summary's words for what was left alone: 'left alone: H100 (added by hand); U2417 price (changed by hand)'. */
export function leftAloneText(leftAlone: FeedLeftAlone): string {
  const parts = [
    ...leftAlone.addedByHand.map((stockNumber) => `${stockNumber} (added by hand)`),
    ...leftAlone.lockedFields.map(({ stockNumber, fields }) => `${stockNumber} ${fields.join(', ')} (changed by hand)`),
  ];
  return `left alone: ${parts.join('; ')}`;
}

/**
 * Where processed photos go: the photo store (PHOTO_STORE_URL), or the folder DATA_DIR/photos,
 * whose temporary files left by a killed import are removed first.
 */
export type FeedImportOptions = PhotoDestination & {
  /** A full feed lists every unit the dealer has: stored units it leaves out are marked sold. */
  full: boolean;
  /** The showroom ids a unit's location may name (the business file). */
  locations: readonly string[];
  /** When units the feed no longer lists were sold, and when units were created (the site's clock). */
  clock?: Clock;
  /** Told after each photo processed: how many of how many. */
  onPhotoProgress?: (done: number, total: number) => void;
  /** Where photo addresses may lead: https: and public addresses only, unless this says otherwise (FEED_PHOTOS_ALLOW_HTTP). */
  photoNetwork?: PhotoNetworkOptions;
  /** Photos processed at once (default: one per core). */
  concurrency?: number;
  logger?: Logger;
};

/** The feed's units as the plan weighs them: the stock number and status, and what would be stored. */
interface IncomingUnit {
  stockNumber: string;
  status: UnitEntry['status'];
  fields: UnitRecordFields;
}

type StoredUnitRecord = VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> };

/**
 * A feed unit whose photos a person changed (the 'photos' lock) keeps its stored photos; the
 * photos are named among the kept fields when the feed's differ from them.
 */
function withLockedPhotos(fields: UnitRecordFields, stored: StoredUnitRecord): { fields: UnitRecordFields; kept: boolean } {
  if (!(stored.unit.lockedFields ?? []).includes(PHOTOS_LOCK)) return { fields, kept: false };
  const photos = (stored.unit.photos ?? []) as UnitPhoto[];
  const photoSources = stored.unit.photoSources ?? [];
  const hashes = (list: readonly UnitPhoto[]) => list.map((photo) => photo.hash).join(' ');
  const kept = hashes(fields.unit.photos ?? []) !== hashes(photos) || fields.unit.photoSources.join('\n') !== photoSources.join('\n');
  return { fields: { ...fields, unit: { ...fields.unit, photos, photoSources } }, kept };
}

/** The fields whose feed changes a unit's history records (the price history among them). */
const HISTORY_FIELDS = ['price', 'status'] as const;

/** Photo-store look-ups at once when reusing an earlier import's downloads (each is one request to a bucket). */
const LOOKUPS_AT_ONCE = 32;

/**
 * What the stored units' recorded addresses gave, for the addresses this feed names, where the
 * processed photo is still in the photo store (a lost folder or bucket means downloading again).
 */
async function downloadedPhotos(stored: StoredUnitRecord[], wanted: ReadonlySet<string>, store: PhotoStore): Promise<Map<string, UnitPhoto>> {
  const candidates = new Map<string, UnitPhoto>();
  for (const record of stored) {
    const { photoSources = [], photos: processed = [] } = record.unit;
    photoSources.forEach((source, index) => {
      const photo = processed[index];
      if (isWebAddress(source) && wanted.has(source) && photo) candidates.set(source, photo);
    });
  }
  const entries = [...candidates];
  const photos = new Map<string, UnitPhoto>();
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [source, photo] = entries[next++]!;
      if (await store.exists(photoKey(photo.hash, PHOTO_MANIFEST))) photos.set(source, photo);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, entries.length) }, worker));
  return photos;
}

type UnitChangeEntry = Parameters<typeof unitChangeRepository.record>[0][number];

/**
 * The feed's change to a unit's price and status, for its history (unit_changes) as the feed's,
 * as the staff page shows values: its price history shows what the feed did beside what people
 * did. `after` is the unit as the feed rewrites it, or 'sold' when a full feed no longer lists it.
 */
function feedHistory(stored: StoredUnitRecord, after: UnitRecordFields | 'sold', now: Date): UnitChangeEntry[] {
  const by = { type: 'feed' as const };
  const before = unitFormValues(stored);
  const { stockNumber } = stored.unit;
  if (after === 'sold') return [{ stockNumber, at: now, by, kind: 'changed', field: 'status', before: before.status, after: 'sold' }];
  const values = unitFormValues(after);
  return HISTORY_FIELDS.filter((field) => before[field] !== values[field]).map((field) => ({
    stockNumber,
    at: now,
    by,
    kind: 'changed' as const,
    field,
    before: before[field],
    after: values[field],
  }));
}

/**
 * Writes per bulk write. The embedded store answers one command at a time, so one write of a
 * whole 23,000-unit feed kept every page and inquiry of the site waiting until it ended; a batch
 * this size is a fraction of a second, between which the site's own queries are answered.
 */
const WRITES_PER_BATCH = 500;

/** One unit's write of an import, and what it adds to the unit's history. */
interface UnitWrite {
  stockNumber: string;
  kind: 'created' | 'updated' | 'sold';
  write: VehicleWrites[number];
  /** A new unit as an upsert by its stock number instead: for when another import created it meanwhile. */
  upsert?: VehicleWrites[number];
  history: UnitChangeEntry[];
}

/**
 * Writes one batch of an import, then its units' history. A new unit is inserted; should another
 * import have created one of them since this one read the catalog, the batch is written again with
 * the new units as upserts by stock number, which leave that unit's id and content as they are
 * (the batch's writes already made change nothing the second time).
 */
async function writeBatch(batch: UnitWrite[]): Promise<void> {
  try {
    await vehicleRepository.writeUnits(batch.map((change) => change.write));
  } catch (error) {
    if (!(error instanceof DuplicateUnitError)) throw error;
    await vehicleRepository.writeUnits(batch.map((change) => change.upsert ?? change.write));
  }
  await unitChangeRepository.record(batch.flatMap((change) => change.history));
}

/**
 * Imports a dealer feed (CSV or JSON) into the catalog's units, by stock number. Everything is
 * checked before anything is written: every problem of the file (by row and column) and every
 * photo that cannot be used (by stock number and photo) is listed in one CatalogImportError, and
 * the catalog is left as it was. Photos are processed once: a photo already processed (the same
 * bytes) is reused, and an address an earlier import downloaded is not fetched again. Then new
 * units are created, changed ones updated and, with a full feed, units it no longer lists marked
 * sold, in bulk writes of WRITES_PER_BATCH units, each unit's history with its batch: the site
 * keeps answering between them and shows each batch within a second. Should the database fail
 * midway, the batches written stay, and importing the feed again writes the rest (and nothing
 * twice). Importing the same feed again changes nothing. Model entries are never touched. A photo store
 * that fails stops the import before the catalog is written: the last good catalog stays. First,
 * in a photos folder, the unfinished files of an import that was killed are removed.
 */
export async function importFeed(file: string, options: FeedImportOptions): Promise<FeedImportResult> {
  const now = (options.clock ?? systemClock)();
  const abandoned = options.photosDir === undefined ? 0 : await removeAbandonedPhotoFolders(options.photosDir, now);
  if (abandoned > 0) options.logger?.info({ folders: abandoned }, 'feed: removed the unfinished photo folders of an import that was stopped');
  const { units, problems } = await readFeedFile(file, { locations: options.locations, today: now, photoNetwork: options.photoNetwork });
  if (problems.length > 0) throw new CatalogImportError(problems);

  const everyStored: StoredUnitRecord[] = await vehicleRepository.units();
  // Units added by hand at /staff/inventory are the staff's: the feed neither changes nor sells them.
  const byHand = new Set(everyStored.filter((record) => record.unit.origin === 'staff').map((record) => record.unit.stockNumber));
  const stored = everyStored.filter((record) => !byHand.has(record.unit.stockNumber));
  const incomingSlugs = new Map(units.map((unit) => [unit.slug, unit.stockNumber]));
  // Slugs are unique: one a stored unit has is no model entry's. Only the others are looked up.
  const unitSlugs = new Set(everyStored.map((record) => record.slug));
  const taken = await vehicleRepository.modelEntriesWithSlugs([...incomingSlugs.keys()].filter((slug) => !unitSlugs.has(slug)));
  for (const model of taken)
    problems.push(`stock ${incomingSlugs.get(model.slug)}: its page address ${model.slug} is a catalog model's; give the unit another year, brand or model`);
  if (problems.length > 0) throw new CatalogImportError(problems);

  const photoStore = destinationStore(options);
  const photos = await processUnitPhotos(units, {
    photoStore,
    feedDir: path.dirname(path.resolve(file)),
    network: options.photoNetwork,
    processed: await downloadedPhotos(stored, new Set(units.flatMap((unit) => unit.photoSources)), photoStore),
    onProgress: options.onPhotoProgress,
    concurrency: options.concurrency,
  });
  if (photos.problems.length > 0) throw new CatalogImportError(photos.problems);

  const storedByStock = new Map(stored.map((record) => [record.unit.stockNumber, record]));
  const leftAlone: FeedLeftAlone = {
    addedByHand: units.filter((unit) => byHand.has(unit.stockNumber)).map((unit) => unit.stockNumber),
    lockedFields: [],
  };
  const incoming: IncomingUnit[] = [];
  for (const unit of units) {
    if (byHand.has(unit.stockNumber)) continue;
    const fields = unitRecordFields(unit, photos.photos.get(unit.stockNumber) ?? []);
    const before = storedByStock.get(unit.stockNumber);
    // A field a person changed on a feed unit keeps its stored value until they let the feed update it again.
    const locked = before ? withLockedFields(fields, before, { locations: options.locations, today: now }) : { fields, keptFields: [] };
    if (!locked) {
      leftAlone.lockedFields.push({ stockNumber: unit.stockNumber, fields: before?.unit.lockedFields ?? [] });
      incoming.push({ stockNumber: unit.stockNumber, status: before!.unit.status, fields: before! });
      continue;
    }
    const photosKept = before ? withLockedPhotos(locked.fields, before) : { fields: locked.fields, kept: false };
    const keptFields: string[] = [...locked.keptFields, ...(photosKept.kept ? [PHOTOS_LOCK] : [])];
    if (keptFields.length > 0) leftAlone.lockedFields.push({ stockNumber: unit.stockNumber, fields: keptFields });
    incoming.push({ stockNumber: unit.stockNumber, status: photosKept.fields.unit.status, fields: photosKept.fields });
  }
  if (options.full) {
    const listed = new Set(units.map((unit) => unit.stockNumber));
    const soldByHand = new Set(everyStored.filter((record) => record.unit.status === 'sold').map((record) => record.unit.stockNumber));
    for (const stockNumber of byHand) if (!listed.has(stockNumber) && !soldByHand.has(stockNumber)) leftAlone.addedByHand.push(stockNumber);
  }
  const storedUnits: StoredUnit[] = stored.map((record) => ({
    stockNumber: record.unit.stockNumber,
    status: record.unit.status,
    ...(record.unit.soldAt ? { soldAt: new Date(record.unit.soldAt).toISOString() } : {}),
    fingerprint: unitFingerprint(record, record.unit.soldAt),
  }));
  const plan = planFeedImport(incoming, storedUnits, { full: options.full, now, fingerprint: (unit) => unitFingerprint(unit.fields, unit.soldAt) });

  const withSale = (unit: IncomingUnit & { soldAt?: string }): UnitRecordFields => ({
    ...unit.fields,
    unit: { ...unit.fields.unit, ...(unit.soldAt ? { soldAt: new Date(unit.soldAt) } : {}) },
  });
  // Each write carries the unit's inventory keys, so the repository has none to write again after it.
  const withKeys = (fields: UnitRecordFields) => ({ ...fields, ...inventoryKeys(fields) });
  // A stored unit is found by its uuid (an index in every store), not by its stock number.
  const filterOf = (stored: StoredUnitRecord) => ({ id: stored.id, 'unit.stockNumber': stored.unit.stockNumber });
  const unitWrites: UnitWrite[] = [
    ...plan.create.map((unit): UnitWrite => {
      const fields = { ...withKeys(withSale(unit)), createdAt: now, updatedAt: now };
      return {
        stockNumber: unit.stockNumber,
        kind: 'created',
        write: { insertOne: { document: { id: randomUUID(), ...fields }, timestamps: false } },
        upsert: {
          updateOne: { filter: { 'unit.stockNumber': unit.stockNumber }, update: { $setOnInsert: { id: randomUUID(), ...fields } }, upsert: true, timestamps: false },
        },
        history: [],
      };
    }),
    // The whole unit is set: a sale date the feed no longer implies goes with it.
    ...plan.update.map((unit): UnitWrite => {
      const stored = storedByStock.get(unit.stockNumber)!;
      const fields = withSale(unit);
      return {
        stockNumber: unit.stockNumber,
        kind: 'updated',
        write: { updateOne: { filter: filterOf(stored), update: { $set: withKeys(fields) } } },
        history: feedHistory(stored, fields, now),
      };
    }),
    ...plan.markSold.map(({ stockNumber, soldAt }): UnitWrite => {
      const stored = storedByStock.get(stockNumber)!;
      const { order, facets } = inventoryKeys({ ...stored, unit: { ...stored.unit, status: 'sold' } });
      return {
        stockNumber,
        kind: 'sold',
        write: { updateOne: { filter: filterOf(stored), update: { $set: { 'unit.status': 'sold', 'unit.soldAt': new Date(soldAt), in_stock: false, order, facets } } } },
        history: feedHistory(stored, 'sold', now),
      };
    }),
  ];
  // In batches, so the site keeps answering; each batch's units are in their history before the next is written.
  for (let start = 0; start < unitWrites.length; start += WRITES_PER_BATCH) {
    const batch = unitWrites.slice(start, start + WRITES_PER_BATCH);
    await writeBatch(batch);
    for (const { stockNumber, kind } of batch) options.logger?.info({ stockNumber }, `feed: unit ${kind}`);
  }
  const anythingLeftAlone = leftAlone.addedByHand.length > 0 || leftAlone.lockedFields.length > 0;
  if (anythingLeftAlone) options.logger?.info({ leftAlone }, 'feed: left alone what people keep');
  return anythingLeftAlone ? { ...plan.counts, leftAlone } : plan.counts;
}
