import type { BusinessProfile } from '../config/business-profile';

/** A reference to the dealer's AutoDealer entity (businessIdentity) from any other structured data. */
export function businessRef(origin: string) {
  return { '@id': `${origin}/#business` };
}

/** One of the site's own schema.org entities, named by an @id on its origin: `#business`, `#website`. */
export function siteEntity(business: BusinessProfile, type: string, fragment: string) {
  return { '@context': 'https://schema.org', '@type': type, '@id': `${business.origin}/#${fragment}`, name: business.name, url: `${business.origin}/` };
}

/** Who the dealer is to schema.org: the one AutoDealer every page's structured data names by its @id. */
export function businessIdentity(business: BusinessProfile) {
  return { ...siteEntity(business, 'AutoDealer', 'business'), telephone: business.phone };
}
