import type { Vehicle } from '../catalog/vehicle';
import type { BusinessProfile } from '../config/business-profile';
import { brandLabel } from '../catalog/brand-label';
import { specificationRows } from '../catalog/specification-rows';
import { vehiclePath } from '../catalog/vehicle-path';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import { businessRef } from './business-identity';

interface VehicleJsonLdParts {
  /** The Product's own facts beyond name, description and address: sku, brand, images, condition. */
  product: Record<string, unknown>;
  /** The Offer's facts beyond its address, price and seller: availability, condition. */
  offer: Record<string, unknown>;
}

/**
 * A vehicle's own page (a catalog entry's or a unit's) as schema.org's Product, with an Offer
 * exactly when the page prints a price ("Contact for Pricing" states none), then the breadcrumb
 * trail Home › Inventory › the vehicle.
 */
export function vehicleJsonLd(
  vehicle: Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'price' | 'unit'>,
  business: BusinessProfile,
  { product, offer }: VehicleJsonLdParts,
): object[] {
  const path = vehiclePath(vehicle);
  const url = new URL(path, business.origin).href;
  const productJsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: vehicle.name,
    description: vehicle.description,
    url,
    ...product,
    ...(vehicle.price === null ? {} : { offers: { '@type': 'Offer', url, price: vehicle.price, priceCurrency: 'USD', ...offer, seller: businessRef(business.origin) } }),
  };
  const trail = [
    { label: 'Home', path: '/' },
    { label: 'Inventory', path: '/inventory' },
    { label: vehicle.name, path },
  ];
  return [productJsonLd, breadcrumbJsonLd(trail, business.origin)];
}

/** A model entry's page (/vehicle/{id}): a new cart of a house brand, in stock or to order. */
export function catalogVehicleJsonLd(vehicle: Vehicle, business: BusinessProfile): object[] {
  return vehicleJsonLd(vehicle, business, {
    product: {
      sku: vehicle.slug,
      category: 'Electric golf cart',
      brand: { '@type': 'Brand', name: brandLabel(vehicle) },
      image: vehicle.images.map((image) => new URL(image, business.origin).href),
      additionalProperty: specificationRows(vehicle.specifications).map((entry) => ({ '@type': 'PropertyValue', name: entry.label, value: entry.value })),
    },
    offer: { availability: vehicle.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock', itemCondition: 'https://schema.org/NewCondition' },
  });
}
