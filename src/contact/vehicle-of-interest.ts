import type { UnitCondition } from '../catalog/unit-fields';

/**
 * The catalog vehicle an inquiry is about, as it was when the inquiry arrived: stored with the
 * inquiry (models/inquiry.model.ts) and described in the staff e-mail and the ADF lead.
 */
export interface VehicleOfInterest {
  slug: string;
  name: string;
  /** The catalog's brand key: 'denago', 'evolution'. */
  brand: string;
  /** The catalog's model year (ADF's required <year>); absent for a vehicle imported without one. */
  year?: number;
  condition: UnitCondition;
  /** Present when the vehicle is one particular unit on the lot (the dealer's feed). */
  unit?: UnitOfInterest;
}

/** The unit of the dealer's feed an inquiry is about: what a CRM files it by. */
export interface UnitOfInterest {
  /** As the feed writes them: "Club Car", "Onward 4 Passenger". */
  make: string;
  model: string;
  stockNumber: string;
  serialNumber?: string;
  color?: string;
  odometer?: number;
  /** Whole dollars as the page showed it; null for "Contact for Pricing". */
  price: number | null;
}
