import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CHUNK_BYTES, photoUploadRepository } from '../../models/photo-upload.repository';
import { unitPhotosRepository, type StoredUnitPhotos } from '../../models/unit-photos.repository';
import { largestJpegUrl, type UnitPhoto } from '../../src/catalog/unit-fields';
import type { AuditRecorder } from '../../src/staff/audit-log';
import { can } from '../../src/staff/staff-permissions';
import type { StaffMemberView, StaffRequest } from '../../src/staff/staff-request';
import { UNIT_PHOTO_LIMIT, type PhotoMove, type UnitPhotos, type UnitPhotosChange, type UnitPhotosView } from '../../src/staff/unit-photos';
import type { Clock } from '../../src/time/clock';
import { PHOTO_MANIFEST, photoKey } from '../photos/photo-paths';
import type { PhotoStore } from '../photos/photo-store';

export interface UnitPhotosOptions {
  clock: Clock;
  audit: AuditRecorder;
  /** Where processed photos' files are: a deleted photo no unit shows any more is removed from it. */
  photoStore: PhotoStore;
  /** A deleted photo's files could not be removed: the unit's pages no longer show it either way. */
  onDiscardFailed: (hash: string, error: unknown) => void;
}

/** How long a finished upload (ready or refused) stays listed on the photos page. */
const FINISHED_SHOWN_MS = 24 * 60 * 60_000;
const FILE_NAME_LENGTH = 120;

const FORBIDDEN: UnitPhotosChange = { ok: false, status: 403, message: 'Your role does not allow changing photos. Ask a manager or the owner.' };
const NO_UNIT: UnitPhotosChange = { ok: false, status: 404, message: 'There is no unit with this stock number.' };
const CHANGED: UnitPhotosChange = { ok: false, status: 409, message: 'The photos changed while you were looking at them. Here they are as they are now; try again.' };
const NO_PHOTO: UnitPhotosChange = { ok: false, status: 404, message: 'That photo is no longer among the unit’s photos.' };

function actorOf(request: StaffRequest): StaffMemberView {
  const actor = request.session?.purpose === 'staff' ? request.session.staff : null;
  if (!actor) throw new Error('the photos page needs a signed-in staff member');
  return actor;
}

/** A file's name as staff are shown it: its last part, printable characters only, shortened. */
function shownName(originalName: string): string {
  const name = (originalName.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, FILE_NAME_LENGTH);
  return name === '' ? 'photo' : name;
}

/** The smallest JPEG: the staff page's thumbnail. */
const thumbnailOf = (photo: UnitPhoto) => photo.sources.jpeg[0]?.url ?? largestJpegUrl(photo);

/**
 * The store's objects of a processed photo: the manifest first, so that an import meeting the
 * same photo while its files go sees it incomplete and processes it again, then every file.
 */
function photoKeys(photo: UnitPhoto): string[] {
  const files = [...photo.sources.avif, ...photo.sources.webp, ...photo.sources.jpeg].map((file) => file.url.split('/').pop()!);
  return [PHOTO_MANIFEST, ...new Set(files)].map((file) => photoKey(photo.hash, file));
}

/** The order after moving one photo; null when it cannot move that way. */
function moved(hashes: string[], index: number, move: PhotoMove): string[] | null {
  const target = move === 'first' ? 0 : move === 'up' ? index - 1 : index + 1;
  if (target < 0 || target >= hashes.length || target === index) return null;
  const order = [...hashes];
  const [hash] = order.splice(index, 1);
  order.splice(target, 0, hash!);
  return order;
}

/**
 * A unit's photos for the staff area (issue 24, point 3): every staff member reads them; uploading,
 * reordering, choosing the main photo and deleting need 'manage-inventory' (a refusal records
 * `access.denied`). Uploaded files are kept in the database as uploads for the photo worker
 * (services/photos/photo-uploads.service.ts); each change records `unit.photos-changed` with the
 * stock number and what changed.
 */
export function createUnitPhotos(options: UnitPhotosOptions): UnitPhotos {
  const { clock, audit, photoStore, onDiscardFailed } = options;

  /**
   * A deleted photo leaves the store too (it may show something staff took it down for), unless
   * another unit still shows the same photo. Its pages stopped showing it with the write before.
   */
  async function discard(photo: UnitPhoto): Promise<void> {
    try {
      if (await unitPhotosRepository.isInUse(photo.hash)) return;
      for (const key of photoKeys(photo)) await photoStore.delete(key);
    } catch (error) {
      onDiscardFailed(photo.hash, error);
    }
  }

  /** The actor if allowed to change photos; otherwise the refusal is recorded and null returned. */
  async function changer(request: StaffRequest, stockNumber: string): Promise<StaffMemberView | null> {
    const actor = actorOf(request);
    if (can(actor.role, 'manage-inventory')) return actor;
    await audit.record({ kind: 'access.denied', details: { permission: 'manage-inventory', stockNumber } }, request);
    return null;
  }

  const changed = (request: StaffRequest, stockNumber: string, details: Record<string, string | number>) =>
    audit.record({ kind: 'unit.photos-changed', details: { stockNumber, ...details } }, request);

  /** Writes a new order (or fewer photos) decided on the list as read; CHANGED when the unit was written meanwhile. */
  async function write(stockNumber: string, stored: StoredUnitPhotos, order: string[]): Promise<boolean> {
    const byHash = new Map(stored.photos.map((photo, index) => [photo.hash, { photo, source: stored.photoSources[index]! }]));
    const kept = order.map((hash) => byHash.get(hash)!);
    // A person's change on a feed's unit: the same write locks the photos against the feed.
    return unitPhotosRepository.replace(
      stockNumber,
      stored.updatedAt,
      kept.map((entry) => entry.photo),
      kept.map((entry) => entry.source),
      stored.fromFeed,
    );
  }

  return {
    async view(stockNumber, request): Promise<UnitPhotosView | null> {
      const actor = actorOf(request);
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return null;
      const uploads = await photoUploadRepository.forUnit(stockNumber, new Date(clock().getTime() - FINISHED_SHOWN_MS));
      return {
        stockNumber,
        name: stored.name,
        publicPath: `/inventory/${stored.slug}`,
        photos: stored.photos.map((photo) => ({ hash: photo.hash, thumbnail: thumbnailOf(photo), width: photo.width, height: photo.height })),
        uploads: uploads.map((upload) => ({
          id: upload.id,
          fileName: upload.fileName,
          state: upload.state,
          ...(upload.reason ? { reason: upload.reason } : {}),
          receivedAt: upload.receivedAt.toISOString(),
        })),
        canChange: can(actor.role, 'manage-inventory'),
      };
    },

    async receive(stockNumber, files, request): Promise<UnitPhotosChange> {
      const actor = await changer(request, stockNumber);
      if (!actor) return FORBIDDEN;
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return NO_UNIT;
      if (files.length === 0) return { ok: false, status: 400, message: 'Choose one or more photos first.' };
      const waiting = await photoUploadRepository.countProcessing(stockNumber);
      const room = UNIT_PHOTO_LIMIT - stored.photos.length - waiting;
      if (files.length > room) {
        const has = `This unit has ${stored.photos.length} photos${waiting > 0 ? ` and ${waiting} being processed` : ''}`;
        return {
          ok: false,
          status: 413,
          message: `${has}; a unit may have ${UNIT_PHOTO_LIMIT}, so ${room <= 0 ? 'no more can be added' : `at most ${room} more can be added`}. Nothing was uploaded.`,
        };
      }
      const receivedAt = clock();
      for (const file of files) {
        const upload = { id: randomUUID(), stockNumber, fileName: shownName(file.originalName), size: file.size, staffId: actor.id, receivedAt };
        await photoUploadRepository.create(upload, createReadStream(file.path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>);
      }
      await changed(request, stockNumber, { change: 'uploaded', count: files.length });
      const count = files.length === 1 ? 'The photo is' : `The ${files.length} photos are`;
      return { ok: true, message: `${count} being processed; each appears on the unit’s page as soon as it is ready.` };
    },

    async reorder(stockNumber, order, request): Promise<UnitPhotosChange> {
      if (!(await changer(request, stockNumber))) return FORBIDDEN;
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return NO_UNIT;
      const current = stored.photos.map((photo) => photo.hash);
      const samePhotos = order.length === current.length && new Set(order).size === order.length && order.every((hash) => current.includes(hash));
      if (!samePhotos) return CHANGED;
      if (order.every((hash, index) => hash === current[index])) return { ok: true, message: 'The order is unchanged.' };
      if (!(await write(stockNumber, stored, [...order]))) return CHANGED;
      await changed(request, stockNumber, { change: 'reordered', from: current.join(' '), to: order.join(' ') });
      return { ok: true, message: 'The new order is saved.' };
    },

    async move(stockNumber, hash, move, request): Promise<UnitPhotosChange> {
      if (!(await changer(request, stockNumber))) return FORBIDDEN;
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return NO_UNIT;
      const current = stored.photos.map((photo) => photo.hash);
      const index = current.indexOf(hash);
      if (index === -1) return NO_PHOTO;
      const order = moved(current, index, move);
      if (!order) return { ok: true, message: 'The order is unchanged.' };
      if (!(await write(stockNumber, stored, order))) return CHANGED;
      await changed(request, stockNumber, { change: move === 'first' ? 'main-photo' : 'reordered', photo: hash, from: index + 1, to: order.indexOf(hash) + 1 });
      return { ok: true, message: move === 'first' ? 'That photo is now the main photo.' : 'The new order is saved.' };
    },

    async remove(stockNumber, hash, request): Promise<UnitPhotosChange> {
      if (!(await changer(request, stockNumber))) return FORBIDDEN;
      const stored = await unitPhotosRepository.find(stockNumber);
      if (!stored) return NO_UNIT;
      const current = stored.photos.map((photo) => photo.hash);
      const index = current.indexOf(hash);
      if (index === -1) return NO_PHOTO;
      if (!(await write(stockNumber, stored, current.toSpliced(index, 1)))) return CHANGED;
      await changed(request, stockNumber, { change: 'deleted', photo: hash, position: index + 1, left: current.length - 1 });
      await discard(stored.photos[index]!);
      return { ok: true, message: 'The photo is deleted.' };
    },
  };
}
