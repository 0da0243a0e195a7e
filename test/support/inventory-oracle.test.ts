import { describe, expect, it } from 'vitest';
import type { InventoryFilters } from '../../src/catalog/inventory-filters';
import { DEFAULT_INVENTORY_FILTERS } from '../../src/catalog/inventory-query';
import { filterVehicles, sortVehicles, type FilterableVehicle } from './inventory-oracle';

const vehicle = (name: string, overrides: Partial<FilterableVehicle>): FilterableVehicle => ({
  name,
  description: `${name} description`,
  brand: 'evolution',
  category: 'classic',
  price: 10000,
  ...overrides,
});

const city = vehicle('DENAGO EV City', { brand: 'denago', category: 'city', price: 11995, description: 'Street-legal NEV with lithium power.' });
const roverXl = vehicle('DENAGO EV Rover XL', { brand: 'denago', category: 'rover', price: null, description: 'Four seats and hydraulic disc brakes.' });
const roverXxl = vehicle('DENAGO EV Rover XXL', { brand: 'denago', category: 'rover', price: 19995, description: 'Eight seats for the whole family.' });
const maverick = vehicle('EVOLUTION D5 Maverick 6 Plus', { category: 'maverick', price: 14999, description: 'A six-seat lifted cart.' });
const atFifteen = vehicle('EVOLUTION Carrier 8 Plus', { category: 'carrier', price: 15000, description: 'Eight seats, deep cycle batteries.' });
const atTwentyFive = vehicle('EVOLUTION D6 Max XT6', { category: 'd6-max', price: 25000, description: 'High-performance lithium, six seats.' });
const aboveTwentyFive = vehicle('EVOLUTION Ranger 6 Plus', { category: 'ranger', price: 25001, description: 'Tows 1,500 lbs.' });
const forester = vehicle('EVOLUTION Forester 4 Plus', { category: 'forester', price: null, description: 'Four-wheel terrain ready with a cargo bed.' });
const catalog = [city, roverXl, roverXxl, maverick, atFifteen, atTwentyFive, aboveTwentyFive, forester];

const filters = (overrides: Partial<InventoryFilters>): InventoryFilters => ({ ...DEFAULT_INVENTORY_FILTERS, ...overrides });
const names = (list: FilterableVehicle[]) => list.map((item) => item.name);

describe('filterVehicles', () => {
  it('shows every vehicle, in the order given, when no filter is set', () => {
    expect(filterVehicles(catalog, DEFAULT_INVENTORY_FILTERS)).toEqual(catalog);
  });

  describe('search', () => {
    it('finds a vehicle by a word of its name, whatever the case', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'rover' })))).toEqual(['DENAGO EV Rover XL', 'DENAGO EV Rover XXL']);
      expect(names(filterVehicles(catalog, filters({ search: 'ROVER' })))).toEqual(['DENAGO EV Rover XL', 'DENAGO EV Rover XXL']);
    });

    it('finds a vehicle by a phrase of its description', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'hydraulic DISC' })))).toEqual(['DENAGO EV Rover XL']);
    });

    it('finds a word in its other English forms: seat finds seats, forest finds Forester', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'seat' })))).toEqual([
        'DENAGO EV Rover XL',
        'DENAGO EV Rover XXL',
        'EVOLUTION D5 Maverick 6 Plus',
        'EVOLUTION Carrier 8 Plus',
        'EVOLUTION D6 Max XT6',
      ]);
      expect(names(filterVehicles(catalog, filters({ search: 'forest' })))).toEqual(['EVOLUTION Forester 4 Plus']);
    });

    it('needs one word of the search to be a word of the vehicle; the others may be parts of words', () => {
      expect(filterVehicles(catalog, filters({ search: 'rov' }))).toEqual([]);
      expect(names(filterVehicles(catalog, filters({ search: 'rov xxl' })))).toEqual(['DENAGO EV Rover XXL']);
      // "the" is a stop word: never the word a search finds a vehicle by.
      expect(filterVehicles(catalog, filters({ search: 'the' }))).toEqual([]);
    });

    it('needs every word typed, found in the name or the description', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'denago eight' })))).toEqual(['DENAGO EV Rover XXL']);
      expect(names(filterVehicles(catalog, filters({ search: 'Rover Forester' })))).toEqual([]);
    });

    it('ignores surrounding spaces and treats a blank search as no search', () => {
      expect(names(filterVehicles(catalog, filters({ search: '  city  ' })))).toEqual(['DENAGO EV City']);
      expect(filterVehicles(catalog, filters({ search: '   ' }))).toHaveLength(catalog.length);
    });

    it('finds nothing for a word no vehicle has', () => {
      expect(filterVehicles(catalog, filters({ search: 'hovercraft' }))).toEqual([]);
    });
  });

  describe('brand', () => {
    it('keeps only DENAGO vehicles', () => {
      expect(names(filterVehicles(catalog, filters({ brand: 'denago' })))).toEqual(['DENAGO EV City', 'DENAGO EV Rover XL', 'DENAGO EV Rover XXL']);
    });

    it('keeps only EVOLUTION vehicles', () => {
      expect(filterVehicles(catalog, filters({ brand: 'evolution' }))).toHaveLength(5);
    });

    it('compares the brand without regard to case', () => {
      const shouting = vehicle('Upper-case brand', { brand: 'DENAGO' as FilterableVehicle['brand'] });
      expect(names(filterVehicles([shouting], filters({ brand: 'denago' })))).toEqual(['Upper-case brand']);
    });

    it('matches the brand exactly, not as part of a word', () => {
      const lookalike = vehicle('Lookalike', { brand: 'denago-plus' as FilterableVehicle['brand'] });
      expect(filterVehicles([lookalike], filters({ brand: 'denago' }))).toEqual([]);
    });
  });

  describe('category', () => {
    it('keeps vehicles of the chosen category', () => {
      expect(names(filterVehicles(catalog, filters({ category: 'rover' })))).toEqual(['DENAGO EV Rover XL', 'DENAGO EV Rover XXL']);
      expect(names(filterVehicles(catalog, filters({ category: 'ranger' })))).toEqual(['EVOLUTION Ranger 6 Plus']);
    });

    it('matches the category as a substring, ignoring case', () => {
      const hyphenated = vehicle('Lifted Maverick', { category: 'maverick-lifted' });
      expect(names(filterVehicles([maverick, hyphenated, city], filters({ category: 'maverick' })))).toEqual(['EVOLUTION D5 Maverick 6 Plus', 'Lifted Maverick']);
      expect(names(filterVehicles([vehicle('Upper', { category: 'Turfman' })], filters({ category: 'turfman' })))).toEqual(['Upper']);
      expect(names(filterVehicles(catalog, filters({ category: 'max' })))).toEqual(['EVOLUTION D6 Max XT6']);
    });
  });

  describe('price', () => {
    it('under $15,000 keeps prices below 15000 only', () => {
      expect(names(filterVehicles(catalog, filters({ price: 'under-15000' })))).toEqual(['DENAGO EV City', 'EVOLUTION D5 Maverick 6 Plus']);
    });

    it('$15,000 to $25,000 includes both 15000 and 25000', () => {
      expect(names(filterVehicles(catalog, filters({ price: '15000-25000' })))).toEqual(['DENAGO EV Rover XXL', 'EVOLUTION Carrier 8 Plus', 'EVOLUTION D6 Max XT6']);
    });

    it('over $25,000 keeps prices above 25000 only', () => {
      expect(names(filterVehicles(catalog, filters({ price: 'over-25000' })))).toEqual(['EVOLUTION Ranger 6 Plus']);
    });

    it('shows unpriced vehicles under "all" prices and in no price range', () => {
      expect(names(filterVehicles([roverXl, forester], filters({ price: 'all' })))).toEqual(['DENAGO EV Rover XL', 'EVOLUTION Forester 4 Plus']);
      for (const price of ['under-15000', '15000-25000', 'over-25000'] as const) {
        expect(filterVehicles([roverXl, forester], filters({ price }))).toEqual([]);
      }
    });

    it('treats a free vehicle ($0) as priced, under $15,000', () => {
      expect(filterVehicles([vehicle('Demo', { price: 0 })], filters({ price: 'under-15000' }))).toHaveLength(1);
    });
  });

  describe('condition and location', () => {
    const usedOnward = vehicle('2021 Club Car Onward', { brand: 'club-car', category: 'onward', price: 9495, unit: { condition: 'used', location: 'bayville' } });
    const certifiedEmerge = vehicle('2022 Tomberlin Emerge', {
      brand: 'tomberlin',
      category: 'emerge',
      price: 11495,
      unit: { condition: 'certified', location: 'waretown' },
    });
    const lot = [city, usedOnward, certifiedEmerge];

    it('counts every model entry as new, and each unit as its feed says', () => {
      expect(names(filterVehicles(lot, filters({ condition: 'new' })))).toEqual(['DENAGO EV City']);
      expect(names(filterVehicles(lot, filters({ condition: 'used' })))).toEqual(['2021 Club Car Onward']);
      expect(names(filterVehicles(lot, filters({ condition: 'certified' })))).toEqual(['2022 Tomberlin Emerge']);
    });

    it('keeps the units that stand at one showroom, and any brand the data has', () => {
      expect(names(filterVehicles(lot, filters({ location: 'waretown' })))).toEqual(['2022 Tomberlin Emerge']);
      expect(names(filterVehicles(lot, filters({ brand: 'club-car' })))).toEqual(['2021 Club Car Onward']);
      expect(filterVehicles(lot, filters({ location: 'bayville', condition: 'certified' }))).toEqual([]);
    });
  });

  describe('combined', () => {
    it('applies brand and price together', () => {
      expect(names(filterVehicles(catalog, filters({ brand: 'denago', price: 'under-15000' })))).toEqual(['DENAGO EV City']);
    });

    it('applies all four filters together', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'seats', brand: 'denago', category: 'rover', price: '15000-25000' })))).toEqual(['DENAGO EV Rover XXL']);
    });

    it('shows nothing when the filters exclude each other', () => {
      expect(filterVehicles(catalog, filters({ brand: 'denago', category: 'maverick' }))).toEqual([]);
      expect(filterVehicles(catalog, filters({ category: 'forester', price: 'under-15000' }))).toEqual([]);
    });
  });
});

const cart = (slug: string, brand: string, price: number | null, name = slug) => ({ slug, brand, price, name });

describe('sortVehicles', () => {
  it('lists DENAGO before EVOLUTION whatever the prices', () => {
    const order = sortVehicles([cart('evo-cheap', 'evolution', 5_000), cart('denago-dear', 'denago', 20_000)]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-dear', 'evo-cheap']);
  });

  it('lists the used units of other brands after the house brands, brand by brand A-Z', () => {
    const order = sortVehicles([
      cart('tomberlin-unit', 'tomberlin', 9_000),
      cart('club-car-unit', 'club-car', 12_000),
      cart('evo-dear', 'evolution', 40_000),
      cart('denago-dear', 'denago', 30_000),
    ]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-dear', 'evo-dear', 'club-car-unit', 'tomberlin-unit']);
  });

  it('orders a brand by price, cheapest first', () => {
    const order = sortVehicles([cart('b', 'evolution', 16_995), cart('a', 'evolution', 9_995), cart('c', 'evolution', 12_995)]);
    expect(order.map((vehicle) => vehicle.price)).toEqual([9_995, 12_995, 16_995]);
  });

  it('puts vehicles without a price after the priced ones of their brand', () => {
    const order = sortVehicles([
      cart('evo-quote', 'evolution', null),
      cart('denago-quote', 'denago', null),
      cart('evo-priced', 'evolution', 30_000),
      cart('denago-priced', 'denago', 11_995),
    ]);
    expect(order.map((vehicle) => vehicle.slug)).toEqual(['denago-priced', 'denago-quote', 'evo-priced', 'evo-quote']);
  });

  it('breaks equal prices by name, reading numbers as numbers', () => {
    const order = sortVehicles([
      cart('x', 'evolution', 10_000, 'Carrier 8 Plus'),
      cart('y', 'evolution', 10_000, 'Carrier 6 Plus'),
      cart('z', 'evolution', null, 'Classic 4 Plus'),
      cart('w', 'evolution', null, 'Classic 22 Plus'),
    ]);
    expect(order.map((vehicle) => vehicle.name)).toEqual(['Carrier 6 Plus', 'Carrier 8 Plus', 'Classic 4 Plus', 'Classic 22 Plus']);
  });

  it('gives the same order whatever order the vehicles arrive in', () => {
    const vehicles = [cart('b', 'denago', null, 'Same'), cart('a', 'denago', null, 'Same'), cart('c', 'evolution', 1, 'One')];
    expect(sortVehicles(vehicles)).toEqual(sortVehicles([...vehicles].reverse()));
    expect(sortVehicles(vehicles).map((vehicle) => vehicle.slug)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the given list as it was', () => {
    const vehicles = [cart('b', 'evolution', 2), cart('a', 'denago', 1)];
    sortVehicles(vehicles);
    expect(vehicles.map((vehicle) => vehicle.slug)).toEqual(['b', 'a']);
  });
});
