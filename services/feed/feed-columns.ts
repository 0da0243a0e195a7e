import type { FeedUnit } from './feed-unit-schema';

/** Turns a CSV cell (always text) or a JSON value into what the feed unit schema checks. */
type CellReader = (value: unknown) => unknown;

/** Text trimmed; an empty cell or a JSON null is no value. A JSON number is read as its digits. */
const textCell: CellReader = (value) => {
  if (value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const wordCell: CellReader = (value) => {
  const text = textCell(value);
  return typeof text === 'string' ? text.toLowerCase() : text;
};

/** "1840" or "1,840". Anything else is passed on as text, for the schema to name. */
const integerCell: CellReader = (value) => {
  if (typeof value === 'number') return value;
  const text = textCell(value);
  return typeof text === 'string' && /^(?:\d{1,3}(?:,\d{3})+|\d+)$/.test(text) ? Number(text.replaceAll(',', '')) : text;
};

/** "9495", "$9,495" or "9495.00"; an empty cell (or JSON null) is "Contact for Pricing". */
const priceCell: CellReader = (value) => {
  if (value === null || typeof value === 'number' || value === undefined) return value;
  const text = textCell(value);
  if (text === undefined) return null;
  const dollars = typeof text === 'string' ? /^\$?\s*((?:\d{1,3}(?:,\d{3})+|\d+))(?:\.00?)?$/.exec(text) : null;
  return dollars ? Number(dollars[1]!.replaceAll(',', '')) : text;
};

/** "a | b | c" or a JSON array; empty items are dropped. */
const listCell: CellReader = (value) => {
  if (value === null) return undefined;
  const items = typeof value === 'string' ? value.split('|') : value;
  if (!Array.isArray(items)) return items;
  return items.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
};

interface FeedColumn {
  field: keyof FeedUnit;
  read: CellReader;
  required?: true;
}

/**
 * The columns of a dealer feed (CSV header names, or JSON keys), in the order the README lists
 * them. Required columns must be present; a cell of an optional column may be empty.
 */
export const feedColumns = {
  stock_number: { field: 'stockNumber', read: textCell, required: true },
  serial_number: { field: 'serialNumber', read: textCell },
  year: { field: 'year', read: integerCell },
  brand: { field: 'brand', read: textCell, required: true },
  model: { field: 'model', read: textCell, required: true },
  name: { field: 'name', read: textCell },
  condition: { field: 'condition', read: wordCell, required: true },
  category: { field: 'category', read: wordCell },
  price: { field: 'price', read: priceCell, required: true },
  seats: { field: 'seats', read: integerCell },
  color: { field: 'color', read: textCell },
  hours: { field: 'hours', read: integerCell },
  odometer: { field: 'odometer', read: integerCell },
  location: { field: 'location', read: wordCell },
  status: { field: 'status', read: wordCell },
  description: { field: 'description', read: textCell },
  features: { field: 'features', read: listCell },
  photos: { field: 'photos', read: listCell },
} as const satisfies Record<string, FeedColumn>;

export type FeedColumnName = keyof typeof feedColumns;
