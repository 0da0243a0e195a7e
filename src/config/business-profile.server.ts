import { towns } from '../../seeds/towns';
import { listOf } from '../text/list-of';
import { DEFAULT_LEAD_RESPONSE_MINUTES, type BusinessFile } from './business-file';
import type { BusinessProfile } from './business-profile';

/** "(609) 555-0142" → "tel:+16095550142". */
function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}

export function businessProfile(file: BusinessFile, origin: string): BusinessProfile {
  const counties = [...new Set(towns.map((town) => town.county))];
  return {
    name: file.name,
    phone: file.phone,
    phoneHref: telHref(file.phone),
    email: file.email,
    website: file.website,
    origin,
    financingUrl: file.financingUrl,
    foundedYear: file.foundedYear,
    happyCustomers: file.happyCustomers,
    serviceRadiusMeters: file.serviceRadiusMeters,
    hours: file.hours,
    serviceHours: file.serviceHours,
    holidays: file.holidays,
    leadResponseMinutes: file.leads?.responseMinutes ?? DEFAULT_LEAD_RESPONSE_MINUTES,
    showrooms: file.showrooms.map((showroom) => ({
      ...showroom,
      hours: showroom.hours ?? file.hours,
      phoneHref: telHref(showroom.phone),
      directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${showroom.geo.lat},${showroom.geo.lng}`,
    })),
    contactPageShowrooms: file.contactPageShowrooms ?? [file.showrooms[0]!.id],
    region: `${listOf(counties.map((county) => `${county} County`))}, New Jersey`,
  };
}
