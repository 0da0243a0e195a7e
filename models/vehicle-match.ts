import mongoose from 'mongoose';
import { PRICE_RANGES, type InventoryFilters } from '../src/catalog/inventory-filters';

/**
 * Listed: every vehicle but a sold unit, which has left the inventory (only its own page still
 * answers: 410, then 404 or 301). Built here, not from input, so trusted past sanitizeFilter.
 */
export const LISTED = { 'unit.status': mongoose.trusted({ $ne: 'sold' }) as { $ne: 'sold' } };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (text: string) => ({ $regex: escapeRegExp(text), $options: 'i' });

/** A price range (PRICE_RANGES) as the database's comparison operators: { lt: 15000 } → { $lt: 15000 }. */
const priceMatch = (range: keyof typeof PRICE_RANGES) => Object.fromEntries(Object.entries(PRICE_RANGES[range]).map(([bound, value]) => [`$${bound}`, value]));

/** A model entry (no unit) is a new cart; a unit is in the condition its feed gives. */
const CONDITIONS: Record<Exclude<InventoryFilters['condition'], 'all'>, object> = {
  new: { $or: [{ 'unit.condition': 'new' }, { 'unit.condition': { $exists: false } }] },
  used: { 'unit.condition': 'used' },
  certified: { 'unit.condition': 'certified' },
};

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
 * vehicle is in none); the condition; the showroom a unit stands at. Built from parsed filters
 * only; the words are matched literally.
 */
export function inventoryMatch(filters: InventoryFilters): object {
  const clauses: object[] = [LISTED];
  if (filters.brand !== 'all') clauses.push({ brand: filters.brand });
  if (filters.category !== 'all') clauses.push({ category: containing(filters.category) });
  if (filters.price !== 'all') clauses.push({ price: priceMatch(filters.price) });
  if (filters.condition !== 'all') clauses.push(CONDITIONS[filters.condition]);
  if (filters.location !== 'all') clauses.push({ 'unit.location': filters.location });
  return { ...textSearch(filters.search), $and: clauses };
}
