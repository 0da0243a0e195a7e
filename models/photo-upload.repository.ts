import mongoose from 'mongoose';
import { PhotoUploadChunkCollection, PhotoUploadCollection, type PhotoUploadRecord } from './photo-upload.model';
import { storeCall } from './store-call';
import { storedBytes } from './stored-bytes';

const call = <T>(query: () => Promise<T>) => storeCall('The site cannot reach its database right now. Please try again in a few minutes.', query);

/** A new upload as the staff service hands it over: its original bytes come as pieces of at most CHUNK_BYTES. */
export type NewPhotoUpload = Pick<PhotoUploadRecord, 'id' | 'stockNumber' | 'fileName' | 'size' | 'staffId' | 'receivedAt'>;

/** The size of one piece of an original: well under a document's 16 MB. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/** How an upload ended, written under its claim. */
export type PhotoUploadOutcome = { state: 'ready'; photoHash: string } | { state: 'refused'; reason: string };

/**
 * The staff uploads' jobs (photo_uploads) and their original bytes (photo_upload_chunks). A job is
 * claimed with one atomic update that succeeds only for a processing upload whose lease has run out
 * (as the outbox claims a message), so two instances never process one upload together, and one
 * whose worker died is claimed again once its lease ends; its outcome is written only under the claim.
 */
export const photoUploadRepository = {
  /** Stores the original's pieces, then the job (due at once): a job that can be claimed always has its bytes. */
  async create(upload: NewPhotoUpload, pieces: AsyncIterable<Buffer>): Promise<void> {
    let n = 0;
    try {
      for await (const data of pieces) {
        const piece = n++;
        await call(() => PhotoUploadChunkCollection.create({ uploadId: upload.id, n: piece, data }));
      }
      await call(() => PhotoUploadCollection.create({ ...upload, state: 'processing', leaseUntil: upload.receivedAt, attempts: 0 }));
    } catch (error) {
      await photoUploadRepository.removeOriginal(upload.id).catch(() => undefined);
      throw error;
    }
  },

  /** The uploads of a unit still processing, and those finished since `since`, newest first. */
  forUnit(stockNumber: string, since: Date): Promise<PhotoUploadRecord[]> {
    return call(() =>
      PhotoUploadCollection.find({ stockNumber, $or: [{ state: 'processing' }, { finishedAt: mongoose.trusted({ $gte: since }) }] })
        .sort({ receivedAt: -1 })
        .limit(200)
        .lean<PhotoUploadRecord[]>()
        .exec(),
    );
  },

  /** How many uploads of a unit wait to be processed: they count towards its photo limit. */
  countProcessing(stockNumber: string): Promise<number> {
    return call(() => PhotoUploadCollection.countDocuments({ stockNumber, state: 'processing' }).exec());
  },

  /** Claims the processing upload whose lease ran out first, until `leaseUntil`; null when none is due. */
  claim({ now, leaseUntil, token }: { now: Date; leaseUntil: Date; token: string }): Promise<PhotoUploadRecord | null> {
    return call(() =>
      PhotoUploadCollection.findOneAndUpdate(
        { state: 'processing', leaseUntil: mongoose.trusted({ $lte: now }) },
        { $set: { leaseUntil, claimToken: token }, $inc: { attempts: 1 } },
        { sort: { leaseUntil: 1 }, returnDocument: 'after' },
      )
        .lean<PhotoUploadRecord>()
        .exec(),
    );
  },

  /** The original's bytes, its pieces in order; null when they are gone (the upload finished meanwhile). */
  async original(uploadId: string): Promise<Buffer | null> {
    const pieces = await call(() =>
      PhotoUploadChunkCollection.find({ uploadId }).sort({ n: 1 }).lean<Array<{ n: number; data: Parameters<typeof storedBytes>[0] }>>().exec(),
    );
    if (pieces.length === 0 || pieces.some((piece, index) => piece.n !== index)) return null;
    return Buffer.concat(pieces.map((piece) => storedBytes(piece.data)));
  },

  /** Writes the outcome if the claim is still this worker's; true when it was. The original is removed either way it ends. */
  async finish(uploadId: string, token: string, outcome: PhotoUploadOutcome, now: Date): Promise<boolean> {
    const result = await call(() =>
      PhotoUploadCollection.updateOne(
        { id: uploadId, state: 'processing', claimToken: token },
        { $set: { ...outcome, finishedAt: now }, $unset: { leaseUntil: 1, claimToken: 1 } },
      ).exec(),
    );
    if (result.modifiedCount === 0) return false;
    await photoUploadRepository.removeOriginal(uploadId);
    return true;
  },

  /** Gives a claim back uncounted (the photo store or the database failed, not the photo): it may be claimed again at `retryAt`. */
  async release(uploadId: string, token: string, retryAt: Date): Promise<void> {
    await call(() =>
      PhotoUploadCollection.updateOne(
        { id: uploadId, state: 'processing', claimToken: token },
        { $set: { leaseUntil: retryAt }, $unset: { claimToken: 1 }, $inc: { attempts: -1 } },
      ).exec(),
    );
  },

  async removeOriginal(uploadId: string): Promise<void> {
    await call(() => PhotoUploadChunkCollection.deleteMany({ uploadId }).exec());
  },
};

export type PhotoUploadRepository = typeof photoUploadRepository;
