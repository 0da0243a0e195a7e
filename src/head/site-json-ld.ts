import { businessHolidays, type BusinessProfile } from '../config/business-profile';
import { businessIdentity, businessRef, siteEntity } from './business-identity';
import { openingHoursJsonLd } from './opening-hours-json-ld';

/** The business as schema.org's AutoDealer: its main showroom's address, the phone line's hours, the area it serves. */
export function businessJsonLd(business: BusinessProfile): object {
  const main = business.showrooms[0]!;
  return {
    ...businessIdentity(business),
    email: business.email,
    image: `${business.origin}/images/share.png`,
    priceRange: '$$',
    foundingDate: String(business.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: main.street,
      addressLocality: main.city,
      addressRegion: main.state,
      postalCode: main.postalCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: main.geo.lat, longitude: main.geo.lng },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: main.geo.lat, longitude: main.geo.lng },
        geoRadius: business.serviceRadiusMeters,
      },
      { '@type': 'AdministrativeArea', name: 'Ocean County, New Jersey' },
      { '@type': 'AdministrativeArea', name: 'Cape May County, New Jersey' },
    ],
    ...openingHoursJsonLd(business.hours, businessHolidays(business)),
  };
}

export function websiteJsonLd(business: BusinessProfile): object {
  return {
    ...siteEntity(business, 'WebSite', 'website'),
    publisher: businessRef(business.origin),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${business.origin}/inventory?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
