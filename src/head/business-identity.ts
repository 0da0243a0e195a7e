import type { BusinessProfile } from '../config/business-profile';

/** Who the dealer is to schema.org: the one AutoDealer every page's structured data names by its @id. */
export function businessIdentity(business: BusinessProfile) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${business.origin}/#business`,
    name: business.name,
    url: `${business.origin}/`,
    telephone: business.phone,
  };
}
