import type { UnitPhoto } from '../../src/catalog/unit-fields';

/**
 * The one definition of where a processed photo's files are: each file is an object named
 * `<hash>/<file>` in the photo store (DATA_DIR/photos or PHOTO_STORE_URL), the catalog records it
 * at the site path `/photos/<hash>/<file>`, and pages point at that path on the site or, with
 * PHOTO_BASE_URL, at `<PHOTO_BASE_URL>/<hash>/<file>` (a CDN or the bucket's public address).
 */

/** Where the site serves the photo store's objects (controllers/photos.controller.ts). */
export const PHOTOS_PATH = '/photos';

/** A processed photo's folder is named by its content hash. */
export const PHOTO_HASH = /^[a-f0-9]{32}$/;

/** The files a page may ask for: a width, then a format. */
export const PHOTO_FILE = /^[1-9]\d{0,4}\.(avif|webp|jpg)$/;

/** The manifest beside a photo's files, written last: a photo whose manifest is stored is complete. */
export const PHOTO_MANIFEST = 'manifest.json';

export const PHOTO_CONTENT_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  json: 'application/json',
};

/** The store's name for one file of a photo. */
export const photoKey = (hash: string, file: string): string => `${hash}/${file}`;

/** The site path the catalog records for one file of a photo. */
export const photoSitePath = (hash: string, file: string): string => `${PHOTOS_PATH}/${photoKey(hash, file)}`;

/** The content type of a stored file, by its extension. */
export const photoContentType = (key: string): string => PHOTO_CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * Where a page points for a recorded photo path: the path itself, or the same file under
 * PHOTO_BASE_URL. Anything that is not a photo path is left as it is.
 */
export function photoAddress(sitePath: string, baseUrl: string | undefined): string {
  if (baseUrl === undefined || !sitePath.startsWith(`${PHOTOS_PATH}/`)) return sitePath;
  return `${baseUrl}${sitePath.slice(PHOTOS_PATH.length)}`;
}

/** A processed photo with every file's address as pages point at it (photoAddress). */
export function photoAtBase(photo: UnitPhoto, baseUrl: string | undefined): UnitPhoto {
  if (baseUrl === undefined) return photo;
  const files = (list: UnitPhoto['sources']['avif']) => list.map((file) => ({ ...file, url: photoAddress(file.url, baseUrl) }));
  return { ...photo, sources: { avif: files(photo.sources.avif), webp: files(photo.sources.webp), jpeg: files(photo.sources.jpeg) } };
}
