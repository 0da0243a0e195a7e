import { towns, type Town } from '../../seeds/towns';
import type { ContactPrefill } from '../../src/contact/contact-path';
import { townName } from '../../src/towns/town-name';
import { townPath } from '../../src/towns/town-path';
import type { IconName } from '../components/icon';
import { stableHash } from '../../src/text/stable-hash';

/** Everything a town landing page says, written for that one town. */
export interface TownPageCopy {
  /** 'Toms River Township', 'Ocean City'. */
  fullName: string;
  /** What locals call the place in a sentence: townships keep their type, boroughs and cities drop it. */
  spokenName: string;
  county: string;
  seoTitle: string;
  seoDescription: string;
  keywords: string[];
  heading: string;
  pitch: string;
  localTitle: string;
  localParagraphs: string[];
  neighbors: Array<{ label: string; path: string }>;
  brandsNote: string;
  popularTitle: string;
  popularIntro: string;
  contactTitle: string;
  contactText: string;
  whyTitle: string;
  whyPoints: Array<{ title: string; text: string; icon: IconName }>;
  closingTitle: string;
  closingText: string;
  deliveryNote: string;
  quote: ContactPrefill;
  service: ContactPrefill;
}

interface Names {
  full: string;
  spoken: string;
  /** 'Ocean County', 'Cape May County'. */
  county: string;
  /** 'the township', 'the borough', or 'town' for a city. */
  place: string;
}

type Template = (names: Names, town: Town) => string;

/**
 * A stable choice among variants for one town. Each part of the page uses its own salt, so two
 * towns that share one sentence pattern rarely share the next.
 */
function pick<T>(variants: readonly T[], town: Town, salt: string): T {
  return variants[stableHash(`${salt}:${town.name}:${town.type}`) % variants.length]!;
}

const pitches: Template[] = [
  ({ spoken }) => `New electric golf carts, street-legal LSVs, rentals and service for ${spoken}, with delivery to your driveway.`,
  ({ spoken, county }) => `Shop, rent or service a golf cart without leaving ${spoken}: we bring the carts to you, anywhere in ${county}.`,
  ({ spoken }) => `From a first test drive to the yearly tune-up, ${spoken} residents get a local dealer who comes to them.`,
  ({ spoken }) => `DENAGO and EVOLUTION carts, weekly rentals and mobile service, delivered and picked up in ${spoken}.`,
];

const localTitles: Template[] = [
  ({ spoken }) => `Golf Carts Made for ${spoken}`,
  ({ spoken }) => `Getting Around ${spoken} by Golf Cart`,
  ({ spoken }) => `Why ${spoken} Rides Electric`,
  ({ spoken }) => `A Cart for Every Trip in ${spoken}`,
];

// What a cart is like to own here depends on the kind of place: townships are big, boroughs small,
// cities busy. Each kind has its own sentences.
const placeSentences: Record<Town['type'], Template[]> = {
  Township: [
    ({ spoken }) =>
      `A township the size of ${spoken} has room for every kind of cart, so we help owners choose between a nimble four-seater for the neighborhood, a six-seater for the family and a utility cart for the yard.`,
    ({ spoken }) =>
      `Trips in ${spoken} can be longer than in a beach borough, which is why we talk range first: a lithium battery pack lets a cart cover the whole township on one charge.`,
    ({ place }) =>
      `Distances across ${place} vary from a few blocks to several miles, and we match the battery, seating and street-legal equipment to the trips you actually make.`,
  ],
  Borough: [
    ({ spoken }) => `In a borough as compact as ${spoken}, a street-legal cart covers nearly every everyday trip, and it parks where a car never could.`,
    ({ spoken }) => `${spoken} is small enough that the car can stay in the driveway for days at a time once there is a charged cart beside it.`,
    ({ place }) => `Everything in ${place} is within a short, quiet ride, which makes a four- or six-seat LSV the most practical vehicle in the household.`,
  ],
  City: [
    ({ spoken }) =>
      `Summer traffic and scarce parking in ${spoken} are exactly where a street-legal golf cart shines: it slips into small spaces and keeps to the slower streets.`,
    ({ spoken }) => `On the busy streets of ${spoken}, a registered LSV with lights, mirrors and seat belts is a legal, relaxed way to get around from spring to fall.`,
    ({ place }) =>
      `Getting around ${place} in July is easier on four quiet wheels: no circling for parking, no fuel, and a cart that charges overnight from an ordinary outlet.`,
  ],
};

const countySentences: Record<Town['county'], Template[]> = {
  Ocean: [
    ({ spoken }) => `Our Ocean County showrooms are a short drive from ${spoken}, and our service vans are on its streets every week.`,
    ({ county }) => `We have sold, rented and serviced carts across ${county} since the day we opened, so we know its roads, its rules and its seasons.`,
  ],
  'Cape May': [
    ({ spoken }) => `Our Cape May County showroom is within easy reach of ${spoken}, and our vans cover the whole peninsula.`,
    ({ county }) => `From the barrier islands to the mainland townships, we deliver and service carts in every municipality of ${county}.`,
  ],
};

const brandNotes: Template[] = [
  () => 'Every new cart comes with its full factory warranty, and we stock genuine parts and provide certified service for each brand we carry.',
  ({ spoken }) =>
    `Whichever brand you choose, you get the factory warranty, genuine replacement parts and certified service, without taking your cart far from ${spoken}.`,
  () => 'Factory warranties, genuine parts and certified technicians back every brand on this list, long after the sale.',
];

const popularTitles: Template[] = [
  ({ spoken }) => `Popular Golf Carts in ${spoken}`,
  ({ spoken }) => `What ${spoken} Is Driving`,
  ({ spoken }) => `Popular Models with ${spoken} Buyers`,
];

const contactTitles: Template[] = [
  ({ spoken }) => `Talk to Your ${spoken} Golf Cart Team`,
  () => 'Call, Visit or Send a Message',
  ({ spoken }) => `Questions About Carts in ${spoken}?`,
];

const whyTitles: Template[] = [
  ({ spoken }) => `Why ${spoken} Chooses Us`,
  ({ spoken }) => `Why Buy Your Cart Near ${spoken} From Us`,
  ({ spoken }) => `The Local Choice for ${spoken}`,
];

const closingTitles: Template[] = [
  ({ spoken }) => `Ready for Your ${spoken} Golf Cart?`,
  () => 'Get Your Free Quote Today',
  ({ spoken }) => `Let's Get You Riding in ${spoken}`,
];

const deliveryNotes: Template[] = [
  ({ full, county }) => `Delivery and pickup are available throughout ${full} and the rest of ${county}.`,
  ({ full, county }) => `We deliver to and pick up from any address in ${full}, and everywhere else in ${county}.`,
  ({ full, county }) => `Delivery and pickup reach every corner of ${full}, and the rest of ${county} too.`,
];

const descriptions: Template[] = [
  ({ full, county }) => `Golf carts in ${full}, ${county}, NJ: new DENAGO and EVOLUTION carts, street-legal LSVs, rentals and service, with delivery and easy financing.`,
  ({ full, county }) => `Buy, rent or service an electric golf cart in ${full}, NJ. Local delivery and pickup across ${county}, factory warranties and easy financing.`,
  ({ full }) => `Your local golf cart dealer for ${full}, New Jersey: street-legal carts and LSVs for sale, weekly and monthly rentals, and mobile service at your door.`,
];

const popularIntros: Template[] = [
  ({ spoken }) => `Three of the models ${spoken} shoppers ask about most. Every one can be delivered to your door.`,
  () => 'A few favorites from our showroom floors, ready for a test drive or a delivery date.',
  ({ spoken }) => `Models that suit the way people get around ${spoken}, each available with local delivery.`,
];

const contactTexts: Template[] = [
  ({ spoken }) =>
    `Call during showroom hours or send a message any time: we answer sales, rental and service questions from ${spoken} within 24 hours, usually much sooner.`,
  ({ spoken }) => `Whether you are buying your first cart or booking a repair, a real person will help you. Messages from ${spoken} get an answer within 24 hours.`,
  () => 'Pick up the phone during showroom hours, or write to us whenever it suits you. We reply within 24 hours, often the same morning.',
];

const deliveryTitles: Template[] = [({ spoken }) => `Delivery to ${spoken}`, () => 'Delivered to Your Door', ({ spoken }) => `Right to Your ${spoken} Driveway`];

const deliveryTexts: Template[] = [
  ({ spoken }) => `New carts and rentals arrive in ${spoken} charged and ready, and rentals are picked up from the same spot.`,
  () => 'We unload your cart where you want it, show you every switch and charger, and leave only when you are happy.',
  ({ spoken }) => `Our trailers are in ${spoken} every week of the season, so a delivery date is usually days away, not weeks.`,
];

const serviceTexts: Template[] = [
  ({ spoken }) => `Our mobile technicians handle tune-ups, batteries and repairs in ${spoken}, so your cart rarely has to leave home.`,
  () => 'Tune-ups, battery care and repairs happen in your driveway whenever possible; bigger jobs go to our service bays and come back fixed.',
  ({ place }) => `A service van in ${place} means no trailer to borrow and no day lost: we come to the cart.`,
];

const experienceTexts: Template[] = [
  ({ county }) => `We have been selling and servicing carts across ${county} for {years} years, and we plan to be here for the next service too.`,
  () => 'Since our first season we have learned what salt air, sand and summer traffic do to a cart, and how to keep one running for years.',
  ({ spoken }) => `{years} years of shore summers have taught us which carts hold up best in places like ${spoken}.`,
];

const rentalTitles: Template[] = [() => 'Rentals for Guests', () => 'Rentals by the Day or Month', () => 'Carts for Visitors Too'];

const rentalTexts: Template[] = [
  ({ spoken }) => `Visitors to ${spoken} can rent a street-legal cart by the day, week or month, with insurance included.`,
  () => 'Family coming for the summer? Rent them a street-legal cart with insurance included, delivered before they arrive.',
  ({ spoken }) => `Renting out a house in ${spoken}? Add a cart to the stay: we deliver it to your guests and collect it afterwards.`,
];

const closingTexts: Template[] = [
  ({ spoken }) => `Tell us how many seats you need and how you plan to use your cart around ${spoken}. We will reply with a written quote, usually the same day.`,
  () => 'Send us the model you have in mind, or just the number of seats and your budget, and we will put a written price in your inbox.',
  ({ spoken }) => `Ask for a free, no-pressure quote for a cart delivered to ${spoken}, with every cost spelled out up front.`,
];

function namesOf(town: Town): Names {
  const full = townName(town);
  return {
    full,
    spoken: town.type === 'Township' ? full : town.name,
    county: `${town.county} County`,
    place: town.type === 'City' ? 'town' : `the ${town.type.toLowerCase()}`,
  };
}

/** The words of one town's landing page. `yearsLabel` is the business's age as shown: '16+'. */
export function townPageCopy(town: Town, yearsLabel: string): TownPageCopy {
  const names = namesOf(town);
  const { full, spoken, county } = names;
  const write = (variants: readonly Template[], salt: string) => pick(variants, town, salt)(names, town);
  const neighbors = town.neighbors.flatMap((name) => {
    const neighbor = towns.find((candidate) => candidate.name === name);
    return neighbor ? [{ label: townName(neighbor), path: townPath(neighbor) }] : [];
  });
  return {
    fullName: full,
    spokenName: spoken,
    county,
    seoTitle: `Golf Carts in ${full}, NJ: Sales, Rentals & Service`,
    seoDescription: write(descriptions, 'description'),
    keywords: [
      `golf carts ${full}`,
      `golf carts ${town.name} NJ`,
      `golf cart dealer ${town.name}`,
      `golf cart rental ${town.name}`,
      `golf cart repair ${town.name}`,
      `street legal golf carts ${county}`,
      `LSV ${town.name} NJ`,
    ],
    heading: `Golf Carts in ${full}, NJ`,
    pitch: write(pitches, 'pitch'),
    localTitle: write(localTitles, 'local'),
    localParagraphs: [town.intro, `${town.cartUse} ${write(placeSentences[town.type], 'place')}`, write(countySentences[town.county], 'county')],
    neighbors,
    brandsNote: write(brandNotes, 'brands'),
    popularTitle: write(popularTitles, 'popular'),
    popularIntro: write(popularIntros, 'popular-intro'),
    contactTitle: write(contactTitles, 'contact'),
    contactText: write(contactTexts, 'contact-text'),
    whyTitle: write(whyTitles, 'why'),
    whyPoints: [
      { title: write(deliveryTitles, 'delivery-title'), text: write(deliveryTexts, 'delivery-text'), icon: 'truck' },
      { title: 'Service at Your Door', text: write(serviceTexts, 'service-text'), icon: 'wrench' },
      {
        title: `${yearsLabel} Years at the Shore`,
        text: write(experienceTexts, 'experience').replaceAll('{years}', yearsLabel),
        icon: 'shield',
      },
      { title: write(rentalTitles, 'rental-title'), text: write(rentalTexts, 'rental-text'), icon: 'calendar' },
    ],
    closingTitle: write(closingTitles, 'closing'),
    closingText: write(closingTexts, 'closing-text'),
    deliveryNote: write(deliveryNotes, 'delivery'),
    quote: { interest: 'sales', topic: `golf cart quote for ${full}` },
    service: { interest: 'service', topic: `mobile service in ${full}` },
  };
}
