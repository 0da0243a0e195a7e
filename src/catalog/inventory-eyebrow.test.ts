import { describe, expect, it } from 'vitest';
import { DEFAULT_INVENTORY_FILTERS } from './inventory-query';
import type { FilterChoice } from './inventory-listing';
import { inventoryEyebrow } from './inventory-eyebrow';

const listing = (brand: FilterChoice[], chosen = 'all') => ({
  filters: { ...DEFAULT_INVENTORY_FILTERS, brand: chosen },
  choices: { brand, category: [], price: [], condition: [], location: [] },
});

const HOUSE: FilterChoice[] = [
  ['denago', 'DENAGO'],
  ['evolution', 'EVOLUTION'],
];

describe('the line above the inventory heading', () => {
  it('names the house brands while they are all the inventory holds', () => {
    expect(inventoryEyebrow(listing(HOUSE))).toBe('DENAGO · EVOLUTION');
  });

  it('names the brands of used units too, once there are any', () => {
    expect(inventoryEyebrow(listing([...HOUSE, ['club-car', 'Club Car']]))).toBe('DENAGO · EVOLUTION · Club Car');
    expect(inventoryEyebrow(listing([...HOUSE, ['club-car', 'Club Car'], ['e-z-go', 'E-Z-GO'], ['tomberlin', 'Tomberlin']]))).toBe(
      'DENAGO · EVOLUTION · Club Car · E-Z-GO · Tomberlin',
    );
  });

  it('names only the brand chosen in the filters', () => {
    expect(inventoryEyebrow(listing([...HOUSE, ['club-car', 'Club Car']], 'club-car'))).toBe('Club Car');
  });

  it('says nothing for an empty inventory', () => {
    expect(inventoryEyebrow(listing([]))).toBe('');
  });
});
