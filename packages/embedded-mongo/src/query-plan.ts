import type { Document } from 'bson';
import { AFTER_PREFIX, encodeKeyPart, isRangeComparable } from './index-key';
import type { IndexDefinition } from './index-definition';
import { MongoCommandError } from './mongo-command-error';
import { parseTextSearch } from './text-search';
import type { TextSearch } from './text-search';

/** A half-open range of index keys: lower <= key < upper. */
export interface KeyRange {
  lower: Buffer;
  upper: Buffer;
}

export interface IndexPlan {
  index: IndexDefinition;
  ranges: KeyRange[];
}

/**
 * How a query reads a collection. `index` absent: every document, in natural order. `order`
 * 'asc'/'desc': the index's key order is the query's sort, so the scan can stop at the limit.
 * `covered`: the ranges hold exactly the documents the filter matches (nothing else to check).
 * `text`: only the documents the collection's text index (FTS5) finds for the search, within
 * the index's ranges when there is an index too; the search itself is answered exactly in SQL.
 */
export interface QueryPlan {
  index?: IndexDefinition;
  ranges: KeyRange[];
  order: 'natural' | 'asc' | 'desc';
  covered: boolean;
  text?: { index: IndexDefinition; search: TextSearch };
  /**
   * More conditions on the index's first field, ANDed (`{ $and: [{ tags: 'a' }, { tags: 'b' }] }`
   * on an array field): a candidate must also have an entry in one of each list's ranges.
   */
  intersect?: KeyRange[][];
}

/** The parts of a filter that are ANDed at its top: field conditions, $text, and the rest. */
export interface FilterParts {
  fields: Map<string, unknown[]>;
  text?: Document;
  others: number;
}

type FieldCondition = ({ equals: unknown[] } | { lower?: Buffer; upper?: Buffer; bracket: number }) & { exact: boolean };

// A compound $in over several fields multiplies ranges; past this the scan is cheaper.
const MAX_RANGES = 200;
/** Above any score an index that narrows or orders can reach: a plan that reads at most one document per range. */
const BOUNDED_SCORE = 1_000_000;
const AFTER = Buffer.from([AFTER_PREFIX]);
const NULL_KEY = encodeKeyPart(null);

/** Splits a filter at its top-level ANDs ($and included), so each field's conditions can use an index. */
export function filterParts(filter: Document | undefined): FilterParts {
  const parts: FilterParts = { fields: new Map(), others: 0 };
  const visit = (clause: Document) => {
    for (const [field, condition] of Object.entries(clause)) {
      if ((field === '$and' || field === '$or' || field === '$nor') && Array.isArray(condition) && condition.length === 0) {
        throw new MongoCommandError(2, '$and/$or/$nor must be a nonempty array');
      }
      if (field === '$and' && Array.isArray(condition)) {
        for (const member of condition) {
          if (member !== null && typeof member === 'object' && !Array.isArray(member)) visit(member as Document);
          else parts.others += 1;
        }
      } else if (field === '$text') {
        parts.text = condition as Document;
      } else if (field.startsWith('$')) {
        parts.others += 1;
      } else {
        const list = parts.fields.get(field) ?? [];
        list.push(condition);
        parts.fields.set(field, list);
      }
    }
  };
  if (filter) visit(filter);
  return parts;
}

/**
 * Chooses how to read a filter: the index that narrows it most (the longest run of leading index
 * fields pinned by equality or $in, then a range on the next field), else an index
 * whose order is the sort's, else every document. The plan only ever widens the set of documents
 * to look at (every candidate is checked against the whole filter again unless the plan is
 * `covered`), so it uses an index only where that is certain: scalar values, no sparse or partial
 * index for conditions that could match a missing field, and both bounds of a range only on an
 * index where no document has several entries (`isMultikey`: an array field can match $gt and $lt
 * through different elements; unknown, it is taken to be multikey).
 */
export function planQuery(
  filter: Document | undefined,
  indexes: readonly IndexDefinition[],
  sortSpec?: Document,
  collation?: Document,
  isMultikey: (index: IndexDefinition) => boolean = () => true,
): QueryPlan {
  const parts = filterParts(filter);
  let text: QueryPlan['text'];
  if (parts.text !== undefined) {
    const textIndex = indexes.find((index) => index.text);
    if (!textIndex) throw new TextIndexMissing();
    text = { index: textIndex, search: parseTextSearch(parts.text) };
  }
  const sort = sortableSpec(sortSpec, collation);
  let best: { plan: QueryPlan; score: number } | undefined;
  for (const index of indexes) {
    if (index.text || (index.partial && !holdsEveryMatch(index, parts))) continue;
    const found = planIndex(parts, index, sort, isMultikey);
    if (!found) continue;
    // A unique index with every field pinned by equality or $in holds at most one document a
    // value: it beats any index that only orders or narrows (the home page's few featured slugs
    // among the listed vehicles read the slug index, not every listed vehicle in order).
    const score = found.bounded ? BOUNDED_SCORE - found.plan.ranges.length : found.score * 4 + (found.plan.order !== 'natural' ? 2 : 0) + (index.unique ? 1 : 0);
    if (!best || score > best.score) best = { plan: found.plan, score };
  }
  // With $text, SQLite reads the text index's documents within the index's ranges (in its key
  // order when that is the sort), and the words and phrases are answered exactly there.
  if (best) return text ? { ...best.plan, text } : best.plan;
  const alone = parts.fields.size === 0 && parts.others === 0;
  // Read from the text index alone: the documents it finds are few beside the whole collection.
  if (text) return { ranges: [], order: 'natural', covered: alone, text };
  // No index narrows the filter: one whose order is the sort's still lets a limit stop the scan.
  if (sort) {
    for (const index of indexes) {
      if (index.partial || index.sparse || index.text) continue;
      const order = sortOrder(index, 0, sort);
      if (order) return { index, ranges: [{ lower: Buffer.alloc(0), upper: AFTER }], order, covered: false };
    }
  }
  return { ranges: [], order: 'natural', covered: alone };
}

/**
 * Whether every document the filter can match is in a partial index: one whose filter is
 * `$exists: true` on fields the query pins to values (an equality or $in of values that are not
 * null), which a document without the field cannot meet. The site's unit lookup by stock number
 * reads the catalog's partial unique index this way instead of every vehicle.
 */
function holdsEveryMatch(index: IndexDefinition, parts: FilterParts): boolean {
  const fields = index.partialExistsFields;
  return fields !== undefined && fields.every((field) => (parts.fields.get(field) ?? []).some(pinsAValue));
}

/** A field condition only a present, non-null value meets. */
function pinsAValue(condition: unknown): boolean {
  if (condition === null || condition instanceof RegExp) return false;
  if (!isOperatorObject(condition)) return isIndexableScalar(condition);
  if ('$eq' in condition) return isIndexableScalar(condition.$eq);
  return Array.isArray(condition.$in) && condition.$in.length > 0 && condition.$in.every(isIndexableScalar);
}

/** The $text query of a collection without a text index: mongod's error 27. */
export class TextIndexMissing extends Error {
  constructor() {
    super('text index required for $text query');
  }
}

/** The old entry point: the index ranges of a filter, or undefined for a full scan. */
export function planIndexRanges(filter: Document | undefined, indexes: readonly IndexDefinition[]): IndexPlan | undefined {
  const plan = planQuery(filter, indexes);
  return plan.index ? { index: plan.index, ranges: plan.ranges } : undefined;
}

interface SortField {
  field: string;
  direction: 1 | -1;
}

/** A sort the index order can give: plain fields, all ascending or all descending, compared without a collation. */
function sortableSpec(sort: Document | undefined, collation: Document | undefined): SortField[] | undefined {
  if (!sort) return undefined;
  const fields = Object.entries(sort);
  if (fields.length === 0 || fields.some(([field, direction]) => field.startsWith('$') || (direction !== 1 && direction !== -1))) return undefined;
  if (collation?.locale !== undefined && collation.locale !== 'simple') return undefined;
  const first = fields[0]![1];
  if (fields.some(([, direction]) => direction !== first)) return undefined;
  return fields.map(([field, direction]) => ({ field, direction: direction as 1 | -1 }));
}

/** 'asc' or 'desc' when the index's fields from `start` on are the sort's fields. */
function sortOrder(index: IndexDefinition, start: number, sort: SortField[]): 'asc' | 'desc' | undefined {
  if (index.fields.length < start + sort.length) return undefined;
  if (!sort.every((entry, position) => index.fields[start + position] === entry.field)) return undefined;
  return sort[0]!.direction === 1 ? 'asc' : 'desc';
}

function planIndex(
  parts: FilterParts,
  index: IndexDefinition,
  sort: SortField[] | undefined,
  isMultikey: (index: IndexDefinition) => boolean,
): { plan: QueryPlan; score: number; bounded: boolean } | undefined {
  let prefixes: Buffer[] = [Buffer.alloc(0)];
  let score = 0;
  let pinned = 0;
  let exact = true;
  const used = new Set<string>();
  let ranges: KeyRange[] | undefined;
  let intersect: KeyRange[][] | undefined;
  for (const field of index.fields) {
    const conditions = parts.fields.get(field);
    const found = conditions?.map((entry) => fieldCondition(entry, index, field, isMultikey)) ?? [];
    const condition = found.find((entry): entry is FieldCondition => entry !== undefined);
    if (!condition) break;
    used.add(field);
    if (!condition.exact) exact = false;
    if (found.length > 1) {
      // The other equalities on the first field: each an entry the candidate must also have.
      const others = found.filter((entry) => entry !== condition);
      const equalities = field === index.fields[0] ? others.filter((entry) => entry !== undefined && 'equals' in entry) : [];
      if (equalities.length !== others.length || equalities.some((entry) => !entry!.exact)) exact = false;
      if (equalities.length > 0) {
        intersect = equalities.map((entry) => {
          const keys = (entry as { equals: unknown[] }).equals.map((value) => (value === null ? NULL_KEY : encodeKeyPart(value)));
          return keys.map((key) => ({ lower: key, upper: Buffer.concat([key, AFTER]) }));
        });
      }
    }
    if ('equals' in condition) {
      if (prefixes.length * condition.equals.length > MAX_RANGES) {
        used.delete(field);
        exact = false;
        break;
      }
      const keyParts = condition.equals.map((value) => (value === null ? NULL_KEY : encodeKeyPart(value)));
      prefixes = prefixes.flatMap((prefix) => keyParts.map((part) => Buffer.concat([prefix, part])));
      score += 2;
      if (prefixes.length === 1) pinned += 1;
      continue;
    }
    // The missing bound stops at the edge of the value's type bracket, as MongoDB's ranges do.
    ranges = prefixes.map((prefix) => ({
      lower: Buffer.concat([prefix, condition.lower ?? Buffer.from([condition.bracket])]),
      upper: Buffer.concat([prefix, condition.upper ?? Buffer.from([condition.bracket + 1])]),
    }));
    score += 1;
    break;
  }
  if (score === 0) return undefined;
  const bounded = index.unique && ranges === undefined && index.fields.every((field) => used.has(field));
  ranges ??= prefixes.map((prefix) => ({ lower: prefix, upper: Buffer.concat([prefix, AFTER]) }));
  const covered = exact && parts.others === 0 && [...parts.fields.keys()].every((field) => used.has(field));
  // Within one range the entries are in key order: sorted by the fields after the pinned ones.
  const order = sort && ranges.length === 1 ? (sortOrder(index, pinned, sort) ?? 'natural') : 'natural';
  return { plan: { index, ranges, order, covered, ...(intersect ? { intersect } : {}) }, score: score + (intersect?.length ?? 0) * 2, bounded };
}

function fieldCondition(condition: unknown, index: IndexDefinition, field: string, isMultikey: (index: IndexDefinition) => boolean): FieldCondition | undefined {
  // { a: null } matches a missing a, which has the null key; { 'a.b': null } also matches an array
  // of a whose element lacks b, which has no entry at all, so only plain fields use the index.
  const nullFindsAll = !index.sparse && !field.includes('.');
  if (condition === null) return nullFindsAll ? { equals: [null], exact: false } : undefined;
  if (condition instanceof RegExp) return prefixCondition(condition.source, condition.flags);
  if (!isOperatorObject(condition)) return isIndexableScalar(condition) ? { equals: [condition], exact: isExactValue(condition) } : undefined;
  const operators = Object.keys(condition);
  const alone = operators.length === 1;
  if ('$eq' in condition) {
    if (isIndexableScalar(condition.$eq)) return { equals: [condition.$eq], exact: alone && isExactValue(condition.$eq) };
    if (condition.$eq === null && nullFindsAll) return { equals: [null], exact: false };
  }
  if (Array.isArray(condition.$in) && condition.$in.length > 0 && condition.$in.every(isIndexableScalar)) {
    return { equals: condition.$in as unknown[], exact: alone && condition.$in.every(isExactValue) };
  }
  // A missing field has the null key in an index that is not sparse.
  if (condition.$exists === false && !index.sparse) return { equals: [null], exact: false };
  if (typeof condition.$regex === 'string' || condition.$regex instanceof RegExp) {
    const source = condition.$regex instanceof RegExp ? condition.$regex.source : condition.$regex;
    const flags = `${condition.$regex instanceof RegExp ? condition.$regex.flags : ''}${typeof condition.$options === 'string' ? condition.$options : ''}`;
    const found = prefixCondition(source, flags);
    if (found) return { ...found, exact: found.exact && operators.every((operator) => operator === '$regex' || operator === '$options') };
  }
  const lower = rangeBound(condition, '$gte', '$gt');
  const upper = rangeBound(condition, '$lte', '$lt');
  // Both bounds hold one value only where no document has several entries: an array field can
  // meet $gte and $lte through different elements, and then no single key is in both.
  if (lower && upper && lower.bracket === upper.bracket && !isMultikey(index)) {
    const exact = operators.length === 2 && lower.exact && upper.exact;
    return { lower: lower.key, upper: upper.key, bracket: lower.bracket, exact };
  }
  const bound = lower ?? upper;
  if (!bound) return undefined;
  const exact = alone && bound.exact;
  return bound === lower ? { lower: bound.key, bracket: bound.bracket, exact } : { upper: bound.key, bracket: bound.bracket, exact };
}

/** One side of a range: `inclusive` ($gte, $lte) or `exclusive` ($gt, $lt), whichever is present. */
function rangeBound(condition: Document, inclusive: '$gte' | '$lte', exclusive: '$gt' | '$lt'): { key: Buffer; bracket: number; exact: boolean } | undefined {
  const operator = condition[inclusive] !== undefined ? inclusive : exclusive;
  const value = condition[operator] as unknown;
  if (value === undefined || !isRangeComparable(value)) return undefined;
  const encoded = encodeKeyPart(value);
  // The keys that begin with a value's bytes are that value's: past them is value + 0xff.
  const past = Buffer.concat([encoded, AFTER]);
  const key = operator === '$gte' || operator === '$lt' ? encoded : past;
  return { key, bracket: encoded[0]!, exact: isExactValue(value) && (condition[inclusive] === undefined || condition[exclusive] === undefined) };
}

/**
 * An anchored regex (/^Nomad/) finds only strings that begin with its literal start: a key range
 * over the string bracket. Case-insensitive or multi-line ones can match elsewhere, so they scan.
 */
function prefixCondition(source: string, flags: string): FieldCondition | undefined {
  if (!source.startsWith('^') || /[imx]/.test(flags) || source.includes('|')) return undefined;
  let literal = '';
  let position = 1;
  for (; position < source.length; position += 1) {
    const character = source[position]!;
    if (character === '\\') {
      const next = source[position + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) break;
      literal += next;
      position += 1;
      continue;
    }
    if ('.*+?()[]{}^$'.includes(character)) break;
    literal += character;
  }
  // A quantifier after the last literal character makes that character optional.
  const rest = source.slice(position);
  if (/^[*?{]/.test(rest)) literal = [...literal].slice(0, -1).join('');
  if (literal.length === 0) return undefined;
  const encoded = encodeKeyPart(literal);
  // The string's encoding without its terminator (0x00 0x01) is the prefix every longer string shares.
  const lower = encoded.subarray(0, encoded.length - 2);
  return { lower, upper: Buffer.concat([lower, AFTER]), bracket: encoded[0]!, exact: rest.length === 0 && flags.replace('s', '') === '' };
}

/** Values whose equality match is exactly "an index entry with this key". */
function isIndexableScalar(value: unknown): boolean {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return false;
  return isRangeComparable(value);
}

/**
 * Values whose key holds no other value: strings, booleans, dates and ObjectIds. A number's key is
 * a double, which a Long or Decimal128 beyond its precision shares, so numbers are re-checked.
 */
function isExactValue(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value instanceof Date || (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId';
}

function isOperatorObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (value instanceof Date || value instanceof RegExp || (value as { _bsontype?: unknown })._bsontype !== undefined) return false;
  return Object.keys(value).some((field) => field.startsWith('$'));
}
