import mongoose, { Schema, type Model } from 'mongoose';
import type { LeadAssignmentMode } from '../src/leads/leads';

/** The leads inbox's settings: one document (`_id: 'leads'`) in lead_settings. */
export interface LeadSettingsRecord {
  _id: string;
  assignment: LeadAssignmentMode;
  updatedAt: Date;
}

const leadSettingsSchema = new Schema<LeadSettingsRecord>(
  {
    _id: { type: String, required: true },
    assignment: { type: String, enum: ['manual', 'round-robin'], required: true, default: 'manual' },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'lead_settings', versionKey: false },
);

type LeadSettingsCollectionType = Model<LeadSettingsRecord>;

/** Only models/lead.repository.ts reads or writes it. */
export const LeadSettingsCollection: LeadSettingsCollectionType =
  (mongoose.models.LeadSettings as LeadSettingsCollectionType | undefined) ?? mongoose.model<LeadSettingsRecord>('LeadSettings', leadSettingsSchema);
