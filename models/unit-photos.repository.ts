import type { UnitPhoto } from '../src/catalog/unit-fields';
import { PHOTOS_LOCK } from '../src/inventory/inventory-manager';
import { UNIT_PHOTO_LIMIT } from '../src/staff/unit-photos';
import { storeCall } from './store-call';
import { vehicleRepository } from './vehicle.repository';
import { VehicleCollection, type VehicleRecord } from './vehicle.model';

const read = <T>(call: () => Promise<T>) => storeCall('The vehicle catalog is unavailable right now. Please try again shortly.', call);

/** A unit's photos as stored: in display order (the first is the main photo), each with where it came from at the same place. */
export interface StoredUnitPhotos {
  name: string;
  slug: string;
  photos: UnitPhoto[];
  /** The feed's address or path of each photo, or `upload:<id>` for a staff upload (never reused by an import). */
  photoSources: string[];
  /** When the vehicle was last written: a change is written only if it still is. */
  updatedAt: Date;
  /** A feed's unit (not added by hand): a change of its photos locks them against the feed's imports. */
  fromFeed: boolean;
}

/** What appending a processed photo came to. */
export type PhotoAppend = 'added' | 'already-there' | 'full' | 'no-unit';

/**
 * A unit's photo list (unit.photos with unit.photoSources beside it), changed by the staff area's
 * photos page and the photo worker (issue 24). Every write is a Mongoose update on the vehicles
 * collection, so the catalog revision moves (models/vehicle.model.ts) and the public pages follow
 * within seconds; the inventory keys the update clears are written again at once. A change is made
 * on the list as read and written only if the vehicle is still as read, so two people reordering
 * at once, or an upload finishing meanwhile, never lose each other's photos.
 */
export const unitPhotosRepository = {
  async find(stockNumber: string): Promise<StoredUnitPhotos | null> {
    const record = await read(() =>
      VehicleCollection.findOne({ 'unit.stockNumber': stockNumber }, { name: 1, slug: 1, 'unit.photos': 1, 'unit.photoSources': 1, 'unit.origin': 1, updatedAt: 1 })
        .lean<Pick<VehicleRecord, 'name' | 'slug' | 'unit' | 'updatedAt'>>()
        .exec(),
    );
    if (!record?.unit) return null;
    const photos = (record.unit.photos ?? []) as UnitPhoto[];
    const sources = record.unit.photoSources ?? [];
    return {
      name: record.name,
      slug: record.slug,
      photos,
      // A list written before sources were kept beside every photo gets an empty source for each.
      photoSources: photos.map((_photo, index) => sources[index] ?? ''),
      updatedAt: record.updatedAt,
      fromFeed: record.unit.origin !== 'staff',
    };
  },

  /**
   * The unit's photos become these (the same photos reordered, some removed, or one added), if the
   * vehicle was not written since `seen`; false when it was (read it again and decide again). With
   * `lockAgainstFeed` (a person's change on a feed's unit: `fromFeed` as read) the same write locks
   * the photos (unit.lockedFields gets 'photos'), so the feed's next import keeps what the person
   * chose instead of setting the feed's photos again.
   */
  async replace(stockNumber: string, seen: Date, photos: UnitPhoto[], photoSources: string[], lockAgainstFeed = false): Promise<boolean> {
    const result = await read(() =>
      VehicleCollection.updateOne(
        { 'unit.stockNumber': stockNumber, updatedAt: seen },
        {
          $set: { 'unit.photos': photos, 'unit.photoSources': photoSources },
          ...(lockAgainstFeed ? { $addToSet: { 'unit.lockedFields': PHOTOS_LOCK } } : {}),
        },
      ).exec(),
    );
    await vehicleRepository.writeMissingKeys();
    return result.modifiedCount === 1;
  },

  /**
   * Whether any vehicle still shows the photo with this content hash: the same bytes may be the
   * photo of more than one unit (a feed that reuses a picture), and a photo's files are one set
   * for all of them. Asked when staff delete a photo, on their request: the `unit.photos.hash`
   * index (models/vehicle.model.ts) answers it without reading every unit.
   */
  async isInUse(hash: string): Promise<boolean> {
    return (await read(() => VehicleCollection.exists({ 'unit.photos.hash': hash }).exec())) !== null;
  },

  /**
   * Adds a processed photo at the end, unless the unit has it already (the same bytes: a repeated
   * upload, or a worker that finished after its lease ran out) or has UNIT_PHOTO_LIMIT photos.
   * Only staff uploads are appended, so on a feed's unit this locks the photos against the feed.
   */
  async append(stockNumber: string, photo: UnitPhoto, source: string): Promise<PhotoAppend> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return 'no-unit';
      if (stored.photos.some((existing) => existing.hash === photo.hash)) return 'already-there';
      if (stored.photos.length >= UNIT_PHOTO_LIMIT) return 'full';
      const photos = [...stored.photos, photo];
      if (await unitPhotosRepository.replace(stockNumber, stored.updatedAt, photos, [...stored.photoSources, source], stored.fromFeed)) return 'added';
    }
    throw new Error(`the photos of unit ${stockNumber} kept changing while a photo was added`);
  },
};

export type UnitPhotosRepository = typeof unitPhotosRepository;
