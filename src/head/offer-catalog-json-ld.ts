import type { Vehicle } from '../catalog/vehicle';
import { vehiclePath } from '../lib/vehicle-path';

/** Vehicles a page offers as schema.org's OfferCatalog: the home page's featured carts. */
export type OfferedVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'brand' | 'price' | 'inStock' | 'images'>;

export function offerCatalogJsonLd(vehicles: OfferedVehicle[], origin: string, businessName: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${businessName} featured golf carts`,
    url: `${origin}/inventory`,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((vehicle) => ({
      '@type': 'Offer',
      url: `${origin}${vehiclePath(vehicle)}`,
      priceCurrency: 'USD',
      ...(vehicle.price === null ? {} : { price: vehicle.price }),
      availability: vehicle.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      itemOffered: {
        '@type': 'Product',
        name: vehicle.name,
        brand: { '@type': 'Brand', name: vehicle.brand.toUpperCase() },
        category: 'Golf cart',
        ...(vehicle.images[0] ? { image: `${origin}${vehicle.images[0]}` } : {}),
      },
    })),
  };
}
