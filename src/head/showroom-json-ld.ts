import { showroomHolidays, type BusinessProfile, type Showroom } from '../config/business-profile';
import { openingHoursJsonLd } from './opening-hours-json-ld';
import { businessRef } from './business-identity';

/** A showroom as schema.org's AutoDealer, a branch of the business: address, map point, phone, hours and links. */
export function showroomJsonLd(showroom: Showroom, business: BusinessProfile): object {
  const sameAs = [showroom.links.website, showroom.links.facebook, showroom.links.instagram].filter((link) => link !== undefined);
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${business.origin}/showroom#${showroom.id}`,
    name: `${business.name}, ${showroom.name}`,
    parentOrganization: businessRef(business.origin),
    url: `${business.origin}/showroom`,
    telephone: showroom.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: showroom.street,
      addressLocality: showroom.city,
      addressRegion: showroom.state,
      postalCode: showroom.postalCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: showroom.geo.lat, longitude: showroom.geo.lng },
    hasMap: showroom.directionsUrl,
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...openingHoursJsonLd(showroom.hours, showroomHolidays(business, showroom.id)),
  };
}
