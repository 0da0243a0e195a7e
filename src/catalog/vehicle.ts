import type { UnitCondition, UnitPhoto, UnitStatus } from './unit-fields';

// Read in the browser too: types and constants only. The catalog file's schema (zod) is
// server-side, in catalog-entry-schema.server.ts, and parses to CatalogEntry.

/** The dealership's house brands: the model entries are of these; used units may be of any brand. */
export const BRANDS = ['denago', 'evolution'] as const;
export type Brand = (typeof BRANDS)[number];

/** Specification keys the product names (docs/product.md#vehicles); any other key is listed generically on model entry pages. */
export const NAMED_SPECIFICATION_KEYS = ['topSpeed', 'range', 'seatingCapacity', 'batteryType'] as const;

/**
 * One catalog entry as operators write it in a catalog file (seeds/catalog.json is the shipped
 * one), once checked: a model of a house brand. The id is not part of the file: it is generated
 * once, when the slug is first imported.
 */
export interface CatalogEntry {
  slug: string;
  name: string;
  description: string;
  brand: Brand;
  category: string;
  /** The model year, as dealers and CRMs (ADF's <year>) name a vehicle: 2026. */
  year: number;
  /** Whole US dollars, or null where the dealer quotes on request ("Contact for Pricing"). */
  price: number | null;
  /** Site paths such as /images/x.svg. */
  images: string[];
  /** Every named key (NAMED_SPECIFICATION_KEYS), and any other the model has. */
  specifications: { topSpeed: string; range: string; seatingCapacity: string; batteryType: string; [key: string]: string };
  features: string[];
  inStock: boolean;
  isNew: boolean;
}

/**
 * What makes a catalog vehicle one particular cart on the lot (a unit of the dealer's feed) rather
 * than a model: its stock number, condition, hours, where it stands, whether it is still for sale,
 * and its own photos.
 */
export interface UnitDetails {
  /** The brand as the feed writes it: "Club Car", "E-Z-GO" (the vehicle's brand is its key, 'club-car'). */
  brandName: string;
  model: string;
  stockNumber: string;
  /** Manufacturer serial number, or the VIN of a street-legal LSV. */
  serialNumber?: string;
  condition: UnitCondition;
  color?: string;
  hours?: number;
  /** Miles, for street-legal LSVs. */
  odometer?: number;
  /** The showroom id (seeds/business.json) where the unit stands. */
  location?: string;
  status: UnitStatus;
  /** When the unit was first seen sold (ISO 8601). */
  soldAt?: string;
  /** Processed photos in the feed's order; the first is the main one. */
  photos: UnitPhoto[];
}

/** A vehicle as the API answers it and the views read it. */
export interface Vehicle extends Omit<CatalogEntry, 'brand' | 'year' | 'specifications'> {
  id: string;
  /** A house brand for the model entries; for units any brand's key ('club-car', 'e-z-go'). */
  brand: string;
  /** The model year; a unit's feed may leave it out. */
  year?: number;
  /** The named keys (NAMED_SPECIFICATION_KEYS) on every model entry; a unit has what its feed gives. */
  specifications: Record<string, string>;
  /** Present on a unit of the dealer's feed, absent on a model entry. */
  unit?: UnitDetails;
}
