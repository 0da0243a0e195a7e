import { brandLabel } from '../catalog/brand-label';
import type { LeadSource } from '../contact/lead-source';
import type { ContactInput } from '../contact/contact-schema';
import type { VehicleOfInterest } from '../contact/vehicle-of-interest';

/** One stored inquiry, as the staff e-mail and the ADF lead describe it. */
export interface MailedInquiry extends ContactInput {
  id: string;
  createdAt: Date;
  topic?: string;
  /** A rental plan key such as '6-seater-weekly'. */
  plan?: string;
  vehicle?: VehicleOfInterest;
  /** How the visit began: landing page, referring site, campaign. */
  source?: LeadSource;
}

/** The make and model of a lead's vehicle: "DENAGO" and "EV City" from "DENAGO EV City"; a unit's as its feed gives them. */
export function makeAndModel(vehicle: VehicleOfInterest): { make: string; model: string } {
  if (vehicle.unit) return { make: vehicle.unit.make, model: vehicle.unit.model };
  const make = brandLabel({ brand: vehicle.brand });
  const model = vehicle.name.toUpperCase().startsWith(`${make} `) ? vehicle.name.slice(make.length + 1) : vehicle.name;
  return { make, model };
}
