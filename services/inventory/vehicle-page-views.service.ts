import { vehicleViewRepository } from '../../models/vehicle-view.repository';

/** One view of each vehicle page a beacon names, on the day (UTC) it arrived: one upserted $inc per page. */
export function countVehiclePageViews(pages: readonly string[], now: Date): Promise<void> {
  return vehicleViewRepository.count([...new Set(pages)], now.toISOString().slice(0, 10));
}
