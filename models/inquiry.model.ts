import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Model } from 'mongoose';
import type { ContactContext, ContactInput } from '../src/contact/contact-schema';
import type { LeadSource } from '../src/contact/lead-source';
import { INTERESTS } from '../src/contact/interest';
import type { UnitOfInterest, VehicleOfInterest } from '../src/contact/vehicle-of-interest';
import { deliveryStateSchema, type DeliveryState } from './delivery-state';

// The outbox's types were first written for inquiries; their callers still import them from here.
export { DELIVERY_STATUSES, type DeliveryState, type DeliveryStatus } from './delivery-state';

/** An inquiry as the contact_forms collection stores it. */
export interface InquiryRecord extends ContactInput {
  /** The public uuid; set by the server, never by the visitor. */
  id: string;
  prefill?: ContactContext;
  vehicleOfInterest?: VehicleOfInterest;
  /** How the visit that sent the inquiry began (src/contact/lead-source.ts); checked on arrival. */
  source?: LeadSource;
  /**
   * When the inquiry arrived, set by the server. The product calls it text with a timestamp default:
   * it is stored as a BSON date (sortable, queryable) and always answered as an ISO 8601 string
   * (docs/decisions/003-specification-decisions.md#storage).
   */
  createdAt: Date;
  /** The staff notification e-mail. */
  notification: DeliveryState;
  /** The ADF copy for the CRM; present only when CRM_ADF_TO was configured when it was saved. */
  crmNotification?: DeliveryState;
}

const prefillSchema = new Schema<ContactContext>(
  { topic: { type: String, maxlength: 120 }, plan: { type: String, maxlength: 120 }, vehicle: { type: String, maxlength: 120 } },
  { _id: false },
);

const vehicleOfInterestSchema = new Schema<VehicleOfInterest>(
  {
    slug: { type: String, required: true, maxlength: 80 },
    name: { type: String, required: true, maxlength: 120 },
    brand: { type: String, required: true, maxlength: 40 },
    year: { type: Number, min: 1980, max: 2100 },
    condition: { type: String, enum: ['new', 'used', 'certified'], required: true },
    unit: {
      type: new Schema<UnitOfInterest>(
        {
          make: { type: String, required: true, maxlength: 40 },
          model: { type: String, required: true, maxlength: 80 },
          stockNumber: { type: String, required: true, maxlength: 24 },
          serialNumber: { type: String, maxlength: 30 },
          color: { type: String, maxlength: 40 },
          odometer: { type: Number, min: 0 },
          price: { type: Number, default: null, min: 0 },
        },
        { _id: false },
      ),
      required: false,
    },
  },
  { _id: false },
);

const optionalText = (maxlength: number) => ({ type: String, maxlength });

const leadSourceSchema = new Schema<LeadSource>(
  {
    landingPage: optionalText(300),
    referrer: optionalText(260),
    utmSource: optionalText(100),
    utmMedium: optionalText(100),
    utmCampaign: optionalText(100),
    utmTerm: optionalText(100),
    utmContent: optionalText(100),
    gclid: optionalText(200),
  },
  { _id: false },
);

const requiredText = (maxlength: number) => ({ type: String, required: true, maxlength });

const inquirySchema = new Schema<InquiryRecord>(
  {
    id: { type: String, required: true, unique: true, immutable: true, default: () => randomUUID() },
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: requiredText(254),
    phone: requiredText(40),
    interest: { type: String, enum: INTERESTS, required: true },
    message: requiredText(5000),
    prefill: { type: prefillSchema, required: false },
    vehicleOfInterest: { type: vehicleOfInterestSchema, required: false },
    source: { type: leadSourceSchema, required: false },
    createdAt: { type: Date, required: true, immutable: true, default: () => new Date() },
    notification: { type: deliveryStateSchema, required: true, default: () => ({}) },
    crmNotification: { type: deliveryStateSchema, required: false },
  },
  {
    collection: 'contact_forms',
    versionKey: false,
    id: false,
    toJSON: {
      transform: (_doc, ret) => {
        const { _id, ...rest } = ret as Record<string, unknown>;
        return rest;
      },
    },
  },
);

// The outbox worker's question: which notification is due longest? Its claim filters on the status
// and sorts on nextAttemptAt, in this order, so it reads one entry (test/integration/outbox-claim-plan.test.ts).
inquirySchema.index({ 'notification.status': 1, 'notification.nextAttemptAt': 1 });
inquirySchema.index({ 'crmNotification.status': 1, 'crmNotification.nextAttemptAt': 1 }, { sparse: true });

type InquiryCollectionType = Model<InquiryRecord>;

/** The inquiries, in the contact_forms collection (the name the specification fixes). Only models/inquiry.repository.ts reads or writes it. */
export const InquiryCollection: InquiryCollectionType =
  (mongoose.models.Inquiry as InquiryCollectionType | undefined) ?? mongoose.model<InquiryRecord>('Inquiry', inquirySchema);
