/**
 * The catalog vehicle an inquiry is about, as it was when the inquiry arrived: stored with the
 * inquiry (models/contact-form.model.ts) and described in the staff e-mail and the ADF lead.
 */
export interface VehicleOfInterest {
  slug: string;
  name: string;
  /** The catalog's brand key: 'denago', 'evolution'. */
  brand: string;
  /** The catalog's model year (ADF's required <year>); absent for a vehicle imported without one. */
  year?: number;
  condition: 'new' | 'used';
}
