import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { VehicleRecord } from '../models/vehicle.model';
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

/**
 * The feed's changes to units' prices and statuses, in each unit's history (unit_changes) as the
 * feed's, as the staff page shows values: its price history shows what the feed did beside what
 * people did. One insert for the whole import, after its one write.
 */
async function recordFeedChanges(
  plan: { update: Array<IncomingUnit & { soldAt?: string }>; markSold: Array<{ stockNumber: string }> },
  storedByStock: ReadonlyMap<string, StoredUnitRecord>,
  now: Date,
): Promise<void> {
  const by = { type: 'feed' as const };
  const changes: Parameters<typeof unitChangeRepository.record>[0] = [];
  for (const unit of plan.update) {
    const stored = storedByStock.get(unit.stockNumber);
    if (!stored) continue;
    const before = unitFormValues(stored);
    const after = unitFormValues(unit.fields);
    for (const field of HISTORY_FIELDS)
      if (before[field] !== after[field])
        changes.push({ stockNumber: unit.stockNumber, at: now, by, kind: 'changed', field, before: before[field], after: after[field] });
  }
  for (const { stockNumber } of plan.markSold) {
    const stored = storedByStock.get(stockNumber);
    if (stored) changes.push({ stockNumber, at: now, by, kind: 'changed', field: 'status', before: unitFormValues(stored).status, after: 'sold' });
  }
  await unitChangeRepository.record(changes);
}

/**
 * Imports a dealer feed (CSV or JSON) into the catalog's units, by stock number. Everything is
 * checked before anything is written: every problem of the file (by row and column) and every
 * photo that cannot be used (by stock number and photo) is listed in one CatalogImportError, and
 * the catalog is left as it was. Photos are processed once: a photo already processed (the same
 * bytes) is reused, and an address an earlier import downloaded is not fetched again. Then new
 * units are created, changed ones updated and, with a full feed, units it no longer lists marked
 * sold, in one bulk write: one new catalog version, which the site notices within a second.
 * Importing the same feed again changes nothing. Model entries are never touched. A photo store
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
  const taken = await vehicleRepository.modelEntriesWithSlugs([...incomingSlugs.keys()]);
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
    addedByHand: [...byHand].filter((stockNumber) => units.some((unit) => unit.stockNumber === stockNumber)),
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
  const writes: VehicleWrites = [
    ...plan.create.map((unit) => ({
      updateOne: {
        filter: { 'unit.stockNumber': unit.stockNumber },
        // $setOnInsert: should another import have created the unit meanwhile, its id stays.
        update: { $setOnInsert: { id: randomUUID(), ...withSale(unit), createdAt: now, updatedAt: now } },
        upsert: true,
        timestamps: false,
      },
    })),
    // The whole unit is set: a sale date the feed no longer implies goes with it.
    ...plan.update.map((unit) => ({ updateOne: { filter: { 'unit.stockNumber': unit.stockNumber }, update: { $set: withSale(unit) } } })),
    ...plan.markSold.map(({ stockNumber, soldAt }) => ({
      updateOne: { filter: { 'unit.stockNumber': stockNumber }, update: { $set: { 'unit.status': 'sold', 'unit.soldAt': new Date(soldAt), in_stock: false } } },
    })),
  ];
  if (writes.length > 0) {
    // One write for the whole feed: one round trip, and one new catalog version for the site.
    await vehicleRepository.write(writes);
    for (const unit of plan.create) options.logger?.info({ stockNumber: unit.stockNumber }, 'feed: unit created');
    for (const unit of plan.update) options.logger?.info({ stockNumber: unit.stockNumber }, 'feed: unit updated');
    for (const unit of plan.markSold) options.logger?.info({ stockNumber: unit.stockNumber }, 'feed: unit sold');
    await recordFeedChanges(plan, storedByStock, now);
  }
  const anythingLeftAlone = leftAlone.addedByHand.length > 0 || leftAlone.lockedFields.length > 0;
  if (anythingLeftAlone) options.logger?.info({ leftAlone }, 'feed: left alone what people keep');
  return anythingLeftAlone ? { ...plan.counts, leftAlone } : plan.counts;
}
