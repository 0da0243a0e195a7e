import mongoose from 'mongoose';
import { storeCall } from './store-call';
import { VehicleViewCollection } from './vehicle-view.model';

const UNAVAILABLE_MESSAGE = 'The page views are unavailable right now.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** The per-page, per-day view counters (vehicle_views). */
export const vehicleViewRepository = {
  /** One more view of each page (its path) on `day` (YYYY-MM-DD): one upserted $inc per page, in one round trip. */
  async count(pages: readonly string[], day: string): Promise<void> {
    if (pages.length === 0) return;
    await call(() =>
      VehicleViewCollection.bulkWrite(
        pages.map((page) => ({ updateOne: { filter: { page, day }, update: { $inc: { views: 1 } }, upsert: true } })),
        { ordered: false },
      ),
    );
  },

  /** Every view so far of each of these pages (absent: none). */
  async totals(pages: readonly string[]): Promise<Map<string, number>> {
    if (pages.length === 0) return new Map();
    const rows = await call(() =>
      VehicleViewCollection.aggregate<{ _id: string; views: number }>([
        { $match: { page: mongoose.trusted({ $in: [...pages] }) } },
        { $group: { _id: '$page', views: { $sum: '$views' } } },
      ]).exec(),
    );
    return new Map(rows.map((row) => [row._id, row.views]));
  },
};
