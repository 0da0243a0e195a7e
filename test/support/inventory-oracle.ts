import { DatabaseSync } from 'node:sqlite';
import { PRICE_RANGES, type InventoryFilters, type PriceFilter } from '../../src/catalog/inventory-filters';
import { BRANDS, type UnitDetails, type Vehicle } from '../../src/catalog/vehicle';

// The inventory's filters and the catalog's order written plainly in JavaScript, straight from
// docs/product.md#inventory-filters and docs/decisions/003-specification-decisions.md#catalog:
// the oracle the database's answers are checked against (models/vehicle-match.ts and the order in
// models/vehicle.repository.ts). The site itself never runs this.

/** The fields a filter reads; a card needs a few more. */
export type FilterableVehicle = Pick<Vehicle, 'name' | 'description' | 'brand' | 'category' | 'price'> & {
  unit?: Pick<UnitDetails, 'condition' | 'location'>;
};

// MongoDB's English stop words of one word (src/mongo/db/fts/stop_words_english.txt): never a search word.
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by cannot ' +
    'could did do does doing down during each few for from further had has have having he her here hers herself him himself his ' +
    'how i if in into is it its itself me more most my myself no nor not of off on once only or other ought our ours ourselves ' +
    'out over own same she should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why with would you your yours yourself ' +
    'yourselves'
  ).split(' '),
);

// English word forms by the Porter stemmer, here SQLite's (FTS5 keeps the stem of each word it
// is given); MongoDB's Snowball English stemmer is its successor and agrees on the catalog's words.
const stemmer = new DatabaseSync(':memory:');
stemmer.exec("CREATE VIRTUAL TABLE words USING fts5(word, tokenize = 'porter unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE stems USING fts5vocab(words, 'row');");
const stems = new Map<string, string>();
function stem(word: string): string {
  let found = stems.get(word);
  if (found === undefined) {
    stemmer.prepare('INSERT INTO words (rowid, word) VALUES (1, ?)').run(word);
    found = String((stemmer.prepare('SELECT term FROM stems').get() as { term: string }).term);
    stemmer.exec('DELETE FROM words');
    stems.set(word, found);
  }
  return found;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Every word of the search as typed, case ignored, in the name or in the description; and at
 * least one of the search's words a word of either, in any form English stemming joins
 * ("seat" finds "seats"), stop words aside. A double quote in a search is a space.
 */
function matchesSearch(vehicle: FilterableVehicle, search: string): boolean {
  const words = search.replaceAll('"', ' ').trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const name = vehicle.name.toLowerCase();
  const description = vehicle.description.toLowerCase();
  if (!words.every((word) => name.includes(word) || description.includes(word))) return false;
  const held = new Set(wordsOf(`${vehicle.name} ${vehicle.description}`).map(stem));
  return words
    .flatMap(wordsOf)
    .filter((word) => !STOP_WORDS.has(word))
    .some((word) => held.has(stem(word)));
}

function matchesPrice(price: number | null, filter: PriceFilter): boolean {
  if (filter === 'all') return true;
  // An unpriced model ("Contact for Pricing") belongs to no price range.
  if (price === null) return false;
  const { lt = Infinity, gte = -Infinity, lte = Infinity, gt = -Infinity } = PRICE_RANGES[filter];
  return price < lt && price >= gte && price <= lte && price > gt;
}

/** A model entry is a new cart; a unit is as its feed says. */
const conditionOf = (vehicle: FilterableVehicle) => vehicle.unit?.condition ?? 'new';

/** The vehicles that pass every filter at once, in the order given. */
export function filterVehicles<V extends FilterableVehicle>(vehicles: readonly V[], filters: InventoryFilters): V[] {
  const category = filters.category.toLowerCase();
  return vehicles.filter(
    (vehicle) =>
      matchesSearch(vehicle, filters.search) &&
      (filters.brand === 'all' || vehicle.brand.toLowerCase() === filters.brand) &&
      (category === 'all' || vehicle.category.toLowerCase().includes(category)) &&
      matchesPrice(vehicle.price, filters.price) &&
      (filters.condition === 'all' || conditionOf(vehicle) === filters.condition) &&
      (filters.location === 'all' || vehicle.unit?.location === filters.location),
  );
}

type Ordered = Pick<Vehicle, 'brand' | 'price' | 'name' | 'slug'>;

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const houseBrands: readonly string[] = BRANDS;

/** The house brands first, in BRANDS order, then every other brand (used units) A-Z by key. */
function compareBrands(a: string, b: string): number {
  const rankA = houseBrands.indexOf(a);
  const rankB = houseBrands.indexOf(b);
  if (rankA !== rankB) return (rankA === -1 ? houseBrands.length : rankA) - (rankB === -1 ? houseBrands.length : rankB);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareVehicles(a: Ordered, b: Ordered): number {
  const brand = compareBrands(a.brand, b.brand);
  if (brand !== 0) return brand;
  if (a.price !== b.price) {
    // Unpriced ("Contact for Pricing") vehicles come after every priced one of their brand.
    if (a.price === null) return 1;
    if (b.price === null) return -1;
    return a.price - b.price;
  }
  const name = byName.compare(a.name, b.name);
  if (name !== 0) return name;
  // Slugs are unique, so the order never depends on how the database returned the documents.
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * The catalog's one order (docs/decisions/003-specification-decisions.md#catalog): by brand (house brands first), then price ascending with unpriced
 * vehicles last, then by name. Returns a new array.
 */
export function sortVehicles<T extends Ordered>(vehicles: readonly T[]): T[] {
  return [...vehicles].sort(compareVehicles);
}
