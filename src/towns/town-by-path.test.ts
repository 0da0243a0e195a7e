import { describe, expect, it } from 'vitest';
import { towns } from '../../seeds/towns';
import { townByPath } from './town-by-path';
import { townPath } from './town-path';

describe('townByPath', () => {
  it('finds a town by its canonical path', () => {
    expect(townByPath('/toms-river-township-golf-carts')).toMatchObject({ name: 'Toms River', type: 'Township' });
    expect(townByPath('/ocean-city-golf-carts')).toMatchObject({ name: 'Ocean City', type: 'City', county: 'Cape May' });
    expect(townByPath('/cape-may-city-golf-carts')).toMatchObject({ name: 'Cape May', type: 'City' });
    expect(townByPath('/ocean-township-golf-carts')).toMatchObject({ name: 'Ocean', county: 'Ocean' });
  });

  it('finds every seeded town from its own path', () => {
    for (const town of towns) expect(townByPath(townPath(town))).toBe(town);
  });

  it('finds nothing for short forms, unknown towns or other spellings', () => {
    expect(townByPath('/toms-river-golf-carts')).toBeUndefined();
    expect(townByPath('/atlantic-city-golf-carts')).toBeUndefined();
    expect(townByPath('/ocean-city-city-golf-carts')).toBeUndefined();
    expect(townByPath('/Toms-River-Township-golf-carts')).toBeUndefined();
    expect(townByPath('toms-river-township-golf-carts')).toBeUndefined();
    expect(townByPath('/inventory')).toBeUndefined();
  });
});
