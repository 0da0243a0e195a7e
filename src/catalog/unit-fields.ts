// Read in the browser too: constants and types only. A feed unit's schema (zod) is
// services/feed/feed-unit-schema.ts; a processed photo's, services/photos/unit-photo-schema.ts.

/** How a unit is offered: a new cart, a used one, or a used one the dealer has inspected and warrants. */
export const UNIT_CONDITIONS = ['new', 'used', 'certified'] as const;
export type UnitCondition = (typeof UNIT_CONDITIONS)[number];

/** Where a unit is in its sale: listed, held for a buyer (still shown, marked), or gone. */
export const UNIT_STATUSES = ['available', 'pending', 'sold'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** One size of one processed photo, at its content-hashed address. */
export interface UnitPhotoFile {
  width: number;
  height: number;
  /** A site path such as /photos/<hash>/960.avif. */
  url: string;
}

/**
 * A photo of a unit after processing (services/photos/process-photo.ts): the same picture as AVIF,
 * WebP and JPEG at a few widths, never wider than the original, with a tiny blurred placeholder.
 */
export interface UnitPhoto {
  /** The content hash that names the photo's folder; the same source bytes give the same hash. */
  hash: string;
  /** The full size, upright (after the camera's rotation is applied). */
  width: number;
  height: number;
  /** A blurred thumbnail as a data: URL, shown while the photo loads. */
  placeholder: string;
  /** The photo's dominant color (#rrggbb), for a background before even the placeholder. */
  color: string;
  /** Each format's files from narrowest to widest. */
  sources: { avif: UnitPhotoFile[]; webp: UnitPhotoFile[]; jpeg: UnitPhotoFile[] };
}

/** A photo at its full size, as a JPEG every reader takes: for crawlers (sitemap, structured data). */
export const largestJpegUrl = (photo: UnitPhoto): string => photo.sources.jpeg.at(-1)!.url;
