import type { UnitEntry, UnitPhoto } from '../../src/catalog/unit-fields';
import { PhotoRejectedError } from './photo-rejected-error';
import { processPhoto, type PhotoProcessingOptions } from './process-photo';

export interface UnitPhotosResult {
  /** Each unit's processed photos in the feed's order, by stock number. */
  photos: Map<string, UnitPhoto[]>;
  /** One line per refused photo: 'stock SG2401, photo 2: <source>: is not a JPEG, PNG, WebP or AVIF image'. */
  problems: string[];
}

/**
 * Processes the photos of every unit of a feed, one at a time (sharp uses every core for each),
 * telling onProgress after each. A source named twice is processed once. Refused photos are
 * listed, not thrown, so an import can name them all and write nothing to the catalogue; the
 * photos already processed stay on disk, unreferenced and harmless, and the next run reuses them.
 * Errors other than refusals (a full disk) are thrown.
 */
export async function processUnitPhotos(
  units: Pick<UnitEntry, 'stockNumber' | 'photoSources'>[],
  options: PhotoProcessingOptions & { onProgress?: (done: number, total: number) => void },
): Promise<UnitPhotosResult> {
  const total = units.reduce((sum, unit) => sum + unit.photoSources.length, 0);
  const bySource = new Map<string, UnitPhoto | PhotoRejectedError>();
  const result: UnitPhotosResult = { photos: new Map(), problems: [] };
  let done = 0;
  for (const unit of units) {
    const photos: UnitPhoto[] = [];
    for (const [index, source] of unit.photoSources.entries()) {
      let outcome = bySource.get(source);
      if (!outcome) {
        outcome = await processPhoto(source, options).catch((error: unknown) => {
          if (error instanceof PhotoRejectedError) return error;
          throw error;
        });
        bySource.set(source, outcome);
      }
      if (outcome instanceof PhotoRejectedError) result.problems.push(`stock ${unit.stockNumber}, photo ${index + 1}: ${outcome.message}`);
      else photos.push(outcome);
      done += 1;
      options.onProgress?.(done, total);
    }
    result.photos.set(unit.stockNumber, photos);
  }
  return result;
}
