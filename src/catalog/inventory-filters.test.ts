import { describe, expect, it } from 'vitest';
import { categoryOptions, inventoryFiltersFrom, offeredFilters, parseInventoryFilters, parseInventoryPage, type InventoryFilters } from './inventory-filters';
import { DEFAULT_INVENTORY_FILTERS, inventoryQuery } from './inventory-query';

const filters = (overrides: Partial<InventoryFilters>): InventoryFilters => ({ ...DEFAULT_INVENTORY_FILTERS, ...overrides });

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
