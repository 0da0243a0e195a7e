import type { Readable } from 'node:stream';

/** One stored object as it is read: its bytes as a stream, and what an HTTP answer says of them. */
export interface StoredPhotoObject {
  body: Readable;
  contentType: string;
  /** The bytes in `body`: the object's size, or the range's. */
  contentLength: number;
  etag?: string;
  lastModified?: Date;
  /** Set when a range was asked for and is what `body` holds: `bytes 0-99/1234`. */
  contentRange?: string;
}

/** What a client's request asks of a read; a store that cannot honour it reads the whole object. */
export interface PhotoReadConditions {
  /** The Range header as the client sent it (`bytes=0-99`). */
  range?: string;
  /** The If-None-Match header: the object is not sent when its ETag is among these. */
  ifNoneMatch?: string;
}

/**
 * Where processed photos are kept, one object per file, named `<hash>/<file>`
 * (services/photos/photo-paths.ts): a folder on this machine (DATA_DIR/photos) or a bucket of an
 * S3-compatible store (PHOTO_STORE_URL), which every instance of the site shares. Each call
 * throws PhotoStoreError when the store cannot be reached or refuses.
 */
export interface PhotoStore {
  /** For messages and logs: `the folder /srv/data/photos` or `s3://bucket/prefix`. */
  readonly description: string;
  /** Writes an object whole: a reader sees the old object, the new one or none, never part of one. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object; 'not-modified' when `conditions.ifNoneMatch` matches it. */
  read(key: string, conditions?: PhotoReadConditions): Promise<StoredPhotoObject | 'not-modified' | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object's key, in no particular order (for moving photos between stores). */
  list(): AsyncIterable<string>;
  /** For a store on this machine's disk, the file an object is in (so it is served as a file), else undefined. */
  localFile(key: string): string | undefined;
}

/** The photo store failed: it cannot be reached, refused the credentials, or has no such bucket. One line for the operator. */
export class PhotoStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PhotoStoreError';
  }
}
