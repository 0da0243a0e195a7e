import type { UnitDetails, Vehicle } from './vehicle';

/**
 * A feed unit as the catalog holds it: the fields of a catalog entry (slug, name, description,
 * brand, category, price, images, specifications, features, inStock, isNew) and the unit's own.
 * `brand` is the brand's key ('club-car'); `brandName` how the feed writes it. `photoSources`
 * still have to be processed into `photos` by the import.
 */
export type UnitEntry = Omit<Vehicle, 'id' | 'unit'> &
  Omit<UnitDetails, 'soldAt' | 'photos'> & {
    /** Where each photo comes from (feed URLs or file paths), in order. */
    photoSources: string[];
  };
