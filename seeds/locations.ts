/** One dealership location as the showroom and home pages show it. */
export interface DealershipLocation {
  /** Stable kebab-case key: 'bayville'. */
  id: string;
  name: string;
  /** The town the location is in, as people call it: 'Cape May Court House'. */
  city: string;
  /** Street line only; city, state and ZIP are separate fields. */
  address: string;
  state: 'NJ';
  postalCode: string;
  /** As shown: '(609) 555-0101'. */
  phone: string;
  /** E.164 form for tel: links: '+16095550101'. */
  phoneTel: string;
  coordinates: { lat: number; lng: number };
  directionsUrl: string;
  facebookUrl?: string;
  instagramUrl?: string;
  websiteUrl?: string;
  reviewUrl?: string;
}

// Street addresses and phone numbers are placeholders (555-01xx numbers are reserved for fiction);
// coordinates are the town centres. Opening hours are site-wide, in the business profile.
export const locations: DealershipLocation[] = [
  {
    id: 'bayville',
    name: 'Bayville Showroom',
    city: 'Bayville',
    address: '1200 Atlantic City Blvd',
    state: 'NJ',
    postalCode: '08721',
    phone: '(732) 555-0101',
    phoneTel: '+17325550101',
    coordinates: { lat: 39.9093, lng: -74.1546 },
    directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=39.9093,-74.1546',
    facebookUrl: 'https://www.facebook.com/example-shore-golf-carts-bayville',
    instagramUrl: 'https://www.instagram.com/example_shore_golf_carts',
    reviewUrl: 'https://www.google.com/maps/search/?api=1&query=39.9093,-74.1546',
  },
  {
    id: 'waretown',
    name: 'Waretown Showroom',
    city: 'Waretown',
    address: '455 Main Street',
    state: 'NJ',
    postalCode: '08758',
    phone: '(609) 555-0102',
    phoneTel: '+16095550102',
    coordinates: { lat: 39.7912, lng: -74.1952 },
    directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=39.7912,-74.1952',
    facebookUrl: 'https://www.facebook.com/example-shore-golf-carts-waretown',
  },
  {
    id: 'pleasantville',
    name: 'Pleasantville Showroom',
    city: 'Pleasantville',
    address: '780 South Main Street',
    state: 'NJ',
    postalCode: '08232',
    phone: '(609) 555-0103',
    phoneTel: '+16095550103',
    coordinates: { lat: 39.3898, lng: -74.5241 },
    directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=39.3898,-74.5241',
    websiteUrl: 'https://pleasantville.example.com',
    reviewUrl: 'https://www.google.com/maps/search/?api=1&query=39.3898,-74.5241',
  },
  {
    id: 'new-jersey-service-delivery',
    name: 'New Jersey Service & Delivery Center',
    city: 'Manahawkin',
    address: '310 East Bay Avenue',
    state: 'NJ',
    postalCode: '08050',
    phone: '(609) 555-0104',
    phoneTel: '+16095550104',
    coordinates: { lat: 39.6954, lng: -74.2588 },
    directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=39.6954,-74.2588',
  },
  {
    id: 'cape-may-court-house',
    name: 'Cape May County Showroom',
    city: 'Cape May Court House',
    address: '2100 Route 9 North',
    state: 'NJ',
    postalCode: '08210',
    phone: '(609) 555-0105',
    phoneTel: '+16095550105',
    coordinates: { lat: 39.0826, lng: -74.8238 },
    directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=39.0826,-74.8238',
    instagramUrl: 'https://www.instagram.com/example_shore_golf_carts_capemay',
  },
];
