import { z } from 'zod';
import type { UnitPhoto } from '../../src/catalog/unit-fields';

/** One size of one processed photo, at its content-hashed address. */
const photoFile = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string().regex(/^\/[\w\-./]+$/, 'must be a site path such as /photos/<hash>/960.avif'),
});

/**
 * A processed photo's manifest, as process-photo.ts reads it back from the photo's folder when the
 * same photo was processed before: checked before the catalog holds it as a UnitPhoto.
 */
export const unitPhotoSchema = z.strictObject({
  /** The content hash that names the photo's folder; the same source bytes give the same hash. */
  hash: z.string().regex(/^[a-f0-9]{32}$/),
  /** The full size, upright (after the camera's rotation is applied). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A blurred thumbnail as a data: URL, shown while the photo loads. */
  placeholder: z.string().regex(/^data:image\/(?:webp|jpeg);base64,[A-Za-z0-9+/=]+$/),
  /** The photo's dominant color (#rrggbb), for a background before even the placeholder. */
  color: z.string().regex(/^#[0-9a-f]{6}$/),
  /** Each format's files from narrowest to widest. */
  sources: z.strictObject({ avif: z.array(photoFile).min(1), webp: z.array(photoFile).min(1), jpeg: z.array(photoFile).min(1) }),
}) satisfies z.ZodType<UnitPhoto>;
