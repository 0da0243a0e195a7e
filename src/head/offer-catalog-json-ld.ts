import type { Vehicle } from '../catalog/vehicle';
import { brandLabel } from '../catalog/brand-label';
import { vehiclePath } from '../catalog/vehicle-path';

/** A vehicle a page shows with its price. */
export type OfferedVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'brand' | 'images'> & { price: number };

/**
 * The priced vehicles a page shows, as schema.org's OfferCatalog: each Offer at the price printed
 * on the page, and nothing the page does not show (no other models, no stock claims).
 */
export function offerCatalogJsonLd(vehicles: OfferedVehicle[], list: { name: string; path: string }, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: list.name,
    url: `${origin}${list.path}`,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((vehicle) => ({
      '@type': 'Offer',
      url: `${origin}${vehiclePath(vehicle)}`,
      priceCurrency: 'USD',
      price: vehicle.price,
      itemCondition: 'https://schema.org/NewCondition',
      itemOffered: {
        '@type': 'Product',
        name: vehicle.name,
        brand: { '@type': 'Brand', name: brandLabel(vehicle) },
        category: 'Golf cart',
        ...(vehicle.images[0] ? { image: `${origin}${vehicle.images[0]}` } : {}),
      },
    })),
  };
}
