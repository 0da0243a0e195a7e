export type RentalGroupId = '4-seater' | '6-seater' | 'utility';
export type RentalPlanId = 'daily' | '3-day' | 'weekly' | 'monthly';

/** One rental option, priced for the whole period. */
export interface RentalPlan {
  id: RentalPlanId;
  title: string;
  description: string;
  /** Whole US dollars for the whole period. */
  price: number;
  /** '24 hours', '3 days', '7 days', '30 days'. */
  duration: string;
  renewal: string;
  delivery: string;
  badge: 'RECOMMENDED' | null;
  /** The saving against paying the daily rate, as shown: 'Save 6.8%'. */
  savingsLabel: string | null;
}

/** One vehicle type's plans, shown as one section of the rentals page. */
export interface RentalPlanGroup {
  id: RentalGroupId;
  title: string;
  description: string;
  plans: RentalPlan[];
}

export interface RentalBenefit {
  title: string;
  description: string;
}

export interface RentalTerms {
  /** Whole US dollars per mile, charged only beyond the free delivery distance. */
  deliveryFeePerMile: number;
  freeDeliveryMiles: number;
  /** Rentals are charged in blocks of this many hours. */
  rentalIncrementHours: number;
  /** The footnote on the rentals page, one sentence a line. */
  notes: string[];
}

const deliveryFeePerMile = 6;
const freeDeliveryMiles = 10;
const rentalIncrementHours = 24;

export const rentalTerms: RentalTerms = {
  deliveryFeePerMile,
  freeDeliveryMiles,
  rentalIncrementHours,
  notes: [
    `Delivery fee: $${deliveryFeePerMile} per mile beyond ${freeDeliveryMiles} miles.`,
    `Rental periods run in ${rentalIncrementHours}-hour increments.`,
    'Early returns are not refunded.',
    'Prices are subject to availability.',
  ],
};

// What a plan is does not depend on the vehicle type; only its price and saving do.
const planCopy: Record<RentalPlanId, Pick<RentalPlan, 'title' | 'description' | 'duration' | 'renewal'>> = {
  daily: {
    title: 'Daily Rental',
    description: 'A day at the beach, a wedding or a round of errands around town.',
    duration: '24 hours',
    renewal: 'Extend one day at a time',
  },
  '3-day': {
    title: '3-Day Rental',
    description: 'A long weekend at the shore with the car parked for the whole stay.',
    duration: '3 days',
    renewal: 'Extend by the day or upgrade to a week',
  },
  weekly: {
    title: 'Weekly Rental',
    description: 'The classic shore week: the cart is waiting when you arrive and collected when you leave.',
    duration: '7 days',
    renewal: 'Renew week to week',
  },
  monthly: {
    title: 'Monthly Rental',
    description: 'For summer residents and long stays, at the lowest cost per day.',
    duration: '30 days',
    renewal: 'Renew month to month',
  },
};

const delivery = `Free delivery and pickup within ${freeDeliveryMiles} miles`;

function plan(id: RentalPlanId, price: number, savingsLabel: string | null): RentalPlan {
  return {
    id,
    ...planCopy[id],
    price,
    delivery,
    badge: id === 'weekly' ? 'RECOMMENDED' : null,
    savingsLabel,
  };
}

/** The three sections of the rentals page, in page order, with the prices of docs/product.md#rentals. */
export const rentalPlanGroups: RentalPlanGroup[] = [
  {
    id: '4-seater',
    title: '4 Seater Golf Carts',
    description: 'Street-legal carts for couples and small families: beach runs, dinner in town and everyday errands.',
    plans: [plan('daily', 245, null), plan('3-day', 685, 'Save 6.8%'), plan('weekly', 1050, 'Save 38.7%'), plan('monthly', 2800, 'Save 61.6%')],
  },
  {
    id: '6-seater',
    title: '6 Seater Golf Carts',
    description: 'Room for the whole family or a group of friends, with a seat belt for every passenger.',
    plans: [plan('daily', 295, null), plan('3-day', 735, 'Save 16.9%'), plan('weekly', 1400, 'Save 32.2%'), plan('monthly', 3500, 'Save 60.4%')],
  },
  {
    id: 'utility',
    title: 'Utility Carts',
    description: 'A cargo bed for beach gear, tools and supplies, for rental properties, job sites and events.',
    plans: [plan('daily', 245, null), plan('3-day', 685, 'Save 6.8%'), plan('weekly', 1050, 'Save 38.7%'), plan('monthly', 2800, 'Save 61.6%')],
  },
];

/** The six reasons to rent from us, in the order of the rentals page. */
export const rentalBenefits: RentalBenefit[] = [
  {
    title: 'Street Legal with Seat Belts',
    description: 'Registered low-speed vehicles with lights, mirrors and a seat belt for every seat.',
  },
  {
    title: 'Flexible Pickup & Return',
    description: 'Collect your cart from us or have it delivered, and return it the way that suits your trip.',
  },
  {
    title: 'Fully Charged',
    description: 'Every cart arrives fully charged and ready to ride from the moment it is handed over.',
  },
  {
    title: 'Insurance Included',
    description: 'Rental insurance is part of every plan, so there is nothing extra to arrange.',
  },
  {
    title: '24/7 Support',
    description: 'Call us any time, day or night, if you need help with your cart.',
  },
  {
    title: 'No Hidden Fees',
    description: `The plan price is what you pay; the only extra is delivery beyond ${freeDeliveryMiles} miles.`,
  },
];
