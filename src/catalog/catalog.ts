import type { Brand, Vehicle } from './vehicle';

/**
 * How route loaders read the catalogue. On the server it is the catalogue service (no HTTP hop);
 * in the browser it is the JSON API.
 */
export interface Catalog {
  listVehicles(): Promise<Vehicle[]>;
  listVehiclesByBrand(brand: Brand): Promise<Vehicle[]>;
  /** One vehicle by its uuid, or null when there is none. */
  findVehicle(id: string): Promise<Vehicle | null>;
}
