import { availableParallelism } from 'node:os';
import type { UnitEntry } from '../../src/catalog/unit-entry';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { PhotoRejectedError } from './photo-rejected-error';
import { destinationStore, processPhoto, type PhotoProcessingOptions } from './process-photo';

export type UnitPhotosOptions = PhotoProcessingOptions & {
  /** Told after each photo: how many of the feed's distinct photos are done, of how many. */
  onProgress?: (done: number, total: number) => void;
  /** Photos processed at once; default one per core (sharp may give each image a single thread). */
  concurrency?: number;
  /**
   * Photos already processed, by source: an earlier import's downloads, which are not fetched
   * again (an address names the same photo; a file path is read again, as the file may change).
   */
  processed?: ReadonlyMap<string, UnitPhoto>;
};

export interface UnitPhotosResult {
  /** Each unit's processed photos in the feed's order, by stock number. */
  photos: Map<string, UnitPhoto[]>;
  /** One line per refused photo: 'stock SG2401, photo 2: <source>: is not a JPEG, PNG, WebP or AVIF image'. */
  problems: string[];
}

/**
 * Processes the photos of every unit of a feed, a few at a time; a source named twice is processed
 * once. Refused photos are listed, not thrown, so an import can name them all and write nothing to
 * the catalog; the photos already processed stay in the photo store, unreferenced and harmless, and the
 * next run reuses them. Any other error (a full disk, a photo store that cannot be reached) stops the work and is thrown.
 */
export async function processUnitPhotos(units: Pick<UnitEntry, 'stockNumber' | 'photoSources'>[], options: UnitPhotosOptions): Promise<UnitPhotosResult> {
  const outcomes = new Map<string, UnitPhoto | PhotoRejectedError>(options.processed);
  const sources = [...new Set(units.flatMap((unit) => unit.photoSources))].filter((source) => !outcomes.has(source));
  const reused = outcomes.size;
  const photoOptions = { feedDir: options.feedDir, network: options.network, limits: options.limits, photoStore: destinationStore(options) };
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < sources.length) {
      const source = sources[next++]!;
      try {
        outcomes.set(source, await processPhoto(source, photoOptions));
      } catch (error) {
        if (!(error instanceof PhotoRejectedError)) {
          stopped = true;
          throw error;
        }
        outcomes.set(source, error);
      }
      options.onProgress?.(outcomes.size - reused, sources.length);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), sources.length));
  // Every worker finishes the photo it holds before the error is thrown: nothing is still writing
  // (a temporary file, a store upload) once the caller hears of the failure and cleans up.
  const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;

  const result: UnitPhotosResult = { photos: new Map(), problems: [] };
  for (const unit of units) {
    const photos: UnitPhoto[] = [];
    unit.photoSources.forEach((source, index) => {
      const outcome = outcomes.get(source)!;
      if (outcome instanceof PhotoRejectedError) result.problems.push(`stock ${unit.stockNumber}, photo ${index + 1}: ${outcome.message}`);
      else photos.push(outcome);
    });
    result.photos.set(unit.stockNumber, photos);
  }
  return result;
}
