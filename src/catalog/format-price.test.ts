import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('shows whole dollars with thousands separators', () => {
    expect(formatPrice(12995)).toBe('$12,995');
    expect(formatPrice(245)).toBe('$245');
    expect(formatPrice(1050)).toBe('$1,050');
  });

  it('asks the shopper to get in touch when a model has no price', () => {
    expect(formatPrice(null)).toBe('Contact for Pricing');
  });
});
