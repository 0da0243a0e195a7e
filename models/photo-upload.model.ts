import mongoose, { Schema, type Model } from 'mongoose';
import type { PhotoUploadState } from '../src/staff/unit-photos';

/**
 * One photo a staff member uploaded to a unit (issue 24), in photo_uploads: a job for the photo
 * worker (services/photos/photo-uploads.service.ts), claimed with a lease like the outbox's
 * messages, so that any instance may process it and a restart resumes it. Its original bytes are in
 * photo_upload_chunks until it is processed or refused, then removed.
 */
export interface PhotoUploadRecord {
  /** A uuid: the page and the chunks name the upload by it. */
  id: string;
  stockNumber: string;
  /** The file's name as the browser sent it, shortened; shown to staff, never used as a path. */
  fileName: string;
  size: number;
  /** The staff member who uploaded it. */
  staffId: string;
  state: PhotoUploadState;
  /** Why it was refused (the pipeline's one line, without the file's name). */
  reason?: string;
  /** The processed photo's content hash, once ready. */
  photoHash?: string;
  receivedAt: Date;
  /** While processing: when the job may next be claimed (now for a new one; a lease ahead while claimed). */
  leaseUntil?: Date;
  /** The worker holding the lease (a random token); every outcome is written under it. */
  claimToken?: string;
  /** Claims so far: a photo that stops its worker again and again (a crash, not a refusal) is refused after a few. */
  attempts: number;
  finishedAt?: Date;
}

/** One piece of an upload's original bytes: a document holds at most 16 MB, a phone's photo up to 25. */
export interface PhotoUploadChunkRecord {
  uploadId: string;
  /** The piece's place, from 0. */
  n: number;
  data: Buffer;
}

const photoUploadSchema = new Schema<PhotoUploadRecord>(
  {
    id: { type: String, required: true, unique: true, immutable: true },
    stockNumber: { type: String, required: true, maxlength: 24 },
    fileName: { type: String, required: true, maxlength: 120 },
    size: { type: Number, required: true, min: 0 },
    staffId: { type: String, required: true },
    state: { type: String, required: true, enum: ['processing', 'ready', 'refused'] },
    reason: { type: String, maxlength: 500 },
    photoHash: { type: String, maxlength: 32 },
    receivedAt: { type: Date, required: true },
    leaseUntil: { type: Date },
    claimToken: { type: String, maxlength: 64 },
    attempts: { type: Number, required: true, default: 0 },
    finishedAt: { type: Date },
  },
  { collection: 'photo_uploads', versionKey: false },
);
// The worker's claim: the first processing upload whose lease has run out, in lease order.
photoUploadSchema.index({ state: 1, leaseUntil: 1 });
// A unit's photos page: its uploads, newest first.
photoUploadSchema.index({ stockNumber: 1, receivedAt: -1 });

const photoUploadChunkSchema = new Schema<PhotoUploadChunkRecord>(
  {
    uploadId: { type: String, required: true },
    n: { type: Number, required: true, min: 0 },
    data: { type: Buffer, required: true },
  },
  { collection: 'photo_upload_chunks', versionKey: false },
);
photoUploadChunkSchema.index({ uploadId: 1, n: 1 }, { unique: true });

type PhotoUploadCollectionType = Model<PhotoUploadRecord>;
type PhotoUploadChunkCollectionType = Model<PhotoUploadChunkRecord>;

/** Reused when already registered, as Vite's SSR reloads modules in development. */
export const PhotoUploadCollection: PhotoUploadCollectionType =
  (mongoose.models.PhotoUpload as PhotoUploadCollectionType | undefined) ?? mongoose.model<PhotoUploadRecord>('PhotoUpload', photoUploadSchema);
export const PhotoUploadChunkCollection: PhotoUploadChunkCollectionType =
  (mongoose.models.PhotoUploadChunk as PhotoUploadChunkCollectionType | undefined) ?? mongoose.model<PhotoUploadChunkRecord>('PhotoUploadChunk', photoUploadChunkSchema);
