import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { unitPhotoSchema } from './unit-photo-schema';
import { addressLabel, downloadPhoto } from './download-photo';
import { feedPhotoFile } from './feed-photo-file';
import { folderPhotoStore } from './folder-photo-store';
import type { PhotoNetworkOptions } from './photo-address';
import { PHOTO_MANIFEST, photoContentType, photoKey, photoSitePath } from './photo-paths';
import { PhotoRejectedError } from './photo-rejected-error';
import { isWebAddress } from './photo-source';
import type { PhotoStore } from './photo-store';

/** The widths every photo is offered at (never wider than the original). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

/** Limits for a photo before any processing; each refusal is one clear line (PhotoRejectedError). */
export const PHOTO_LIMITS = {
  /** A phone's full-size JPEG is 3-12 MB; 25 MB leaves room for a camera's and refuses a mistake. */
  maxBytes: 25 * 1024 * 1024,
  /** 50 megapixels: every phone's default size; a decompression bomb declares far more. */
  maxPixels: 50_000_000,
  downloadTimeoutMs: 30_000,
};

/** Where processed photos go: the photo store (PHOTO_STORE_URL or DATA_DIR/photos), or a folder as the store. */
export type PhotoDestination = { photoStore: PhotoStore; photosDir?: never } | { photosDir: string; photoStore?: never };

/** The store a destination names. */
export function destinationStore(destination: PhotoDestination): PhotoStore {
  return destination.photoStore ?? folderPhotoStore(destination.photosDir);
}

export type PhotoProcessingOptions = PhotoDestination & {
  /** The feed file's folder: a photo path is read from it or below it, never from elsewhere. */
  feedDir: string;
  /** Where photo addresses may lead (https: only and public addresses only, unless it says otherwise). */
  network?: PhotoNetworkOptions;
  limits?: Partial<typeof PHOTO_LIMITS>;
};

// Part of the content hash: a change to the sizes or encoder settings below gives every photo a new
// folder (and so a new URL), never new bytes under an address browsers keep for a year.
const PIPELINE_VERSION = 'photo-v1';
const FORMATS = [
  { key: 'avif', extension: 'avif', encode: (image: Sharp) => image.avif({ quality: 50, effort: 2 }) },
  { key: 'webp', extension: 'webp', encode: (image: Sharp) => image.webp({ quality: 75 }) },
  { key: 'jpeg', extension: 'jpg', encode: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }) },
] as const;
const ACCEPTED = 'a JPEG, PNG, WebP or AVIF image';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Where a photo came from, for messages: a URL loses its query string (it may hold a token). */
function sourceLabel(source: string): string {
  if (!isWebAddress(source)) return source;
  try {
    return addressLabel(new URL(source));
  } catch {
    return source.split('?')[0]!;
  }
}

async function readLocalFile(source: string, feedDir: string, maxBytes: number, reject: (reason: string) => never): Promise<Buffer> {
  const found = feedPhotoFile(feedDir, source);
  if ('refused' in found) reject(found.refused);
  if ('missing' in found) reject('cannot read it (ENOENT)');
  // The real path, checked just now; no link is followed at its end, and a pipe would not hold up the import.
  const handle = await open(found.realPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) =>
    reject(`cannot read it (${error.code ?? error.message})`),
  );
  try {
    const info = await handle.stat();
    if (!info.isFile()) reject('is not a file');
    if (info.size > maxBytes) reject(`is ${megabytes(info.size)}; a photo may be at most ${megabytes(maxBytes)}`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The upright size of an image after the checks that need only its header. */
async function inspect(bytes: Buffer, maxPixels: number, reject: (reason: string) => never): Promise<{ width: number; height: number }> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => reject(`is not ${ACCEPTED}`));
  const avif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!['jpeg', 'png', 'webp'].includes(metadata.format) && !avif) {
    reject(metadata.format === 'heif' ? `is HEIC; send it as ${ACCEPTED}` : `is ${metadata.format.toUpperCase()}, not ${ACCEPTED}`);
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > maxPixels) {
    reject(`declares ${width} × ${height} pixels; a photo may have at most ${maxPixels / 1_000_000} megapixels`);
  }
  return { width, height };
}

/** Every standard width below the original's, then the largest it can have without upscaling. */
function widthsFor(width: number): number[] {
  const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
  return [...PHOTO_WIDTHS.filter((candidate) => candidate < largest), largest];
}

async function readManifest(store: PhotoStore, hash: string): Promise<UnitPhoto | null> {
  const object = await store.read(photoKey(hash, PHOTO_MANIFEST));
  if (object === null || object === 'not-modified') return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return unitPhotoSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
}

/** One encoded file of a photo, before it is stored. */
interface EncodedFile {
  file: string;
  bytes: Buffer;
}

/** Encodes every size and format in memory and returns them with the manifest that lists them. */
async function encodeSizes(
  bytes: Buffer,
  size: { width: number; height: number },
  hash: string,
  maxPixels: number,
): Promise<{ files: EncodedFile[]; manifest: UnitPhoto }> {
  const widths = widthsFor(size.width);
  // Decoded once, upright, flattened onto white and at the largest size; every file is made from that.
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, autoOrient: true })
    .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColorspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const sources: UnitPhoto['sources'] = { avif: [], webp: [], jpeg: [] };
  const files: EncodedFile[] = [];
  for (const width of widths) {
    const height = Math.max(1, Math.round((width * info.height) / info.width));
    for (const format of FORMATS) {
      const file = `${width}.${format.extension}`;
      // Without keepMetadata/withMetadata sharp writes no EXIF, GPS, XMP or IPTC at all.
      files.push({ file, bytes: await format.encode(sharp(data, raw).resize(width, height)).toBuffer() });
      sources[format.key].push({ width, height, url: photoSitePath(hash, file) });
    }
  }
  const thumbnail = await sharp(data, raw).resize(16).webp({ quality: 40 }).toBuffer();
  const { dominant } = await sharp(data, raw).stats();
  const manifest: UnitPhoto = {
    hash,
    width: size.width,
    height: size.height,
    placeholder: `data:image/webp;base64,${thumbnail.toString('base64')}`,
    color: `#${[dominant.r, dominant.g, dominant.b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`,
    sources,
  };
  return { files, manifest };
}

/**
 * Processes one photo of a unit, off the request path: reads a file of the feed's folder, or
 * downloads an https URL from a public address (download-photo.ts: size cap, timeout, image
 * content types only), checks it is a JPEG, PNG, WebP or AVIF of a sane
 * size without decoding it, then encodes AVIF, WebP and JPEG at PHOTO_WIDTHS (never upscaled),
 * upright and without any metadata (EXIF, GPS), in memory, and writes them to the photo store as
 * <content hash>/<width>.<format>, the manifest last: a photo whose manifest is stored is
 * complete, and a refused or damaged photo writes nothing. The same bytes give the same hash: a
 * photo processed before (its manifest stored) is not processed again. A store that fails
 * (PhotoStoreError, a full disk) is thrown as it is: it is not the photo's fault.
 */
export async function processPhoto(source: string, options: PhotoProcessingOptions): Promise<UnitPhoto> {
  const limits = { ...PHOTO_LIMITS, ...options.limits };
  const store = destinationStore(options);
  const reject = (reason: string): never => {
    throw new PhotoRejectedError(sourceLabel(source), reason);
  };
  const bytes = isWebAddress(source)
    ? await downloadPhoto(source, limits, options.network ?? {}, reject)
    : await readLocalFile(source, options.feedDir, limits.maxBytes, reject);
  return processPhotoBytes(bytes, { label: sourceLabel(source), photoStore: store, limits });
}

/**
 * The same pipeline for a photo already in memory (a staff upload, services/photos/photo-uploads.service.ts):
 * the feed's size, type and pixel checks (PhotoRejectedError naming `label`), then every size and
 * format upright and without metadata, written to the store with the manifest last.
 */
export async function processPhotoBytes(bytes: Buffer, options: { label: string; photoStore: PhotoStore; limits?: Partial<typeof PHOTO_LIMITS> }): Promise<UnitPhoto> {
  const limits = { ...PHOTO_LIMITS, ...options.limits };
  const store = options.photoStore;
  const reject = (reason: string): never => {
    throw new PhotoRejectedError(options.label, reason);
  };
  if (bytes.length > limits.maxBytes) reject(`is ${megabytes(bytes.length)}; a photo may be at most ${megabytes(limits.maxBytes)}`);
  const hash = createHash('sha256').update(PIPELINE_VERSION).update('\0').update(bytes).digest('hex').slice(0, 32);
  const processed = await readManifest(store, hash);
  if (processed) return processed;
  const size = await inspect(bytes, limits.maxPixels, reject);
  const { files, manifest } = await encodeSizes(bytes, size, hash, limits.maxPixels).catch((error: Error) =>
    reject(`is damaged or cut short (${error.message.split('\n')[0]})`),
  );
  for (const { file, bytes: encoded } of files) await store.write(photoKey(hash, file), encoded, photoContentType(file));
  // Another import may have processed the same photo meanwhile: the same bytes, written again whole.
  await store.write(photoKey(hash, PHOTO_MANIFEST), Buffer.from(JSON.stringify(manifest)), photoContentType(PHOTO_MANIFEST));
  return manifest;
}
