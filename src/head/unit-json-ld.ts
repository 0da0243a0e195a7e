import { largestJpegUrl, type UnitCondition, type UnitStatus } from '../catalog/unit-fields';
import type { UnitDetails, Vehicle } from '../catalog/vehicle';
import type { BusinessProfile } from '../config/business-profile';
import { vehicleJsonLd } from './vehicle-json-ld';

const ITEM_CONDITIONS: Record<UnitCondition, string> = {
  new: 'https://schema.org/NewCondition',
  used: 'https://schema.org/UsedCondition',
  // Inspected and warranted by the dealer: what schema.org calls refurbished.
  certified: 'https://schema.org/RefurbishedCondition',
};

const AVAILABILITY: Record<UnitStatus, string> = {
  available: 'https://schema.org/InStock',
  // Held for a buyer: it may still come back on sale.
  pending: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

/**
 * A unit's page as schema.org's Product with its condition, its own photos at their real
 * addresses (the largest JPEG of each, or the model illustration), and an Offer with its
 * availability and the price the page prints; an unpriced unit ("Contact for Pricing") states no
 * offer. Then the breadcrumb trail.
 */
export function unitJsonLd(vehicle: Vehicle & { unit: UnitDetails }, business: BusinessProfile): object[] {
  const { unit } = vehicle;
  const images = unit.photos.length > 0 ? unit.photos.map(largestJpegUrl) : vehicle.images;
  return vehicleJsonLd(vehicle, business, {
    product: {
      sku: unit.stockNumber,
      ...(unit.serialNumber ? { serialNumber: unit.serialNumber } : {}),
      category: 'Golf cart',
      brand: { '@type': 'Brand', name: unit.brandName },
      model: unit.model,
      ...(unit.color ? { color: unit.color } : {}),
      image: images.map((image) => new URL(image, business.origin).href),
      itemCondition: ITEM_CONDITIONS[unit.condition],
    },
    offer: { availability: AVAILABILITY[unit.status], itemCondition: ITEM_CONDITIONS[unit.condition], sku: unit.stockNumber },
  });
}
