import { describe, expect, it } from 'vitest';
import { unitSlug } from './unit-slug';

describe('unitSlug', () => {
  it('joins year, brand, model and stock number in kebab-case', () => {
    expect(unitSlug({ year: 2021, brand: 'Club Car', model: 'Onward 4 Passenger', stockNumber: 'U2417' })).toBe('2021-club-car-onward-4-passenger-u2417');
    expect(unitSlug({ year: 2020, brand: 'E-Z-GO', model: 'RXV Elite', stockNumber: '24-118' })).toBe('2020-e-z-go-rxv-elite-24-118');
  });

  it('leaves out a year the feed does not give', () => {
    expect(unitSlug({ brand: 'Swift EV', model: 'Mach 4E', stockNumber: 'U2404' })).toBe('swift-ev-mach-4e-u2404');
  });

  it('cuts a long model at a whole word and keeps the stock number, within 80 characters', () => {
    const slug = unitSlug({ year: 2022, brand: 'Tomberlin', model: 'Emerge E4 '.repeat(12), stockNumber: 'LSV-000123' });
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^2022-tomberlin-emerge-e4-(?:[a-z0-9]+-)*lsv-000123$/);
  });
});
