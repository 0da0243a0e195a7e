import { businessRef } from './business-identity';

interface ItemPageFacts {
  /** The page's canonical address. */
  url: string;
  name: string;
  description: string;
  /** Absolute addresses of the vehicle's pictures. */
  images: string[];
}

/**
 * A vehicle page that prints no price ("Contact for Pricing") as schema.org's ItemPage: a page
 * about one vehicle, not a Product, since a Product without an offer, review or rating is an
 * error to Google and an offer without a price is no offer (docs/decisions/013-structured-data-offers.md).
 */
export function itemPageJsonLd({ url, name, description, images }: ItemPageFacts, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemPage',
    '@id': `${url}#page`,
    url,
    name,
    description,
    ...(images.length > 0 ? { image: images } : {}),
    isPartOf: { '@id': `${origin}/#website` },
    publisher: businessRef(origin),
  };
}
