import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { PHOTO_FILE, PHOTO_HASH, PHOTOS_PATH, photoContentType, photoKey } from '../services/photos/photo-paths';
import { PhotoStoreError, type PhotoStore, type StoredPhotoObject } from '../services/photos/photo-store';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const IMMUTABLE = `public, max-age=${YEAR_MS / 1000}, immutable`;
/** When a client may ask again after the photo store could not be reached: a store back from a restart answers within this. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Serves the processed unit photos (services/photos/process-photo.ts) from the photo store at
 * /photos/<hash>/<width>.<avif|webp|jpg>. A photo's bytes never change under its address, so
 * browsers and CDNs keep it for a year without asking again. Anything else under /photos is 404:
 * names are matched whole before the store is asked, so no path can leave it. A folder's files are
 * sent as files (ETag, Last-Modified, ranges); a bucket's objects are streamed with the store's
 * ETag, and a client's Range and If-None-Match are passed on to it. A bucket that cannot be reached
 * is the store's outage, not the photo's absence nor the site's fault: 503 with Retry-After, never
 * kept by a cache, and one warning line naming the store and its cause (never a credential).
 */
export function photosController(store: PhotoStore): Router {
  const router = Router();
  const notFound = (res: Response) => {
    res.status(404).set('Cache-Control', 'no-cache').json({ error: 'Not found' });
  };
  router.get(`${PHOTOS_PATH}/:hash/:file`, async (req, res, next) => {
    const { hash, file } = req.params;
    if (!PHOTO_HASH.test(hash) || !PHOTO_FILE.test(file)) {
      notFound(res);
      return;
    }
    const key = photoKey(hash, file);
    const localFile = store.localFile(key);
    if (localFile !== undefined) {
      res.sendFile(
        localFile,
        { maxAge: YEAR_MS, immutable: true, dotfiles: 'deny', headers: { 'Content-Type': photoContentType(file) } },
        (error?: Error & { status?: number }) => {
          if (!error || res.headersSent) return;
          if (error.status === 404) notFound(res);
          else next(error);
        },
      );
      return;
    }
    let object: StoredPhotoObject | 'not-modified' | null;
    try {
      object = await store.read(key, { range: req.headers.range, ifNoneMatch: req.headers['if-none-match'] });
    } catch (error) {
      if (!(error instanceof PhotoStoreError)) throw error;
      // The message is the store's one line (s3://bucket/prefix, the object, the cause); its `cause` holds the SDK's request and stays out.
      req.log?.error({ photoStore: store.description, reason: error.message }, 'photo store unavailable; answered 503');
      res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) })
        .type('text/plain')
        .send('This photo cannot be shown right now. Please try again shortly.');
      return;
    }
    if (object === null) {
      notFound(res);
      return;
    }
    res.set('Cache-Control', IMMUTABLE);
    if (object === 'not-modified') {
      res.status(304).end();
      return;
    }
    res.status(object.contentRange ? 206 : 200).set({
      'Content-Type': photoContentType(file),
      'Content-Length': String(object.contentLength),
      'Accept-Ranges': 'bytes',
      ...(object.etag ? { ETag: object.etag } : {}),
      ...(object.lastModified ? { 'Last-Modified': object.lastModified.toUTCString() } : {}),
      ...(object.contentRange ? { 'Content-Range': object.contentRange } : {}),
    });
    if (req.method === 'HEAD') {
      object.body.destroy();
      res.end();
      return;
    }
    // A visitor who goes away mid-photo ends the read from the store too.
    await pipeline(object.body, res).catch(() => object.body.destroy());
  });
  router.use(PHOTOS_PATH, (_req, res) => notFound(res));
  return router;
}
