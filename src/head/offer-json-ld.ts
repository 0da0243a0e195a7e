import { businessRef } from './business-identity';

/** schema.org's ItemAvailability values the site states: a unit for sale, held for a buyer or sold; a model in stock or not. */
export type OfferAvailability = 'InStock' | 'LimitedAvailability' | 'SoldOut' | 'OutOfStock';

interface OfferFacts {
  /** The page that prints the price. */
  url: string;
  /** Whole US dollars, as the page prints it. */
  price: number;
  availability: OfferAvailability;
  itemCondition: 'NewCondition' | 'UsedCondition' | 'RefurbishedCondition';
  /** The dealer's own stock number, on a unit's offer. */
  sku?: string;
}

/**
 * The dealer's Offer for a vehicle at the price its page prints, always with its availability:
 * Google's product results need the price and currency and read the availability
 * (docs/decisions/013-structured-data-offers.md).
 */
export function offerJsonLd({ url, price, availability, itemCondition, sku }: OfferFacts, origin: string): object {
  return {
    '@type': 'Offer',
    url,
    price,
    priceCurrency: 'USD',
    availability: `https://schema.org/${availability}`,
    itemCondition: `https://schema.org/${itemCondition}`,
    ...(sku ? { sku } : {}),
    seller: businessRef(origin),
  };
}
