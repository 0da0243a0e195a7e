import { z } from 'zod';

/** How a unit is offered: a new cart, a used one, or a used one the dealer has inspected and warrants. */
export const UNIT_CONDITIONS = ['new', 'used', 'certified'] as const;
export type UnitCondition = (typeof UNIT_CONDITIONS)[number];

/** Where a unit is in its sale: listed, held for a buyer (still shown, marked), or gone. */
export const UNIT_STATUSES = ['available', 'pending', 'sold'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Used carts go back further than the new models; nothing is a year older than 1980 or more than a year ahead. */
const EARLIEST_UNIT_YEAR = 1980;
const LATEST_UNIT_YEAR = new Date().getFullYear() + 1;

const wholeNumber = (message: string, max: number) =>
  z
    .number({ error: message })
    .int(message)
    .nonnegative(message)
    .max(max, `${message}, at most ${max.toLocaleString('en-US')}`);

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** Dealer stock numbers are compared without case; they are kept in capitals. */
const stockNumber = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{0,23}$/, 'must be 1 to 24 letters, digits or hyphens, such as U2417');

/** A manufacturer serial number, or the 17-character VIN of a street-legal LSV. */
const serialNumber = z
  .string({ error: 'must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{3,29}$/, 'must be 4 to 30 letters, digits or hyphens');

const year = z
  .number({ error: 'must be a model year such as 2022' })
  .int('must be a model year such as 2022')
  .min(EARLIEST_UNIT_YEAR, `must be a model year from ${EARLIEST_UNIT_YEAR} on`)
  .max(LATEST_UNIT_YEAR, `must be a model year no later than ${LATEST_UNIT_YEAR}`);

const condition = z.enum(UNIT_CONDITIONS, { error: 'must be new, used or certified' });
const status = z.enum(UNIT_STATUSES, { error: 'must be available, pending or sold' });
const hours = wholeNumber('must be a whole number of hours', 100_000);
const odometer = wholeNumber('must be a whole number of miles', 1_000_000);

/** A showroom key, checked against the showrooms the business has (the business file's showrooms). */
function locationOf(locationIds: readonly string[]) {
  const message = `must be one of the showrooms: ${locationIds.join(', ')}`;
  return z.string({ error: message }).refine((id) => locationIds.includes(id), message);
}

/** One size of one processed photo, at its content-hashed address. */
const photoFile = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string().regex(/^\/[\w\-./]+$/, 'must be a site path such as /photos/<hash>/960.avif'),
});

/**
 * A photo of a unit after processing (services/photos/process-photo.ts): the same picture as AVIF,
 * WebP and JPEG at a few widths, never wider than the original, with a tiny blurred placeholder.
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
});
export type UnitPhoto = z.infer<typeof unitPhotoSchema>;

/** A photo at its full size, as a JPEG every reader takes: for crawlers (sitemap, structured data). */
export const largestJpegUrl = (photo: UnitPhoto): string => photo.sources.jpeg.at(-1)!.url;

/**
 * The fields that make a catalog entry a particular unit on a lot rather than a model. All are
 * optional, so the model entries keep working as they are. Takes the showroom keys to check
 * `location` against.
 */
export function unitFieldsSchema(locationIds: readonly string[]) {
  return z.object({
    year: year.optional(),
    stockNumber: stockNumber.optional(),
    serialNumber: serialNumber.optional(),
    condition: condition.optional(),
    color: text(40).optional(),
    hours: hours.optional(),
    odometer: odometer.optional(),
    location: locationOf(locationIds).optional(),
    status: status.optional(),
    /** When the unit was first seen sold (ISO date-time); its page answers 410 for 30 days from then. */
    soldAt: z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-07-01T12:00:00Z' }).optional(),
    /** In the order the feed lists them; the first is the unit's main photo. */
    photos: z.array(unitPhotoSchema).max(40).optional(),
  });
}
export type UnitFields = z.infer<ReturnType<typeof unitFieldsSchema>>;

const photoSource = z
  .string({ error: 'must be an http(s) address or a file path' })
  .trim()
  .min(1)
  .refine((source) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^https?:\/\/[^/\s]+/i.test(source), 'must be an http(s) address or a file path')
  .refine((source) => !/[\u0000-\u001f\u007f]/.test(source), 'must not hold control characters');

/**
 * One unit of a dealer feed (a CSV row or a JSON entry) once its cells are read as numbers, lists
 * and words: what services/feed checks every row against before anything is imported.
 */
export function feedUnitSchema(locationIds: readonly string[]) {
  return z.strictObject({
    stockNumber,
    serialNumber: serialNumber.optional(),
    year: year.optional(),
    /** As the dealer writes it ("Club Car"); any brand, not only the house brands. */
    brand: text(40),
    model: text(80),
    /** Defaults to year, brand and model: "2021 Club Car Onward 4 Passenger". */
    name: text(120).optional(),
    condition,
    category: z
      .string({ error: 'must be a lower-case word such as onward' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case word such as onward (letters, digits, hyphens)')
      .max(40, 'must be at most 40 characters')
      .optional(),
    /** Whole US dollars; null where the dealer quotes on request ("Contact for Pricing"). */
    price: z
      .number({ error: (issue) => (issue.input === undefined ? 'is required (null for "Contact for Pricing")' : 'must be a whole number of dollars') })
      .int('must be a whole number of dollars')
      .nonnegative('must be a whole number of dollars')
      .max(1_000_000, 'must be at most $1,000,000')
      .nullable(),
    seats: z
      .number({ error: 'must be a whole number from 1 to 12' })
      .int('must be a whole number from 1 to 12')
      .min(1, 'must be a whole number from 1 to 12')
      .max(12, 'must be a whole number from 1 to 12')
      .optional(),
    color: text(40).optional(),
    hours: hours.optional(),
    odometer: odometer.optional(),
    location: locationOf(locationIds).optional(),
    status: status.default('available'),
    description: text(2000).optional(),
    features: z.array(text(200), { error: 'must be a list separated by |' }).max(40, 'must list at most 40 features').default([]),
    /** URLs or file paths (relative to the feed file), in order; the import processes each once. */
    photos: z.array(photoSource, { error: 'must be a list separated by |' }).max(40, 'must list at most 40 photos').default([]),
  });
}
export type FeedUnit = z.infer<ReturnType<typeof feedUnitSchema>>;
