import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Model, type Types } from 'mongoose';
import type { ContactContext, ContactInput } from '../src/contact/contact-schema';
import type { LeadSource } from '../src/contact/lead-source';
import { INTERESTS } from '../src/contact/interest';
import type { UnitOfInterest, VehicleOfInterest } from '../src/contact/vehicle-of-interest';
import { LEAD_STATUSES, type LeadStatus } from '../src/leads/leads';
import { deliveryStateSchema, type DeliveryState } from './delivery-state';

// The outbox's types were first written for inquiries; their callers still import them from here.
export { DELIVERY_STATUSES, type DeliveryState, type DeliveryStatus } from './delivery-state';

/** One change of a lead, kept with who and when: a status, an assignee (staff ids) or an e-mail sent again. */
export interface StoredLeadChange {
  at: Date;
  /** The staff member who made it; absent for the site's own (a round-robin assignment). */
  byId?: Types.ObjectId;
  change: 'status' | 'assignee' | 'resent';
  /** A status, or an assignee's staff id (absent: nobody). */
  from?: string;
  to?: string;
  /** An assignment the site made (round-robin), not a person. */
  automatic?: boolean;
  /** The e-mail sent again ('notification' or 'crmNotification'). */
  delivery?: string;
}

export interface StoredLeadNote {
  id: string;
  at: Date;
  byId: Types.ObjectId;
  text: string;
}

/**
 * Where an inquiry stands as a lead in the staff inbox (issue 23). Set when the inquiry is stored;
 * inquiries stored before the inbox get it once at start (services/leads/lead-backfill.service.ts).
 */
export interface StoredLead {
  status: LeadStatus;
  assigneeId?: Types.ObjectId;
  /** When a lead still new becomes overdue: the business file's threshold in business hours (src/leads/lead-due.ts). */
  dueAt: Date;
  /** The business file's id of the showroom where the unit asked about stands; absent when no unit was named. */
  showroom?: string;
  /** Lower-cased name, e-mail and phone keys a search matches by prefix (src/leads/lead-search.ts). */
  searchKeys: string[];
  /** The first move out of "new" by a person; set once. */
  firstResponse?: { at: Date; byId: Types.ObjectId; businessSeconds: number };
  /** Oldest first. */
  history: StoredLeadChange[];
  notes: StoredLeadNote[];
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
  /** Absent only on an inquiry stored before the leads inbox, until the start-up backfill gives it one. */
  lead?: StoredLead;
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

/** Notes are plain text up to 2,000 characters (src/leads/leads.ts). */
export const LEAD_NOTE_MAX_LENGTH = 2000;

const leadChangeSchema = new Schema<StoredLeadChange>(
  {
    at: { type: Date, required: true },
    byId: { type: Schema.Types.ObjectId },
    change: { type: String, enum: ['status', 'assignee', 'resent'], required: true },
    from: optionalText(40),
    to: optionalText(40),
    automatic: { type: Boolean },
    delivery: optionalText(40),
  },
  { _id: false },
);

const leadSchema = new Schema<StoredLead>(
  {
    status: { type: String, enum: LEAD_STATUSES, required: true, default: 'new' },
    assigneeId: { type: Schema.Types.ObjectId },
    dueAt: { type: Date, required: true },
    showroom: optionalText(60),
    searchKeys: { type: [{ type: String, maxlength: 254 }], default: [] },
    firstResponse: {
      type: new Schema(
        { at: { type: Date, required: true }, byId: { type: Schema.Types.ObjectId, required: true }, businessSeconds: { type: Number, required: true, min: 0 } },
        { _id: false },
      ),
      required: false,
    },
    history: { type: [leadChangeSchema], default: [] },
    notes: {
      type: [
        new Schema<StoredLeadNote>(
          {
            id: { type: String, required: true, maxlength: 36 },
            at: { type: Date, required: true },
            byId: { type: Schema.Types.ObjectId, required: true },
            text: { type: String, required: true, maxlength: LEAD_NOTE_MAX_LENGTH },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { _id: false },
);

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
    lead: { type: leadSchema, required: false },
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

// The leads inbox (issue 23): each of its lists reads an index in its own order and stops at a page
// (models/lead.repository.ts; the plans are checked in test/integration/leads-query-plans.test.ts).
// Every other lead, newest first:
inquirySchema.index({ createdAt: -1 });
// New leads past due, longest overdue first; and the counts of new and overdue leads.
inquirySchema.index({ 'lead.status': 1, 'lead.dueAt': 1 });
// The list filtered by status, assignee (a missing one is the null key: unassigned), kind or showroom, newest first.
inquirySchema.index({ 'lead.status': 1, createdAt: -1 });
inquirySchema.index({ 'lead.assigneeId': 1, createdAt: -1 });
// A person's (or nobody's) past-due leads in due order, without reading every past-due lead of the others.
inquirySchema.index({ 'lead.assigneeId': 1, 'lead.status': 1, 'lead.dueAt': 1 });
inquirySchema.index({ interest: 1, createdAt: -1 });
inquirySchema.index({ 'lead.showroom': 1, createdAt: -1 });
// Search by a name's, an e-mail's or a phone's prefix, and related inquiries by an equal e-mail or phone (multikey).
inquirySchema.index({ 'lead.searchKeys': 1, createdAt: -1 });
// A search for a whole key (a surname shared by thousands): its past-due leads in due order.
inquirySchema.index({ 'lead.searchKeys': 1, 'lead.status': 1, 'lead.dueAt': 1 });
// The staff inventory's inquiries per unit (issue 24): counted in this index for one page of units.
inquirySchema.index({ 'vehicleOfInterest.unit.stockNumber': 1 }, { sparse: true });

type InquiryCollectionType = Model<InquiryRecord>;

/** The inquiries, in the contact_forms collection (the name the specification fixes). Only models/inquiry.repository.ts reads or writes it. */
export const InquiryCollection: InquiryCollectionType =
  (mongoose.models.Inquiry as InquiryCollectionType | undefined) ?? mongoose.model<InquiryRecord>('Inquiry', inquirySchema);
