import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { unitPhotoSchema } from './unit-photo-schema';
import { temporaryPhotoFolderPrefix } from './abandoned-photo-folders';
import { addressLabel, downloadPhoto } from './download-photo';
import { feedPhotoFile } from './feed-photo-file';
import type { PhotoNetworkOptions } from './photo-address';
import { PhotoRejectedError } from './photo-rejected-error';
import { isWebAddress } from './photo-source';

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

export interface PhotoProcessingOptions {
  /** Where each photo's folder goes: DATA_DIR/photos. */
  photosDir: string;
  /** The feed file's folder: a photo path is read from it or below it, never from elsewhere. */
  feedDir: string;
  /** Where photo addresses may lead (https: only and public addresses only, unless it says otherwise). */
  network?: PhotoNetworkOptions;
  limits?: Partial<typeof PHOTO_LIMITS>;
}

// Part of the content hash: a change to the sizes or encoder settings below gives every photo a new
// folder (and so a new URL), never new bytes under an address browsers keep for a year.
const PIPELINE_VERSION = 'photo-v1';
const MANIFEST = 'manifest.json';
/** Where controllers/photos.controller.ts serves the folders. */
const URL_PATH = '/photos';
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

async function readManifest(folder: string): Promise<UnitPhoto | null> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => null);
  return text === null ? null : unitPhotoSchema.parse(JSON.parse(text));
}

/** Writes every size and format into `folder` (a fresh temporary one) and returns the manifest. */
async function writeSizes(bytes: Buffer, size: { width: number; height: number }, hash: string, folder: string, maxPixels: number): Promise<UnitPhoto> {
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
  for (const width of widths) {
    const height = Math.max(1, Math.round((width * info.height) / info.width));
    for (const format of FORMATS) {
      const file = `${width}.${format.extension}`;
      // Without keepMetadata/withMetadata sharp writes no EXIF, GPS, XMP or IPTC at all.
      await format.encode(sharp(data, raw).resize(width, height)).toFile(path.join(folder, file));
      sources[format.key].push({ width, height, url: `${URL_PATH}/${hash}/${file}` });
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
  await writeFile(path.join(folder, MANIFEST), JSON.stringify(manifest));
  return manifest;
}

/**
 * Processes one photo of a unit, off the request path: reads a file of the feed's folder, or
 * downloads an https URL from a public address (download-photo.ts: size cap, timeout, image
 * content types only), checks it is a JPEG, PNG, WebP or AVIF of a sane
 * size without decoding it, then writes AVIF, WebP and JPEG at PHOTO_WIDTHS (never upscaled),
 * upright and without any metadata (EXIF, GPS), into photosDir/<content hash>/. The folder is
 * written under a temporary name beside it and renamed when complete, so it appears whole or not
 * at all; a refused or failed photo leaves nothing behind. The same bytes give the same folder:
 * a photo processed before is not processed again.
 */
export async function processPhoto(source: string, options: PhotoProcessingOptions): Promise<UnitPhoto> {
  const limits = { ...PHOTO_LIMITS, ...options.limits };
  const reject = (reason: string): never => {
    throw new PhotoRejectedError(sourceLabel(source), reason);
  };
  const bytes = isWebAddress(source)
    ? await downloadPhoto(source, limits, options.network ?? {}, reject)
    : await readLocalFile(source, options.feedDir, limits.maxBytes, reject);
  const hash = createHash('sha256').update(PIPELINE_VERSION).update('\0').update(bytes).digest('hex').slice(0, 32);
  const folder = path.join(options.photosDir, hash);
  const processed = await readManifest(folder);
  if (processed) return processed;

  const size = await inspect(bytes, limits.maxPixels, reject);
  await mkdir(options.photosDir, { recursive: true });
  // Named after this process, so that the next import can tell a folder a killed import left behind.
  const temporary = await mkdtemp(path.join(options.photosDir, temporaryPhotoFolderPrefix(hash)));
  try {
    const manifest = await writeSizes(bytes, size, hash, temporary, limits.maxPixels).catch((error: Error) => {
      // Disk errors are the operator's to see as they are; a decoder's complaint means a damaged photo.
      if ((error as NodeJS.ErrnoException).code) throw error;
      return reject(`is damaged or cut short (${error.message.split('\n')[0]})`);
    });
    try {
      await rename(temporary, folder);
    } catch (error) {
      // Another import processed the same photo meanwhile: its folder is complete, keep it.
      const other = await readManifest(folder);
      if (other) return other;
      throw error;
    }
    return manifest;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}
