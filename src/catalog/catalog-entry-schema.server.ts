import { z } from 'zod';
import { latestModelYear } from './model-year';
import { VEHICLE_SLUG, VEHICLE_SLUG_MAX_LENGTH } from './vehicle-key';
import { BRANDS, type CatalogEntry } from './vehicle';

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * One catalog entry as operators write it in a catalog file (seeds/catalog.json is the shipped
 * one), parsed to the CatalogEntry the rest of the code reads.
 */
export function catalogEntrySchema(today: Date) {
  const latestYear = latestModelYear(today);
  return z.strictObject({
    slug: z.string().regex(VEHICLE_SLUG, 'must be lower-case kebab-case').max(VEHICLE_SLUG_MAX_LENGTH),
    name: text(120),
    description: text(2000),
    brand: z.enum(BRANDS),
    category: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a lower-case word')
      .max(40),
    /** The model year, as dealers and CRMs (ADF's <year>) name a vehicle: 2026. */
    year: z
      .number({ error: 'must be a model year such as 2026' })
      .int('must be a model year such as 2026')
      .min(2000, 'must be a model year from 2000 on')
      .max(latestYear, `must be a model year no later than ${latestYear}`),
    /** Whole US dollars, or null where the dealer quotes on request ("Contact for Pricing"). */
    price: z.number().int().nonnegative().nullable(),
    images: z.array(z.string().regex(/^\/[\w\-./]+$/, 'must be a site path such as /images/x.svg')).default([]),
    specifications: z
      .object({
        topSpeed: text(60),
        range: text(60),
        seatingCapacity: text(60),
        batteryType: text(80),
      })
      .catchall(text(200)),
    features: z.array(text(200)).default([]),
    inStock: z.boolean().default(true),
    isNew: z.boolean().default(true),
  }) satisfies z.ZodType<CatalogEntry>;
}
