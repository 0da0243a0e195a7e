import { describe, expect, it } from 'vitest';
import { towns } from '../../seeds/towns';
import { townPath } from './town-path';

describe('townPath', () => {
  it('builds /{name}-{type}-golf-carts', () => {
    expect(townPath({ name: 'Toms River', type: 'Township' })).toBe('/toms-river-township-golf-carts');
    expect(townPath({ name: 'Barnegat Light', type: 'Borough' })).toBe('/barnegat-light-borough-golf-carts');
    expect(townPath({ name: 'Cape May', type: 'City' })).toBe('/cape-may-city-golf-carts');
  });

  it('does not repeat the type when the name already ends with it', () => {
    expect(townPath({ name: 'Ocean City', type: 'City' })).toBe('/ocean-city-golf-carts');
    expect(townPath({ name: 'Sea Isle City', type: 'City' })).toBe('/sea-isle-city-golf-carts');
    expect(townPath({ name: 'Washington Township', type: 'Township' })).toBe('/washington-township-golf-carts');
  });

  it('repeats the type when the name only ends with the same letters', () => {
    expect(townPath({ name: 'Felicity', type: 'City' })).toBe('/felicity-city-golf-carts');
  });

  it('keeps names with apostrophes and periods readable', () => {
    expect(townPath({ name: "St. Mary's", type: 'Borough' })).toBe('/st-marys-borough-golf-carts');
  });

  it('gives the seeded towns the paths the site links to', () => {
    const pathOf = (name: string) => {
      const town = towns.find((t) => t.name === name);
      if (!town) throw new Error(`no town named ${name}`);
      return townPath(town);
    };
    expect(pathOf('Toms River')).toBe('/toms-river-township-golf-carts');
    expect(pathOf('Ocean')).toBe('/ocean-township-golf-carts');
    expect(pathOf('Long Beach')).toBe('/long-beach-township-golf-carts');
    expect(pathOf('Point Pleasant Beach')).toBe('/point-pleasant-beach-borough-golf-carts');
    expect(pathOf('Ocean City')).toBe('/ocean-city-golf-carts');
    expect(pathOf('Sea Isle City')).toBe('/sea-isle-city-golf-carts');
    expect(pathOf('Cape May')).toBe('/cape-may-city-golf-carts');
    expect(pathOf('Wildwood')).toBe('/wildwood-city-golf-carts');
    expect(pathOf('North Wildwood')).toBe('/north-wildwood-city-golf-carts');
    expect(pathOf('Wildwood Crest')).toBe('/wildwood-crest-borough-golf-carts');
  });

  it('gives every one of the 49 towns its own lower-case path', () => {
    const paths = towns.map(townPath);
    expect(paths).toHaveLength(49);
    expect(new Set(paths).size).toBe(49);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9]+(?:-[a-z0-9]+)*-golf-carts$/);
  });
});
