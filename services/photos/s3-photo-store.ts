import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { PhotoStoreLocation } from '../../src/config/env.server';
import { PhotoStoreError, type PhotoStore, type StoredPhotoObject } from './photo-store';

export interface S3PhotoStoreOptions extends PhotoStoreLocation {
  /**
   * Set when AWS_ENDPOINT_URL_S3 names a server other than AWS (MinIO, moto): its buckets are
   * addressed by path (http://host/bucket/key), as such servers have no per-bucket host names.
   * The SDK reads the endpoint itself, as it does AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION.
   */
  pathStyle: boolean;
}

/** The photos are immutable under their content-hashed names: a CDN or browser fetching them from the bucket keeps them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Errors that mean the object is not there (GetObject says NoSuchKey, HeadObject only its status). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** What went wrong, for the operator, with what to change where the cause says it. */
function cause(error: unknown): string {
  const { name, message, code } = error as Error & { code?: string };
  if (name === 'CredentialsProviderError') return 'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
  if (/region is missing/i.test(message)) return 'no region: set AWS_REGION';
  if (name === 'NoSuchBucket') return 'the bucket does not exist (PHOTO_STORE_URL names it)';
  if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') return `${name}: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
  if (name === 'AccessDenied') return 'AccessDenied: the credentials may not use this bucket';
  if (code) return `cannot reach it (${code}${code === 'ECONNREFUSED' || code === 'ENOTFOUND' ? ': check AWS_ENDPOINT_URL_S3 and that the store is running' : ''})`;
  return `${name}: ${message.split('\n')[0]}`;
}

/**
 * The photo store in a bucket of an S3-compatible server (PHOTO_STORE_URL=s3://bucket/prefix),
 * shared by every instance of the site: nothing is kept on this machine's disk. A failed call is
 * retried by the SDK (three attempts), then thrown as one PhotoStoreError line that names the
 * store, the object and the cause.
 */
export function s3PhotoStore(options: S3PhotoStoreOptions, client?: S3Client): PhotoStore {
  const { bucket, prefix } = options;
  const s3 = client ?? new S3Client({ forcePathStyle: options.pathStyle, requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 } });
  const description = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const failed =
    (doing: string, key?: string) =>
    (error: unknown): never => {
      throw new PhotoStoreError(`the photo store ${description} failed to ${doing}${key ? ` ${key}` : ''}: ${cause(error)}`, { cause: error });
    };
  return {
    description,

    async write(key, bytes, contentType) {
      await s3
        .send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE }))
        .catch(failed('write', key));
    },

    async read(key, conditions = {}) {
      // S3 answers one range only; a list of ranges is answered whole, as HTTP allows.
      const range = conditions.range && /^bytes=\d*-\d*$/.test(conditions.range) ? conditions.range : undefined;
      const get = (withRange: string | undefined) =>
        s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: withRange, IfNoneMatch: conditions.ifNoneMatch }));
      let answer;
      try {
        answer = await get(range).catch((error: unknown) => {
          // A range past the end: answered whole, as a server that ignores Range would.
          if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return get(undefined);
          throw error;
        });
      } catch (error) {
        if (isMissing(error)) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304) return 'not-modified';
        return failed('read', key)(error);
      }
      const object: StoredPhotoObject = {
        body: answer.Body as Readable,
        contentType: answer.ContentType ?? 'application/octet-stream',
        contentLength: answer.ContentLength ?? 0,
        ...(answer.ETag ? { etag: answer.ETag } : {}),
        ...(answer.LastModified ? { lastModified: answer.LastModified } : {}),
        ...(answer.ContentRange ? { contentRange: answer.ContentRange } : {}),
      };
      return object;
    },

    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        return failed('look up', key)(error);
      }
    },

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch(failed('delete', key));
    },

    async *list() {
      try {
        for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: bucket, ...(prefix ? { Prefix: `${prefix}/` } : {}) })) {
          for (const object of page.Contents ?? []) if (object.Key) yield prefix ? object.Key.slice(prefix.length + 1) : object.Key;
        }
      } catch (error) {
        failed('list its objects')(error);
      }
    },

    localFile: () => undefined,
  };
}
