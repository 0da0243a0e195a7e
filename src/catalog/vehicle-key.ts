/**
 * The shapes of a vehicle's two public keys, checked before any lookup so that a malformed one
 * finds nothing without reaching the database. Plain patterns, not zod: pages use them too.
 */

/** A vehicle's id: a uuid as the catalog generates them (case ignored). */
const VEHICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A vehicle's slug: lower-case words joined by hyphens, as catalog files and the feed write them. */
export const VEHICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const VEHICLE_SLUG_MAX_LENGTH = 80;

export function isVehicleId(value: string): boolean {
  return VEHICLE_ID.test(value);
}

export function isVehicleSlug(value: string): boolean {
  return value.length <= VEHICLE_SLUG_MAX_LENGTH && VEHICLE_SLUG.test(value);
}
