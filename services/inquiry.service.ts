import { inquiryRepository } from '../models/inquiry.repository';
import type { VehicleOfInterest } from '../src/contact/vehicle-of-interest';
import type { Catalog } from '../src/catalog/catalog';
import { findVehicleOfInterest } from '../src/contact/contact-prefill';
import type { ContactContext, ContactInput } from '../src/contact/contact-schema';
import type { LeadSource } from '../src/contact/lead-source';
import type { Clock } from '../src/time/clock';
import type { LeadIntake } from './leads/lead-state';

/** What the visitor is told: the inquiry is stored under this id. */
export interface StoredInquiry {
  id: string;
  createdAt: string;
}

export interface InquiryService {
  /** Stores a validated inquiry, with where its visit came from, and its notifications pending; the outbox sends them. */
  submit(input: ContactInput, context: ContactContext, source: LeadSource): Promise<StoredInquiry>;
}

/**
 * The catalog vehicle a prefilled link named, if it names one, and the showroom where a unit
 * stands (the lead's showroom); a lookup problem just leaves them out.
 */
async function vehicleOfInterest(catalog: Catalog, key: string | undefined): Promise<{ vehicle: VehicleOfInterest; location?: string } | undefined> {
  if (!key) return undefined;
  try {
    const vehicle = await findVehicleOfInterest(catalog, key);
    if (!vehicle) return undefined;
    const { unit } = vehicle;
    const ofInterest: VehicleOfInterest = {
      slug: vehicle.slug,
      name: vehicle.name,
      brand: vehicle.brand,
      ...(vehicle.year ? { year: vehicle.year } : {}),
      condition: unit?.condition ?? (vehicle.isNew ? 'new' : 'used'),
      ...(unit
        ? {
            unit: {
              make: unit.brandName,
              model: unit.model,
              stockNumber: unit.stockNumber,
              ...(unit.serialNumber ? { serialNumber: unit.serialNumber } : {}),
              ...(unit.color ? { color: unit.color } : {}),
              ...(unit.odometer !== undefined ? { odometer: unit.odometer } : {}),
              price: vehicle.price,
            },
          }
        : {}),
    };
    return { vehicle: ofInterest, ...(unit?.location ? { location: unit.location } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Inquiries are written to contact_forms before the visitor hears back, each with a pending staff
 * notification (and a pending CRM copy when CRM_ADF_TO is configured), so that a mail outage
 * delays an inquiry but never loses it.
 */
export function createInquiryService(options: { catalog: Catalog; crmCopy: boolean; clock: Clock; leads: LeadIntake }): InquiryService {
  const { clock } = options;
  return {
    async submit(input, context, source) {
      const found = await vehicleOfInterest(options.catalog, context.vehicle);
      const vehicle = found?.vehicle;
      const now = clock();
      const pending = () => ({ status: 'pending' as const, attempts: 0, nextAttemptAt: now });
      const prefill = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
      const stored = await inquiryRepository.create({
        ...input,
        ...(Object.keys(prefill).length ? { prefill } : {}),
        ...(vehicle ? { vehicleOfInterest: vehicle } : {}),
        ...(Object.keys(source).length ? { source } : {}),
        createdAt: now,
        notification: pending(),
        ...(options.crmCopy ? { crmNotification: pending() } : {}),
        // The leads inbox's state: new, its due time, the unit's showroom, its search keys, a round-robin assignee.
        lead: await options.leads.leadOf({ ...input, createdAt: now }, found?.location),
      });
      return { id: stored.id, createdAt: stored.createdAt.toISOString() };
    },
  };
}
