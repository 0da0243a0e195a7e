import mongoose from 'mongoose';
import { SPEC_CATEGORIES, type InventoryFilters } from '../src/catalog/inventory-filters';
import { brandFacet, categoryFacet, conditionFacet, LISTED_FACET, locationFacet, priceFacet } from './inventory-keys';

/**
 * Listed: every vehicle but a sold unit, which has left the inventory (only its own page still
 * answers: 410, then 404 or 301). Built here, not from input, so trusted past sanitizeFilter.
 */
export const LISTED = { 'unit.status': mongoose.trusted({ $ne: 'sold' }) as { $ne: 'sold' } };

/**
 * The search as a text search over the vehicles' text index (name and description), which
 * MongoDB answers natively and the embedded store through SQLite FTS5: each word is quoted, so a
 * vehicle must contain every word as typed (case ignored) in its name or its description, and
 * the index finds it by those of its words that are words there too (English word forms: "seat"
 * finds "seats"; "the", "and" and other stop words find nothing alone). A double quote typed in
 * a word is dropped: it would end the phrase.
 */
function textSearch(search: string): { $text: { $search: string } } | undefined {
  const words = search.replaceAll('"', ' ').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return { $text: mongoose.trusted({ $search: words.map((word) => `"${word}"`).join(' ') }) as { $search: string } };
}

/**
 * The filters as a database match over the listed vehicles, with the meaning the tests' oracle
 * (test/support/inventory-oracle.ts) gives them: every word of the search in the name or the
 * description as typed, case ignored, and at least one of them a word there (textSearch); the
 * brand exactly; the category as part of the vehicle's; the price within the range (an unpriced
 * vehicle is in none); the condition; the showroom a unit stands at. Each filter is a facet the
 * vehicle stores (models/inventory-keys.ts), so one index answers any of them together, in the
 * catalog's order. A category that is not one of the product's is found through the categories
 * the inventory holds that contain it (`heldCategories`, as the filter choices count them). Built
 * from parsed filters only; the words are matched literally.
 */
export function inventoryMatch(filters: InventoryFilters, heldCategories: readonly string[] = []): object {
  const clauses = inventoryFacetClauses(filters, heldCategories).map((facets) => ({
    facets: facets.length === 1 ? facets[0]! : (mongoose.trusted({ $in: [...facets] }) as { $in: string[] }),
  }));
  return { ...textSearch(filters.search), $and: clauses };
}

/**
 * The filters other than the search as facets a vehicle must have: one clause per filter set,
 * met by any of its facets (a category that is not one of the product's, by any held category
 * that contains it); with no filter, the listed facet. What inventoryMatch asks the database, and
 * what the facet index (services/inventory/facet-index.ts) answers in memory.
 */
export function inventoryFacetClauses(filters: InventoryFilters, heldCategories: readonly string[] = []): string[][] {
  const clauses: string[][] = [];
  if (filters.brand !== 'all') clauses.push([brandFacet(filters.brand)]);
  if (filters.category !== 'all') clauses.push(categoryFacets(filters.category, heldCategories));
  if (filters.price !== 'all') clauses.push([priceFacet(filters.price)]);
  if (filters.condition !== 'all') clauses.push([conditionFacet(filters.condition)]);
  if (filters.location !== 'all') clauses.push([locationFacet(filters.location)]);
  // Only a listed vehicle has facets: with no filter, the listed ones.
  if (clauses.length === 0) clauses.push([LISTED_FACET]);
  return clauses;
}

function categoryFacets(category: string, heldCategories: readonly string[]): string[] {
  if ((SPEC_CATEGORIES as readonly string[]).includes(category)) return [categoryFacet(category)];
  const containing = new Set([category, ...heldCategories.map((held) => held.toLowerCase()).filter((held) => held.includes(category))]);
  return [...containing].map(categoryFacet);
}
