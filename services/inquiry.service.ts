import mongoose from 'mongoose';
import { InquiryCollection } from '../models/inquiry.model';
import type { VehicleOfInterest } from '../src/contact/vehicle-of-interest';
import type { Catalog } from '../src/catalog/catalog';
import { findVehicleOfInterest } from '../src/contact/contact-prefill';
import type { ContactContext, ContactInput } from '../src/contact/contact-schema';
import type { LeadSource } from '../src/contact/visit-source';
import { isDatabaseUnavailable } from '../src/db/database-unavailable.server';
import { StoreUnavailableError } from '../src/db/store-unavailable-error';

/** What the visitor is told: the inquiry is stored under this id. */
export interface StoredInquiry {
  id: string;
  createdAt: string;
}

export interface InquiryService {
  /** Stores a validated inquiry, with where its visit came from, and its notifications pending; the outbox sends them. */
  submit(input: ContactInput, context: ContactContext, source: LeadSource): Promise<StoredInquiry>;
}

const UNAVAILABLE_MESSAGE = 'We could not save your message right now. Please call us or try again in a few minutes.';

/** The catalog vehicle a prefilled link named, if it names one; a lookup problem just leaves it out. */
async function vehicleOfInterest(catalog: Catalog, key: string | undefined): Promise<VehicleOfInterest | undefined> {
  if (!key) return undefined;
  try {
    const vehicle = findVehicleOfInterest(await catalog.listVehicles(), key);
    if (!vehicle) return undefined;
    const { unit } = vehicle;
    return {
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
  } catch {
    return undefined;
  }
}

/**
 * Inquiries are written to contact_forms before the visitor hears back, each with a pending staff
 * notification (and a pending CRM copy when CRM_ADF_TO is configured), so that a mail outage
 * delays an inquiry but never loses it.
 */
export function createInquiryService(options: { catalog: Catalog; crmCopy: boolean; clock?: () => Date }): InquiryService {
  const clock = options.clock ?? (() => new Date());
  return {
    async submit(input, context, source) {
      if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) throw new StoreUnavailableError(UNAVAILABLE_MESSAGE);
      const vehicle = await vehicleOfInterest(options.catalog, context.vehicle);
      const now = clock();
      const pending = () => ({ status: 'pending' as const, attempts: 0, nextAttemptAt: now });
      const prefill = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
      try {
        const record = await InquiryCollection.create({
          ...input,
          ...(Object.keys(prefill).length ? { prefill } : {}),
          ...(vehicle ? { vehicleOfInterest: vehicle } : {}),
          ...(Object.keys(source).length ? { source } : {}),
          createdAt: now,
          notification: pending(),
          ...(options.crmCopy ? { crmNotification: pending() } : {}),
        });
        return { id: record.id, createdAt: record.createdAt.toISOString() };
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw new StoreUnavailableError(UNAVAILABLE_MESSAGE, { cause: error });
        // Mongoose's own messages quote the rejected values, and errors get logged: name the fields only.
        if (error instanceof mongoose.Error.ValidationError) throw new Error(`the inquiry failed the model's validation: ${Object.keys(error.errors).join(', ')}`);
        throw error;
      }
    },
  };
}
