import { randomUUID } from 'node:crypto';
import { photoUploadRepository, type PhotoUploadOutcome } from '../../models/photo-upload.repository';
import type { PhotoUploadRecord } from '../../models/photo-upload.model';
import { unitPhotosRepository } from '../../models/unit-photos.repository';
import type { Logger } from '../../src/logging/logger.server';
import { UNIT_PHOTO_LIMIT } from '../../src/staff/unit-photos';
import { systemClock, type Clock } from '../../src/time/clock';
import { PHOTO_LIMITS, processPhotoBytes } from './process-photo';
import { PhotoRejectedError } from './photo-rejected-error';
import type { PhotoStore } from './photo-store';

export interface PhotoUploadWorkerOptions {
  /** Where processed photos go: the bucket of PHOTO_STORE_URL, or DATA_DIR/photos. */
  photoStore: PhotoStore;
  logger: Logger;
  clock?: Clock;
  /** How often the worker looks for uploads to process. */
  pollIntervalMs?: number;
  /** How long a claimed upload is reserved for the worker processing it; far longer than the largest photo takes. */
  leaseMs?: number;
  /** After a failure that is not the photo's (the photo store or the database), how long until it is tried again. */
  retryDelayMs?: number;
  /** Claims that never finished (the worker died under them) after which the upload is refused rather than tried again. */
  maxAttempts?: number;
  limits?: Partial<typeof PHOTO_LIMITS>;
}

export interface PhotoUploadWorker {
  /** Starts polling: uploads are processed every pollIntervalMs, beginning now. */
  start(): void;
  /** Processes every upload that can be claimed now; resolves with how many finished (ready or refused). */
  drain(): Promise<number>;
  /** Stops polling and waits for the photo in progress; one cut short is claimed again after its lease. */
  stop(): Promise<void>;
}

const DEFAULTS = { pollIntervalMs: 2000, leaseMs: 2 * 60_000, retryDelayMs: 30_000, maxAttempts: 3 };

/** The source an uploaded photo is recorded with in unit.photoSources: not an address, so no feed import reuses or fetches it. */
export const uploadSource = (uploadId: string) => `upload:${uploadId}`;

const REFUSED_ON_APPEND: Record<'full' | 'no-unit', string> = {
  full: `the unit has ${UNIT_PHOTO_LIMIT} photos already, the most it may have`,
  'no-unit': 'the unit is no longer in the catalog',
};

/**
 * The photo worker (issue 24): it processes the photos staff upload (models/photo-upload.repository.ts)
 * through the feed's pipeline (processPhotoBytes: upright by EXIF orientation, the feed's type, size
 * and pixel checks, every size and format without metadata, in the photo store) and appends each to
 * its unit's photos. Uploads are claimed with leases in the database, as the outbox claims mail, so
 * any instance may do the work, two never do the same upload, and an upload whose worker died (a
 * restart, a crash) is claimed again when its lease runs out. A refused photo changes nothing on
 * the unit and keeps its reason for the photos page.
 */
export function createPhotoUploadWorker(options: PhotoUploadWorkerOptions): PhotoUploadWorker {
  const settings = { ...DEFAULTS, ...options, clock: options.clock ?? systemClock };
  const { logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** What became of one claimed upload; throws when it must be tried again later (not the photo's fault). */
  async function outcomeOf(upload: PhotoUploadRecord): Promise<PhotoUploadOutcome> {
    if (upload.attempts > settings.maxAttempts) return { state: 'refused', reason: 'could not be processed: it stopped the photo worker several times' };
    const bytes = await photoUploadRepository.original(upload.id);
    if (!bytes) return { state: 'refused', reason: 'its file was lost before it could be processed; upload it again' };
    let photo;
    try {
      photo = await processPhotoBytes(bytes, { label: upload.fileName, photoStore: settings.photoStore, limits: settings.limits });
    } catch (error) {
      if (error instanceof PhotoRejectedError) return { state: 'refused', reason: error.reason };
      throw error;
    }
    const appended = await unitPhotosRepository.append(upload.stockNumber, photo, uploadSource(upload.id));
    if (appended === 'full' || appended === 'no-unit') return { state: 'refused', reason: REFUSED_ON_APPEND[appended] };
    return { state: 'ready', photoHash: photo.hash };
  }

  /** Claims and processes one upload: none to claim, finished (ready or refused), or released to be tried again later. */
  async function processOne(): Promise<'none' | 'finished' | 'released'> {
    const now = settings.clock();
    const token = randomUUID();
    const upload = await photoUploadRepository.claim({ now, leaseUntil: new Date(now.getTime() + settings.leaseMs), token });
    if (!upload) return 'none';
    const log = { uploadId: upload.id, stockNumber: upload.stockNumber };
    let outcome: PhotoUploadOutcome;
    try {
      outcome = await outcomeOf(upload);
    } catch (error) {
      // The photo store or the database failed: not the photo's fault, so it is tried again later, uncounted.
      await photoUploadRepository.release(upload.id, token, new Date(settings.clock().getTime() + settings.retryDelayMs));
      logger.error({ ...log, err: error instanceof Error ? error.message : String(error) }, 'an uploaded photo could not be processed; it will be tried again');
      return 'released';
    }
    const recorded = await photoUploadRepository.finish(upload.id, token, outcome, settings.clock());
    if (!recorded) logger.warn(log, 'an uploaded photo was finished after its lease ran out; another worker has it');
    else if (outcome.state === 'ready') logger.info({ ...log, photoHash: outcome.photoHash }, 'uploaded photo processed');
    else logger.info({ ...log, reason: outcome.reason }, 'uploaded photo refused');
    return 'finished';
  }

  async function drain(): Promise<number> {
    let finished = 0;
    while (!stopped) {
      const result = await processOne();
      if (result === 'none') break;
      if (result === 'finished') finished += 1;
    }
    return finished;
  }

  async function tick() {
    try {
      running = drain();
      await running;
    } catch (error) {
      // Most often the database is unreachable; the next tick tries again.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'the photo worker could not run');
    } finally {
      running = undefined;
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), settings.pollIntervalMs);
      timer.unref();
    }
  }

  return {
    start() {
      stopped = false;
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
