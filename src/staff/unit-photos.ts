// A unit's photos in the staff area (issue 24, point 3): what the photos page asks of the server and
// what it gets back. Shared, plain code (the page imports it): the service is
// services/staff/unit-photos.service.ts, reached from the page through `unitPhotosContext`.
import { createContext } from 'react-router';
import type { ReceivedFile, StaffRequest } from './staff-request';

/** The most photos a unit may have, those waiting to be processed included. */
export const UNIT_PHOTO_LIMIT = 40;

/** The largest photo file an upload takes: a phone's full-size JPEG is 3-12 MB (the feed's limit too). */
export const UPLOAD_PHOTO_BYTES = 25 * 1024 * 1024;

/** The upload form's file field. */
export const UPLOAD_FIELD = 'photos';

/** Where an uploaded file stands: being processed in the background, on the unit, or refused with a reason. */
export type PhotoUploadState = 'processing' | 'ready' | 'refused';

/** One uploaded file as the page lists it. */
export interface PhotoUploadView {
  id: string;
  /** The file's name as the phone sent it, shortened. */
  fileName: string;
  state: PhotoUploadState;
  /** Why it was refused: "is not a JPEG, PNG, WebP or AVIF image". */
  reason?: string;
  /** ISO time it was received. */
  receivedAt: string;
}

/** One of the unit's photos, in display order (the first is the main photo). */
export interface UnitPhotoView {
  /** The photo's content hash: the key every change names it by. */
  hash: string;
  /** The smallest JPEG, for the staff page's thumbnails. */
  thumbnail: string;
  width: number;
  height: number;
}

export interface UnitPhotosView {
  stockNumber: string;
  name: string;
  /** The public unit page (/inventory/<slug>). */
  publicPath: string;
  photos: UnitPhotoView[];
  /** The uploads still processing, and those refused or finished in the last day. */
  uploads: PhotoUploadView[];
  /** Whether the reader may upload, reorder and delete ('manage-inventory'). */
  canChange: boolean;
}

/** What a change answers: done (with what the page says), or refused with the status and why. */
export type UnitPhotosChange = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409 | 413; message: string };

/** How a photo moves in the order: to the front (the main photo), one place up or down. */
export type PhotoMove = 'first' | 'up' | 'down';

export interface UnitPhotos {
  /** The photos page's data, or null when no unit has this stock number. */
  view(stockNumber: string, request: StaffRequest): Promise<UnitPhotosView | null>;
  /** Keeps each file as an upload waiting to be processed; refuses them all if the unit would pass UNIT_PHOTO_LIMIT. */
  receive(stockNumber: string, files: readonly ReceivedFile[], request: StaffRequest): Promise<UnitPhotosChange>;
  /** The photos in this order (every current photo named once, by hash). */
  reorder(stockNumber: string, order: readonly string[], request: StaffRequest): Promise<UnitPhotosChange>;
  move(stockNumber: string, hash: string, move: PhotoMove, request: StaffRequest): Promise<UnitPhotosChange>;
  remove(stockNumber: string, hash: string, request: StaffRequest): Promise<UnitPhotosChange>;
}

export const unitPhotosContext = createContext<UnitPhotos>();
