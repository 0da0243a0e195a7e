/**
 * The figures tests check the site against, in one place: the specification's 23 model pages
 * (docs/decisions/003-specification-decisions.md settles where the spec disagrees with itself)
 * one inquiry every check accepts and one Web Vitals measurement.
 */

/** An inquiry as a visitor sends it, valid in every field. */
export const VALID_INQUIRY: Readonly<Record<'firstName' | 'lastName' | 'email' | 'phone' | 'interest' | 'message', string>> = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(609) 555-0100',
  interest: 'sales',
  message: 'Do you have a four-seater in stock in blue?',
};

/** One Core Web Vitals measurement as the browser reports it (web-vitals' fields and the page type). */
export const LCP_MEASUREMENT = {
  name: 'LCP',
  value: 1834.2,
  rating: 'good',
  delta: 1834.2,
  id: 'v6-1767225600000-4618392041275',
  navigationType: 'navigate',
  route: 'model-page',
};

export type ModelLayout = 'older' | 'priced' | 'price-banner';

/** One fixed model page as the specification describes it (2.1 slugs, 2.3 layouts, 2.4 buttons, 3.2 figures, 9 prices and delivery). */
export interface ModelFigures {
  slug: string;
  name: string;
  brand: 'DENAGO' | 'EVOLUTION';
  layout: ModelLayout;
  /** The MSRP the page prints, or null where the price is quoted on request. */
  msrp: number | null;
  seats: number;
  range: string;
  topSpeed: string;
  payload: string;
  /** The further figures of the spec's tables, by catalog key, as the catalog writes them. */
  more: Partial<Record<string, string>>;
  /** Figures the spec's tables mark as not shown. */
  notShown?: string[];
  /** The delivery window of the priced layouts, or null. */
  delivery: string | null;
  financeOptions: boolean;
  viewMoreDetails: boolean;
}

/** The 23 fixed model pages, in the order of the spec's 2.1 (the four hidden EVOLUTION slugs included). */
export const MODEL_FIGURES: readonly ModelFigures[] = [
  {
    slug: 'denago-ev-city', name: 'DENAGO EV City', brand: 'DENAGO', layout: 'older', msrp: 11995,
    seats: 4, range: '40-50 mi', topSpeed: '25 mph', payload: '900 lbs',
    more: { chargingPort: '110V', batteryType: 'Lithium-ion', streetLegal: 'NEV certified for roads up to 35 mph' },
    delivery: null, financeOptions: true, viewMoreDetails: true,
  },
  {
    slug: 'denago-ev-nomad', name: 'DENAGO EV Nomad', brand: 'DENAGO', layout: 'older', msrp: null,
    seats: 4, range: '45-60 mi', topSpeed: '25 mph', payload: '1,000 lbs',
    more: { towingCapacity: '1,500 lbs', tires: 'All-terrain' },
    delivery: null, financeOptions: true, viewMoreDetails: true,
  },
  {
    slug: 'denago-ev-rover-xl', name: 'DENAGO EV Rover XL', brand: 'DENAGO', layout: 'older', msrp: null,
    seats: 4, range: 'Up to 50 mi', topSpeed: '25 mph', payload: '800 lbs',
    more: { batteryType: 'Lithium-ion', brakes: 'Hydraulic disc', warranty: '2-year limited' },
    delivery: null, financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'denago-ev-nomad-xl', name: 'DENAGO EV Nomad XL', brand: 'DENAGO', layout: 'priced', msrp: 15995,
    seats: 6, range: '45-55 mi', topSpeed: '25 mph', payload: '1,200 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: true,
  },
  {
    slug: 'denago-ev-rover-xl6', name: 'DENAGO EV Rover XL6', brand: 'DENAGO', layout: 'priced', msrp: 18995,
    seats: 6, range: '50-65 mi', topSpeed: '25 mph', payload: '1,200 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Premium lithium' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'denago-ev-rover-xxl', name: 'DENAGO EV Rover XXL', brand: 'DENAGO', layout: 'priced', msrp: 19995,
    seats: 8, range: '50-65 mi', topSpeed: '25 mph', payload: '1,400 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Premium lithium' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d5-ranger-6-plus', name: 'EVOLUTION D5 Ranger 6 Plus', brand: 'EVOLUTION', layout: 'older', msrp: null,
    seats: 6, range: '30-45 mi', topSpeed: '19 mph', payload: '1,200 lbs',
    more: { chargingTime: '6-8 hours', towingCapacity: '1,500 lbs', length: '158 in', width: '61 in', height: '75 in', groundClearance: '6.5 in', turningRadius: '11 ft' },
    delivery: null, financeOptions: false, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d5-ranger-22-plus', name: 'EVOLUTION D5 Ranger 2+2 Plus', brand: 'EVOLUTION', layout: 'older', msrp: null,
    seats: 4, range: '30-45 mi', topSpeed: '19 mph', payload: '800 lbs',
    more: { chargingTime: '6-8 hours', towingCapacity: '1,200 lbs' },
    delivery: null, financeOptions: false, viewMoreDetails: false,
  },
  {
    slug: 'evolution-forester-4-plus', name: 'EVOLUTION Forester 4 Plus', brand: 'EVOLUTION', layout: 'older', msrp: null,
    seats: 4, range: '35-50 mi', topSpeed: '25 mph', payload: '1,200 lbs',
    more: { chargingTime: '6-8 hours', towingCapacity: '1,500 lbs', bedSize: '48 x 32 in' },
    delivery: null, financeOptions: false, viewMoreDetails: false,
  },
  {
    slug: 'evolution-turfman-1000', name: 'EVOLUTION Turfman 1000', brand: 'EVOLUTION', layout: 'older', msrp: null,
    seats: 2, range: '40-60 mi', topSpeed: '15 mph', payload: '1,000 lbs',
    more: { chargingTime: '8-10 hours', towingCapacity: '1,800 lbs', batteryType: 'Deep cycle lead-acid' },
    delivery: null, financeOptions: false, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d6-max-gt4', name: 'EVOLUTION D6 Max GT4', brand: 'EVOLUTION', layout: 'older', msrp: 16995,
    seats: 4, range: '40-55 mi', topSpeed: '25+ mph', payload: '900 lbs',
    more: { batteryType: 'Lithium-ion' },
    notShown: ['towingCapacity'],
    delivery: null, financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-classic-4-plus', name: 'EVOLUTION Classic 4 Plus', brand: 'EVOLUTION', layout: 'older', msrp: null,
    seats: 4, range: '35-45 mi', topSpeed: '19 mph', payload: '800 lbs',
    more: { chargingTime: '8-10 hours', batteryVoltage: '48V' },
    notShown: ['towingCapacity'],
    delivery: null, financeOptions: false, viewMoreDetails: false,
  },
  {
    slug: 'evolution-carrier-6-plus', name: 'EVOLUTION Carrier 6 Plus', brand: 'EVOLUTION', layout: 'price-banner', msrp: 13995,
    seats: 6, range: '30-40 mi', topSpeed: '20 mph', payload: '1,200 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: true,
  },
  {
    slug: 'evolution-carrier-8-plus', name: 'EVOLUTION Carrier 8 Plus', brand: 'EVOLUTION', layout: 'price-banner', msrp: 15995,
    seats: 8, range: '30-40 mi', topSpeed: '20 mph', payload: '1,400 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-classic-2-plus', name: 'EVOLUTION Classic 2 Plus', brand: 'EVOLUTION', layout: 'price-banner', msrp: 9995,
    seats: 2, range: '25-35 mi', topSpeed: '19 mph', payload: '400 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-classic-2-pro', name: 'EVOLUTION Classic 2 Pro', brand: 'EVOLUTION', layout: 'price-banner', msrp: 11995,
    seats: 2, range: '30-40 mi', topSpeed: '19 mph', payload: '500 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Enhanced deep cycle' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d5-maverick-4', name: 'EVOLUTION D5 Maverick 4', brand: 'EVOLUTION', layout: 'price-banner', msrp: 11995,
    seats: 4, range: '30-40 mi', topSpeed: '25 mph', payload: '800 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d5-maverick-6', name: 'EVOLUTION D5 Maverick 6', brand: 'EVOLUTION', layout: 'price-banner', msrp: 13995,
    seats: 6, range: '30-40 mi', topSpeed: '25 mph', payload: '1,000 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d5-maverick-4-plus', name: 'EVOLUTION D5 Maverick 4 Plus', brand: 'EVOLUTION', layout: 'price-banner', msrp: 12995,
    seats: 4, range: '35-45 mi', topSpeed: '25 mph', payload: '800 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: true,
  },
  {
    slug: 'evolution-d5-maverick-6-plus', name: 'EVOLUTION D5 Maverick 6 Plus', brand: 'EVOLUTION', layout: 'price-banner', msrp: 14995,
    seats: 6, range: '35-45 mi', topSpeed: '25 mph', payload: '1,200 lbs',
    more: { chargingTime: '8-10 hours', batteryType: 'Lithium-ion' },
    delivery: '1-2 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d6-max-gt6', name: 'EVOLUTION D6 Max GT6', brand: 'EVOLUTION', layout: 'price-banner', msrp: 18995,
    seats: 6, range: '45-60 mi', topSpeed: '25+ mph', payload: '1,200 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d6-max-xt4', name: 'EVOLUTION D6 Max XT4', brand: 'EVOLUTION', layout: 'price-banner', msrp: 17995,
    seats: 4, range: '40-55 mi', topSpeed: '25+ mph', payload: '1,000 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
  {
    slug: 'evolution-d6-max-xt6', name: 'EVOLUTION D6 Max XT6', brand: 'EVOLUTION', layout: 'price-banner', msrp: 19995,
    seats: 6, range: '40-55 mi', topSpeed: '25+ mph', payload: '1,200 lbs',
    more: { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
    delivery: '2-3 Weeks', financeOptions: true, viewMoreDetails: false,
  },
];
