import mongoose, { Schema, type Model, type Types } from 'mongoose';

/** Who changed a unit: a signed-in staff member (named as they were then), or the dealer's feed. */
export type UnitChangeActor = { type: 'staff'; staffId: Types.ObjectId; name: string } | { type: 'feed' };

/**
 * One change to one unit (issue 24, history): a unit added, one field changed (by its feed column
 * name, with its value before and after as the staff form shows it), or a field's lock released.
 * The unit page lists a unit's changes and its price history from here; the audit log records the
 * same staff changes with who did them from where.
 */
export interface UnitChangeRecord {
  _id: Types.ObjectId;
  stockNumber: string;
  at: Date;
  by: UnitChangeActor;
  kind: 'created' | 'changed' | 'lock-released';
  /** The feed column ('price'), for a change or a released lock. */
  field?: string;
  /** As the form shows it: '9495', '' for no value ("Contact for Pricing" for a price). */
  before?: string;
  after?: string;
}

const unitChangeSchema = new Schema<UnitChangeRecord>(
  {
    stockNumber: { type: String, required: true, immutable: true },
    at: { type: Date, required: true, immutable: true },
    by: {
      type: { type: String, enum: ['staff', 'feed'], required: true },
      staffId: Schema.Types.ObjectId,
      name: String,
    },
    kind: { type: String, enum: ['created', 'changed', 'lock-released'], required: true },
    field: { type: String, maxlength: 40 },
    before: { type: String, maxlength: 2000 },
    after: { type: String, maxlength: 2000 },
  },
  { collection: 'unit_changes', versionKey: false },
);

// A unit's page reads its changes newest first, and its price changes alone.
unitChangeSchema.index({ stockNumber: 1, at: -1 });

type UnitChangeCollectionType = Model<UnitChangeRecord>;

/** Units' change history. Only models/unit-change.repository.ts reads or writes it; a change is never edited. */
export const UnitChangeCollection: UnitChangeCollectionType =
  (mongoose.models.UnitChange as UnitChangeCollectionType | undefined) ?? mongoose.model<UnitChangeRecord>('UnitChange', unitChangeSchema);
