import { describe, expect, it } from 'vitest';
import { featuredPriceLabel } from './evolution-page';

const d6MaxXt = { slugPrefix: 'evolution-d6-max-xt' };
const turfman = { slugPrefix: 'evolution-turfman-1000' };

describe('featuredPriceLabel', () => {
  it('starts the D6 Max XT series at its lowest catalog price', () => {
    const vehicles = [
      { slug: 'evolution-d6-max-gt4', price: 16995 },
      { slug: 'evolution-d6-max-xt6', price: 19995 },
      { slug: 'evolution-d6-max-xt4', price: 17995 },
    ];
    expect(featuredPriceLabel(d6MaxXt, vehicles)).toBe('Starting at $17,995');
  });

  it('quotes an unpriced model on request', () => {
    expect(featuredPriceLabel(turfman, [{ slug: 'evolution-turfman-1000', price: null }])).toBe('Contact for Pricing');
  });

  it('shows a single priced model at its price, and a missing model as quoted on request', () => {
    expect(featuredPriceLabel(turfman, [{ slug: 'evolution-turfman-1000', price: 21500 }])).toBe('$21,500');
    expect(featuredPriceLabel(d6MaxXt, [])).toBe('Contact for Pricing');
  });

  it('ignores unpriced members of a series', () => {
    const vehicles = [
      { slug: 'evolution-d6-max-xt4', price: null },
      { slug: 'evolution-d6-max-xt6', price: 19995 },
    ];
    expect(featuredPriceLabel(d6MaxXt, vehicles)).toBe('Starting at $19,995');
  });
});
