import type { Vehicle } from '../catalog/vehicle';
import { brandLabel } from '../catalog/brand-label';
import { vehiclePath } from '../catalog/vehicle-path';
import { offerJsonLd } from './offer-json-ld';

/** A vehicle a page shows with its price. */
export type OfferedVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'brand' | 'images' | 'inStock'> & { price: number };

/**
 * The priced vehicles a page shows, as schema.org's OfferCatalog: each a Product carrying the
 * dealer's Offer at the price printed on the page, in stock or not as the catalog says, and
 * nothing the page does not show (no other models). A Product listed as an Offer's itemOffered
 * would have no offer of its own, which Google counts as an error
 * (docs/decisions/013-structured-data-offers.md).
 */
export function offerCatalogJsonLd(vehicles: OfferedVehicle[], list: { name: string; path: string }, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: list.name,
    url: `${origin}${list.path}`,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((vehicle) => {
      const url = `${origin}${vehiclePath(vehicle)}`;
      return {
        '@type': 'Product',
        name: vehicle.name,
        url,
        brand: { '@type': 'Brand', name: brandLabel(vehicle) },
        category: 'Golf cart',
        ...(vehicle.images[0] ? { image: `${origin}${vehicle.images[0]}` } : {}),
        offers: offerJsonLd({ url, price: vehicle.price, availability: vehicle.inStock ? 'InStock' : 'OutOfStock', itemCondition: 'NewCondition' }, origin),
      };
    }),
  };
}
