import type { IconName } from './icon-paths';

/** The DENAGO brand page (/denago): hero, the about block with its four points, and the models. */
export const denagoPage = {
  hero: {
    eyebrow: 'House brand',
    title: 'DENAGO Electric Vehicles',
    intro:
      'Lithium-powered carts and a street-legal EV, built for beach blocks, boardwalk towns and everything in between. See every DENAGO model on our showroom floors.',
  },
  about: {
    title: 'About DENAGO',
    paragraphs: [
      'DENAGO builds modern electric vehicles for families, communities and businesses that want more than a golf cart: lithium-ion power across the line, seating from four to eight, and the comfort and lighting of a small car.',
      'We sell, deliver and service the full DENAGO range from our Ocean and Cape May County showrooms, so the people who sold you your cart are the ones who look after it.',
    ],
    features: [
      { title: 'Lithium-ion on every model', text: 'Up to 65 miles on a charge, with no water to top up and no acid to check.', icon: 'battery' },
      { title: 'Seats for four, six or eight', text: 'From the compact EV City to the eight-seat EV Rover XXL.', icon: 'users' },
      { title: 'Street-legal option', text: 'The EV City is NEV certified for roads with speed limits up to 35 mph.', icon: 'shield' },
      { title: 'Serviced here at the shore', text: 'Factory-trained technicians, parts on hand and warranty work done in our own shop.', icon: 'wrench' },
    ] satisfies Array<{ title: string; text: string; icon: IconName }>,
  },
  models: {
    title: 'DENAGO Models',
    intro: 'Every DENAGO model we carry, with its current price. Ask us which colors and options are on the lot this week.',
    availabilityTopic: 'DENAGO availability',
  },
} as const;

/** The EVOLUTION brand page (/evolution): hero, the three model categories, two featured models. */
export const evolutionPage = {
  hero: {
    eyebrow: 'House brand',
    title: 'EVOLUTION Electric Vehicles',
    intro:
      'From two-seat utility workhorses to six-seat lifted carts, EVOLUTION covers every job and every family outing. Browse the range and the carts on our lots today.',
  },
  categories: [
    {
      title: 'Ranger',
      tagline: '4-6 seats',
      text: 'Room for the whole crew, with lithium power and the towing to bring the beach gear along.',
      icon: 'users',
      category: 'ranger',
    },
    {
      title: 'Forester',
      tagline: '4X4 terrain ready',
      text: 'A lifted, four-seat cart with a cargo bed for trails, sand roads and big properties.',
      icon: 'gauge',
      category: 'forester',
    },
    {
      title: 'Turfman',
      tagline: 'Utility ready',
      text: 'A two-seat workhorse for marinas, campgrounds and grounds crews that tows up to 1,800 lbs.',
      icon: 'truck',
      category: 'turfman',
    },
  ] satisfies Array<{ title: string; tagline: string; text: string; icon: IconName; category: string }>,
  featured: [
    {
      title: 'D6 Max XT Series',
      text: 'High-performance lithium power, 25+ mph and seating for four (XT4) or six (XT6).',
      image: '/images/vehicles/evolution-d6-max-xt4.svg',
      /** The models the card stands for; its price is theirs in the catalog ("Starting at" the lowest). */
      slugPrefix: 'evolution-d6-max-xt',
      link: 'inventory',
    },
    {
      title: 'Turfman 1000',
      text: 'A two-seat electric utility vehicle with a 1,000 lb payload and 1,800 lbs of towing.',
      image: '/images/vehicles/evolution-turfman-1000.svg',
      slugPrefix: 'evolution-turfman-1000',
      link: 'contact',
    },
  ] as const,
  inventory: {
    title: 'Current EVOLUTION Inventory',
    intro: 'Every EVOLUTION model we carry. Carts on the lot are ready for a test drive today; we will quote delivery on the rest.',
    empty: 'No Evolution vehicles are currently in our inventory. Contact us for availability updates.',
  },
} as const;
