import { describe, expect, it } from 'vitest';
import { towns, type TownType } from '../../seeds/towns';
import { townPath } from './town-path';

describe('townPath', () => {
  it.each<[string, TownType, string]>([
    // Builds /{name}-{type}-golf-carts.
    ['Toms River', 'Township', '/toms-river-township-golf-carts'],
    ['Barnegat Light', 'Borough', '/barnegat-light-borough-golf-carts'],
    ['Cape May', 'City', '/cape-may-city-golf-carts'],
    // Does not repeat the type when the name already ends with it.
    ['Ocean City', 'City', '/ocean-city-golf-carts'],
    ['Sea Isle City', 'City', '/sea-isle-city-golf-carts'],
    ['Washington Township', 'Township', '/washington-township-golf-carts'],
    // Repeats the type when the name only ends with the same letters.
    ['Felicity', 'City', '/felicity-city-golf-carts'],
    // Keeps names with apostrophes and periods readable.
    ["St. Mary's", 'Borough', '/st-marys-borough-golf-carts'],
  ])('gives %j (%s) the path %s', (name, type, path) => {
    expect(townPath({ name, type })).toBe(path);
  });

  it.each([
    ['Toms River', '/toms-river-township-golf-carts'],
    ['Ocean', '/ocean-township-golf-carts'],
    ['Long Beach', '/long-beach-township-golf-carts'],
    ['Point Pleasant Beach', '/point-pleasant-beach-borough-golf-carts'],
    ['Ocean City', '/ocean-city-golf-carts'],
    ['Sea Isle City', '/sea-isle-city-golf-carts'],
    ['Cape May', '/cape-may-city-golf-carts'],
    ['Wildwood', '/wildwood-city-golf-carts'],
    ['North Wildwood', '/north-wildwood-city-golf-carts'],
    ['Wildwood Crest', '/wildwood-crest-borough-golf-carts'],
  ])('gives the seeded town %s the path the site links to, %s', (name, path) => {
    const town = towns.find((t) => t.name === name);
    if (!town) throw new Error(`no town named ${name}`);
    expect(townPath(town)).toBe(path);
  });

  it('gives every one of the 49 towns its own lower-case path', () => {
    const paths = towns.map(townPath);
    expect(paths).toHaveLength(49);
    expect(new Set(paths).size).toBe(49);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9]+(?:-[a-z0-9]+)*-golf-carts$/);
  });
});
