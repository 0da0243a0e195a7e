import { describe, expect, it } from 'vitest';
import {
  categoryOptions,
  filterVehicles,
  inventoryFiltersFrom,
  offeredFilters,
  parseInventoryFilters,
  parseInventoryPage,
  type FilterableVehicle,
  type InventoryFilters,
} from './inventory-filters';
import { DEFAULT_INVENTORY_FILTERS, inventoryQuery } from './inventory-query';

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

    it('matches part of a word', () => {
      expect(names(filterVehicles(catalog, filters({ search: 'forest' })))).toEqual(['EVOLUTION Forester 4 Plus']);
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

describe('parseInventoryFilters', () => {
  it('reads every filter from the query string', () => {
    expect(parseInventoryFilters('?search=Rover+XL&brand=denago&category=rover&price=15000-25000&condition=new&location=bayville')).toEqual({
      search: 'Rover XL',
      brand: 'denago',
      category: 'rover',
      price: '15000-25000',
      condition: 'new',
      location: 'bayville',
    });
  });

  it('gives the defaults for an empty query string', () => {
    expect(parseInventoryFilters('')).toEqual({ search: '', brand: 'all', category: 'all', price: 'all', condition: 'all', location: 'all' });
  });

  it('reads upper-case brand, category and price values', () => {
    expect(parseInventoryFilters('brand=EVOLUTION&category=Ranger&price=OVER-25000')).toEqual(filters({ brand: 'evolution', category: 'ranger', price: 'over-25000' }));
  });

  it('turns unknown values into "all" instead of failing', () => {
    expect(parseInventoryFilters('brand=Club+Car&category=%3Cscript%3E&price=cheap&condition=mint&location=..%2Fetc')).toEqual(DEFAULT_INVENTORY_FILTERS);
    expect(parseInventoryFilters('price=15000')).toEqual(DEFAULT_INVENTORY_FILTERS);
  });

  it('reads the condition and the showroom a unit stands at', () => {
    expect(parseInventoryFilters('condition=Used&location=waretown')).toEqual(filters({ condition: 'used', location: 'waretown' }));
    expect(parseInventoryFilters('condition=certified&brand=club-car')).toEqual(filters({ condition: 'certified', brand: 'club-car' }));
  });

  it('turns a brand, category or location the catalog does not hold into "all"', () => {
    const choices = { brands: ['denago', 'club-car'], categories: ['ranger', 'rover'], locations: ['waretown'] };
    expect(offeredFilters(parseInventoryFilters('category=hovercraft&brand=yamaha&location=bayville'), choices)).toEqual(DEFAULT_INVENTORY_FILTERS);
    expect(offeredFilters(parseInventoryFilters('category=rover&brand=club-car&location=waretown'), choices)).toEqual(
      filters({ category: 'rover', brand: 'club-car', location: 'waretown' }),
    );
  });

  it('takes the first of repeated parameters and ignores others', () => {
    expect(parseInventoryFilters('brand=denago&brand=evolution&utm_source=mail')).toEqual(filters({ brand: 'denago' }));
  });

  it('keeps the search as typed but cuts it to 100 characters', () => {
    expect(parseInventoryFilters('search=ev+').search).toBe('ev ');
    expect(parseInventoryFilters(`search=${'a'.repeat(500)}`).search).toHaveLength(100);
  });

  it('reads the no-JavaScript form submission, which sends every field', () => {
    expect(parseInventoryFilters('search=&brand=all&category=all&price=all&condition=all&location=all')).toEqual(DEFAULT_INVENTORY_FILTERS);
  });
});

describe('inventoryQuery', () => {
  it('leaves out every default', () => {
    expect(inventoryQuery(DEFAULT_INVENTORY_FILTERS).toString()).toBe('');
    expect(inventoryQuery(filters({ search: '   ' })).toString()).toBe('');
  });

  it('writes the filters that are set, and reads back the same filters', () => {
    const set = filters({ search: 'rover xl', brand: 'denago', price: 'under-15000', condition: 'used', location: 'waretown' });
    const query = inventoryQuery(set);
    expect(query.toString()).toBe('search=rover+xl&brand=denago&price=under-15000&condition=used&location=waretown');
    expect(parseInventoryFilters(query)).toEqual(set);
  });

  it('writes the page number after the filters, from the second page on', () => {
    expect(inventoryQuery(filters({ brand: 'denago' }), 2).toString()).toBe('brand=denago&page=2');
    expect(inventoryQuery(DEFAULT_INVENTORY_FILTERS, 1).toString()).toBe('');
    expect(parseInventoryPage(inventoryQuery(DEFAULT_INVENTORY_FILTERS, 7))).toBe(7);
  });
});

describe('categoryOptions', () => {
  it("offers the spec's five categories first, then every other category in the catalog A-Z", () => {
    const catalog = [{ category: 'nomad' }, { category: 'city' }, { category: 'rover' }, { category: 'city' }, { category: 'd6-max' }];
    expect(categoryOptions(catalog)).toEqual(['ranger', 'maverick', 'forester', 'turfman', 'rover', 'city', 'd6-max', 'nomad']);
  });
});

describe('inventoryFiltersFrom', () => {
  it('never fails, whatever shape the values take', () => {
    expect(inventoryFiltersFrom({ search: ['ev', 'city'], brand: 5, category: { $ne: 1 }, price: null })).toEqual(DEFAULT_INVENTORY_FILTERS);
    expect(inventoryFiltersFrom({ search: 'ev', brand: ['denago'] })).toEqual(filters({ search: 'ev' }));
    expect(inventoryFiltersFrom({})).toEqual(DEFAULT_INVENTORY_FILTERS);
  });
});

describe('parseInventoryPage', () => {
  it('reads a whole page number from 1, the first of repeated ones', () => {
    expect(parseInventoryPage('page=3')).toBe(3);
    expect(parseInventoryPage('brand=denago&page=12&page=2')).toBe(12);
    expect(parseInventoryPage('')).toBe(1);
  });

  it('reads anything else as the first page', () => {
    for (const value of ['0', '-2', '1.5', 'two', '', '1e3', '123456', '%00']) expect(parseInventoryPage(`page=${value}`), value).toBe(1);
  });
});
