import type { Vehicle } from './vehicle';

/** The brand as pages and leads print it: "DENAGO"; a unit's as its feed names it, "CLUB CAR". */
export function brandLabel(vehicle: Pick<Vehicle, 'brand'> & { unit?: Pick<NonNullable<Vehicle['unit']>, 'brandName'> }): string {
  return (vehicle.unit?.brandName ?? vehicle.brand).toUpperCase();
}
