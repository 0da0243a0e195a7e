import type { BusinessProfile } from '../config/business-profile';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import type { ModelPageContent } from '../catalog/model-page-content';
import { itemPageJsonLd } from './item-page-json-ld';
import { offerJsonLd } from './offer-json-ld';

/** True when the page prints an MSRP: whenever the catalog has a price for the model, whatever the layout. */
export function showsPrice(content: ModelPageContent): content is ModelPageContent & { vehicle: { price: number } } {
  return content.vehicle.price !== null;
}

/**
 * Where the page prints an MSRP, the model as schema.org's Product with its specifications as
 * properties and the dealer's Offer, in stock or not as the catalog says of the model (the priced
 * layouts print it; the older layout prints no stock label); where the page prints no price, an
 * ItemPage. Plus the page's breadcrumb trail.
 */
export function modelPageJsonLd(content: ModelPageContent, business: BusinessProfile): object[] {
  const { vehicle } = content;
  const url = new URL(`/vehicles/${vehicle.slug}`, business.origin).href;
  const images = vehicle.images.map((image) => new URL(image, business.origin).href);
  const described = showsPrice(content)
    ? {
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${url}#product`,
        name: vehicle.name,
        brand: { '@type': 'Brand', name: content.brandName },
        model: vehicle.name.slice(content.brandName.length + 1),
        sku: vehicle.slug,
        url,
        image: images,
        description: vehicle.description,
        category: 'Electric golf cart',
        additionalProperty: content.specifications.map((row) => ({ '@type': 'PropertyValue', name: row.label, value: row.value })),
        offers: offerJsonLd(
          { url, price: content.vehicle.price, availability: vehicle.inStock ? 'InStock' : 'OutOfStock', itemCondition: 'NewCondition' },
          business.origin,
        ),
      }
    : itemPageJsonLd({ url, name: vehicle.name, description: vehicle.description, images }, business.origin);
  return [described, breadcrumbJsonLd(content.breadcrumb, business.origin)];
}
