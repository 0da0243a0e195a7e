import { locations } from '../../seeds/locations';
import type { Env } from './env';

/** Opening hours as the site prints them and as schema.org expects them. */
export interface OpeningHours {
  days: string;
  hours: string;
}

/**
 * The one place the business's name, phone and e-mail come from. Views receive it through the
 * root route's data, so the browser never needs the environment.
 */
export interface BusinessProfile {
  name: string;
  phone: string;
  /** The phone in E.164 form, for tel: links. */
  phoneHref: string;
  email: string;
  origin: string;
  financingUrl: string;
  foundedYear: number;
  hours: OpeningHours[];
  serviceHours: OpeningHours[];
  region: string;
  /** The main showroom: the business's address and map point in structured data. */
  address: { street: string; city: string; region: string; postalCode: string };
  geo: { lat: number; lng: number };
  /** How far the dealer delivers and services, in metres, as structured data states it. */
  serviceRadiusMeters: number;
}

export function businessProfile(env: Env): BusinessProfile {
  const mainShowroom = locations[0]!;
  return {
    name: env.BUSINESS_NAME,
    phone: env.BUSINESS_PHONE,
    phoneHref: `tel:+1${env.BUSINESS_PHONE.replace(/\D/g, '')}`,
    email: env.BUSINESS_EMAIL,
    origin: env.PUBLIC_ORIGIN,
    financingUrl: env.FINANCING_URL,
    foundedYear: 2010,
    hours: [
      { days: 'Mon-Fri', hours: '9AM-5PM' },
      { days: 'Sat', hours: '9AM-5PM' },
      { days: 'Sun', hours: 'Closed' },
    ],
    serviceHours: [
      { days: 'Mon-Fri', hours: '8AM-5PM' },
      { days: 'Sat', hours: '9AM-3PM' },
      { days: 'Sun', hours: 'Emergency only' },
    ],
    region: 'Ocean County and Cape May County, New Jersey',
    address: { street: mainShowroom.address, city: mainShowroom.city, region: mainShowroom.state, postalCode: mainShowroom.postalCode },
    geo: mainShowroom.coordinates,
    serviceRadiusMeters: 50_000,
  };
}
