import type { BusinessProfile } from '../config/business-profile';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import type { ModelPageContent } from '../catalog/model-page-content';
import { businessRef } from './business-identity';

/** True when the page prints an MSRP: whenever the catalog has a price for the model, whatever the layout. */
export function showsPrice(content: ModelPageContent): content is ModelPageContent & { vehicle: { price: number } } {
  return content.vehicle.price !== null;
}

/**
 * The model as schema.org's Product, with its specifications as properties and, where the page
 * shows a price, the dealer's Offer; plus the page's breadcrumb trail.
 */
export function modelPageJsonLd(content: ModelPageContent, business: BusinessProfile): object[] {
  const { vehicle, page } = content;
  const url = new URL(`/vehicles/${vehicle.slug}`, business.origin).href;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: vehicle.name,
    brand: { '@type': 'Brand', name: content.brandName },
    model: vehicle.name.slice(content.brandName.length + 1),
    sku: vehicle.slug,
    url,
    image: vehicle.images.map((image) => new URL(image, business.origin).href),
    description: vehicle.description,
    category: 'Electric golf cart',
    additionalProperty: content.specifications.map((row) => ({ '@type': 'PropertyValue', name: row.label, value: row.value })),
    ...(showsPrice(content)
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: vehicle.price,
            priceCurrency: 'USD',
            ...(page.availability === 'In Stock' ? { availability: 'https://schema.org/InStock' } : {}),
            itemCondition: 'https://schema.org/NewCondition',
            seller: businessRef(business.origin),
          },
        }
      : {}),
  };
  return [product, breadcrumbJsonLd(content.breadcrumb, business.origin)];
}
