import { describe, expect, it } from 'vitest';
import { RENTAL_PLANS } from '../test/support/fixtures';
import { rentalBenefits, rentalPlanGroups, rentalTerms } from './rental-plans';

describe('rental plans', () => {
  it('shows the 4 seater, 6 seater and utility sections in that order', () => {
    expect(rentalPlanGroups.map((g) => g.id)).toEqual(['4-seater', '6-seater', 'utility']);
  });

  it('charges the prices and shows the savings of the specification', () => {
    const table = rentalPlanGroups.map((group) => ({
      group: group.id,
      plans: group.plans.map((p) => [p.id, p.price, p.savingsLabel]),
    }));
    expect(table).toEqual(Object.entries(RENTAL_PLANS).map(([group, plans]) => ({ group, plans })));
  });

  it('states how long each plan runs', () => {
    for (const group of rentalPlanGroups) {
      expect(group.plans.map((p) => p.duration)).toEqual(['24 hours', '3 days', '7 days', '30 days']);
    }
  });

  it('recommends exactly one plan per section: the weekly one', () => {
    for (const group of rentalPlanGroups) {
      const recommended = group.plans.filter((p) => p.badge === 'RECOMMENDED');
      expect(
        recommended.map((p) => p.id),
        group.id,
      ).toEqual(['weekly']);
      expect(group.plans.filter((p) => p.badge !== null && p.badge !== 'RECOMMENDED')).toEqual([]);
    }
  });

  it('gives every plan a title, description, renewal and delivery text', () => {
    for (const group of rentalPlanGroups) {
      expect(group.title).not.toBe('');
      expect(group.description).not.toBe('');
      for (const plan of group.plans) {
        for (const text of [plan.title, plan.description, plan.renewal, plan.delivery]) expect(text.trim()).not.toBe('');
        expect(Number.isInteger(plan.price)).toBe(true);
      }
    }
  });

  it('lists the six benefits of the rentals page', () => {
    expect(rentalBenefits.map((b) => b.title)).toEqual([
      'Street Legal with Seat Belts',
      'Flexible Pickup & Return',
      'Fully Charged',
      'Insurance Included',
      '24/7 Support',
      'No Hidden Fees',
    ]);
    for (const benefit of rentalBenefits) expect(benefit.description.trim()).not.toBe('');
  });

  it('states the rental terms: $6 a mile beyond 10 miles, 24-hour periods, no refund for early return, subject to availability', () => {
    expect(rentalTerms).toMatchObject({ deliveryFeePerMile: 6, freeDeliveryMiles: 10, rentalIncrementHours: 24 });
    expect(rentalTerms.notes).toEqual([
      'Delivery fee: $6 per mile beyond 10 miles.',
      'Rental periods run in 24-hour increments.',
      'Early returns are not refunded.',
      'Prices are subject to availability.',
    ]);
  });
});
