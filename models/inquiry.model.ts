import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Model } from 'mongoose';
import type { ContactContext, ContactInput } from '../src/contact/contact-schema';
import type { LeadSource } from '../src/contact/lead-source';
import { INTERESTS } from '../src/contact/interest';
import type { UnitOfInterest, VehicleOfInterest } from '../src/contact/vehicle-of-interest';

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Where one outgoing e-mail about an inquiry stands (the outbox). An inquiry is saved as pending;
 * the worker sends it when nextAttemptAt has come, and on failure counts the attempt and moves
 * nextAttemptAt on (back-off). 'sent' is final and carries sentAt, so a message that went out is
 * never sent again. 'failed' is final too: the worker gave up (a permanent rejection), and staff
 * must look at it. lastError is the mail server's or the worker's text only, never visitor input.
 */
export interface DeliveryState {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
  sentAt?: Date;
  /**
   * The worker that claimed this message for sending. A claim also moves nextAttemptAt one lease
   * ahead, so no other worker picks the message up while it is being sent.
   */
  claimToken?: string;
}

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

const deliveryStateSchema = new Schema<DeliveryState>(
  {
    status: { type: String, enum: DELIVERY_STATUSES, required: true, default: 'pending' },
    attempts: { type: Number, required: true, default: 0, min: 0 },
    nextAttemptAt: { type: Date, required: true, default: () => new Date() },
    lastError: { type: String, maxlength: 500 },
    sentAt: { type: Date },
    claimToken: { type: String, maxlength: 64 },
  },
  { _id: false },
);

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

// The outbox worker's question: which notifications are due?
inquirySchema.index({ 'notification.status': 1, 'notification.nextAttemptAt': 1 });
inquirySchema.index({ 'crmNotification.status': 1, 'crmNotification.nextAttemptAt': 1 }, { sparse: true });

type InquiryCollectionType = Model<InquiryRecord>;

/** The inquiries, in the contact_forms collection (the name the specification fixes). Only models/inquiry.repository.ts reads or writes it. */
export const InquiryCollection: InquiryCollectionType =
  (mongoose.models.Inquiry as InquiryCollectionType | undefined) ?? mongoose.model<InquiryRecord>('Inquiry', inquirySchema);
