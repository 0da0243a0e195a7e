import { z } from 'zod';
import { latestModelYear } from '../../src/catalog/model-year';
import { UNIT_CONDITIONS, UNIT_STATUSES } from '../../src/catalog/unit-fields';

/** Used carts go back further than the new models; nothing is a year older than 1980 or more than a year ahead. */
const EARLIEST_UNIT_YEAR = 1980;

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

const yearUpTo = (latest: number) =>
  z
    .number({ error: 'must be a model year such as 2022' })
    .int('must be a model year such as 2022')
    .min(EARLIEST_UNIT_YEAR, `must be a model year from ${EARLIEST_UNIT_YEAR} on`)
    .max(latest, `must be a model year no later than ${latest}`);

const condition = z.enum(UNIT_CONDITIONS, { error: 'must be new, used or certified' });
const status = z.enum(UNIT_STATUSES, { error: 'must be available, pending or sold' });
const hours = wholeNumber('must be a whole number of hours', 100_000);
const odometer = wholeNumber('must be a whole number of miles', 1_000_000);

/** A showroom key, checked against the showrooms the business has (the business file's showrooms). */
function locationOf(locationIds: readonly string[]) {
  const message = `must be one of the showrooms: ${locationIds.join(', ')}`;
  return z.string({ error: message }).refine((id) => locationIds.includes(id), message);
}

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
export function feedUnitSchema(locationIds: readonly string[], today: Date) {
  const year = yearUpTo(latestModelYear(today));
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
