import type { BusinessProfile } from '../config/business-profile';

const DAY_NAMES: Record<string, string[]> = {
  'Mon-Fri': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  Sat: ['Saturday'],
  Sun: ['Sunday'],
};

/** "9AM-5PM" → ["09:00", "17:00"]; null for "Closed". */
function opensAndCloses(hours: string): [string, string] | null {
  const match = /^(\d{1,2})(AM|PM)-(\d{1,2})(AM|PM)$/.exec(hours);
  if (!match) return null;
  const to24 = (hour: string, half: string) => `${String((Number(hour) % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0')}:00`;
  return [to24(match[1]!, match[2]!), to24(match[3]!, match[4]!)];
}

export function businessJsonLd(business: BusinessProfile): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${business.origin}/#business`,
    name: business.name,
    url: `${business.origin}/`,
    telephone: business.phone,
    email: business.email,
    image: `${business.origin}/images/share.png`,
    priceRange: '$$',
    foundingDate: String(business.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: business.geo.lat, longitude: business.geo.lng },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: business.geo.lat, longitude: business.geo.lng },
        geoRadius: business.serviceRadiusMeters,
      },
      { '@type': 'AdministrativeArea', name: 'Ocean County, New Jersey' },
      { '@type': 'AdministrativeArea', name: 'Cape May County, New Jersey' },
    ],
    openingHoursSpecification: business.hours.flatMap(({ days, hours }) => {
      const times = opensAndCloses(hours);
      return times ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAY_NAMES[days], opens: times[0], closes: times[1] }] : [];
    }),
  };
}

export function websiteJsonLd(business: BusinessProfile): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${business.origin}/#website`,
    name: business.name,
    url: `${business.origin}/`,
    publisher: { '@id': `${business.origin}/#business` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${business.origin}/inventory?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
