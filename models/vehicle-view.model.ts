import mongoose, { Schema, type Model } from 'mongoose';

/**
 * How often a vehicle's public page was seen on one day (UTC), counted from the page-view beacon
 * the site already sends with its Web Vitals (controllers/vitals.controller.ts), so pages served
 * from a cache count too. One small counter per vehicle page and day: nothing about the visitor.
 */
export interface VehicleViewRecord {
  /** The vehicle's page path: /inventory/<slug> for a unit, /vehicle/<id> for a model entry. */
  page: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
}

const vehicleViewSchema = new Schema<VehicleViewRecord>(
  {
    page: { type: String, required: true, maxlength: 120 },
    day: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    views: { type: Number, required: true, default: 0, min: 0 },
  },
  { collection: 'vehicle_views', versionKey: false },
);

// One counter per page and day, found by its two keys for the $inc; a page's days read in order.
vehicleViewSchema.index({ page: 1, day: 1 }, { unique: true });

type VehicleViewCollectionType = Model<VehicleViewRecord>;

/** Vehicle page views by day. Only models/vehicle-view.repository.ts reads or writes it. */
export const VehicleViewCollection: VehicleViewCollectionType =
  (mongoose.models.VehicleView as VehicleViewCollectionType | undefined) ?? mongoose.model<VehicleViewRecord>('VehicleView', vehicleViewSchema);
