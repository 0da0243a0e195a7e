import type { Vehicle } from '../catalog/vehicle';
import type { BusinessProfile } from '../config/business-profile';
import { brandLabel } from '../catalog/brand-label';
import { specificationRows } from '../catalog/specification-rows';
import { vehiclePath } from '../catalog/vehicle-path';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import { itemPageJsonLd } from './item-page-json-ld';
import { offerJsonLd, type OfferAvailability } from './offer-json-ld';

interface VehicleJsonLdParts {
  /** The Product's own facts beyond name, description and address: sku, brand, condition. */
  product: Record<string, unknown>;
  /** Absolute addresses of the vehicle's pictures. */
  images: string[];
  /** The Offer's facts beyond its address and price. */
  offer: { availability: OfferAvailability; itemCondition: 'NewCondition' | 'UsedCondition' | 'RefurbishedCondition'; sku?: string };
}

/**
 * A vehicle's own page (a catalog entry's or a unit's): where it prints a price, schema.org's
 * Product with the dealer's Offer and its availability; where it says "Contact for Pricing", an
 * ItemPage (no Product without an offer). Then the breadcrumb trail Home › Inventory › the vehicle.
 */
export function vehicleJsonLd(
  vehicle: Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'price' | 'unit'>,
  business: BusinessProfile,
  { product, images, offer }: VehicleJsonLdParts,
): object[] {
  const path = vehiclePath(vehicle);
  const url = new URL(path, business.origin).href;
  const { name, description, price } = vehicle;
  const described =
    price === null
      ? itemPageJsonLd({ url, name, description, images }, business.origin)
      : {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name,
          description,
          url,
          image: images,
          ...product,
          offers: offerJsonLd({ url, price, ...offer }, business.origin),
        };
  const trail = [
    { label: 'Home', path: '/' },
    { label: 'Inventory', path: '/inventory' },
    { label: name, path },
  ];
  return [described, breadcrumbJsonLd(trail, business.origin)];
}

/** A model entry's page (/vehicle/{id}): a new cart of a house brand, in stock or not as its badge says. */
export function catalogVehicleJsonLd(vehicle: Vehicle, business: BusinessProfile): object[] {
  return vehicleJsonLd(vehicle, business, {
    product: {
      sku: vehicle.slug,
      category: 'Electric golf cart',
      brand: { '@type': 'Brand', name: brandLabel(vehicle) },
      additionalProperty: specificationRows(vehicle.specifications).map((entry) => ({ '@type': 'PropertyValue', name: entry.label, value: entry.value })),
    },
    images: vehicle.images.map((image) => new URL(image, business.origin).href),
    offer: { availability: vehicle.inStock ? 'InStock' : 'OutOfStock', itemCondition: 'NewCondition' },
  });
}
