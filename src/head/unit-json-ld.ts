import { largestJpegUrl, type UnitCondition, type UnitStatus } from '../catalog/unit-fields';
import type { UnitDetails, Vehicle } from '../catalog/vehicle';
import type { BusinessProfile } from '../config/business-profile';
import type { OfferAvailability } from './offer-json-ld';
import { vehicleJsonLd } from './vehicle-json-ld';

const ITEM_CONDITIONS = {
  new: 'NewCondition',
  used: 'UsedCondition',
  // Inspected and warranted by the dealer: what schema.org calls refurbished.
  certified: 'RefurbishedCondition',
} as const satisfies Record<UnitCondition, string>;

const AVAILABILITY: Record<UnitStatus, OfferAvailability> = {
  available: 'InStock',
  // Held for a buyer: it may still come back on sale.
  pending: 'LimitedAvailability',
  // A sold unit's page answers 410 without structured data; the value keeps the mapping whole.
  sold: 'SoldOut',
};

/**
 * A unit's page: where it prints a price, schema.org's Product with its condition, its own photos
 * at their real addresses (the largest JPEG of each, or the model illustration), and an Offer with
 * its availability and that price; an unpriced unit ("Contact for Pricing") is an ItemPage. Then
 * the breadcrumb trail.
 */
export function unitJsonLd(vehicle: Vehicle & { unit: UnitDetails }, business: BusinessProfile): object[] {
  const { unit } = vehicle;
  const images = unit.photos.length > 0 ? unit.photos.map(largestJpegUrl) : vehicle.images;
  const itemCondition = ITEM_CONDITIONS[unit.condition];
  return vehicleJsonLd(vehicle, business, {
    product: {
      sku: unit.stockNumber,
      ...(unit.serialNumber ? { serialNumber: unit.serialNumber } : {}),
      category: 'Golf cart',
      brand: { '@type': 'Brand', name: unit.brandName },
      model: unit.model,
      ...(unit.color ? { color: unit.color } : {}),
      itemCondition: `https://schema.org/${itemCondition}`,
    },
    images: images.map((image) => new URL(image, business.origin).href),
    offer: { availability: AVAILABILITY[unit.status], itemCondition, sku: unit.stockNumber },
  });
}
