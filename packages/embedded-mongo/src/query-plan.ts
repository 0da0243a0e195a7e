import type { Document } from 'bson';
import { AFTER_PREFIX, encodeKeyPart, isRangeComparable } from './index-key';
import type { IndexDefinition } from './index-definition';

/** A half-open range of index keys: lower <= key < upper. */
export interface KeyRange {
  lower: Buffer;
  upper: Buffer;
}

export interface IndexPlan {
  index: IndexDefinition;
  ranges: KeyRange[];
}

type FieldCondition = { equals: unknown[] } | { lower?: Buffer; upper?: Buffer; bracket: number };

// A compound $in over several fields multiplies ranges; past this the scan is cheaper.
const MAX_RANGES = 200;

/**
 * Chooses the index that narrows a filter most: the longest run of leading index fields pinned
 * by equality or $in, then at most one range bound on the next field. The plan only ever widens
 * the set of documents to look at (every candidate is checked against the whole filter again),
 * so it uses an index only where that is certain: scalar values, no sparse or partial index for
 * conditions that could match a missing field, and one bound of a range (an array field can
 * match $gt and $lt through different elements).
 */
export function planQuery(filter: Document | undefined, indexes: readonly IndexDefinition[]): IndexPlan | undefined {
  if (!filter || Object.keys(filter).length === 0) return undefined;
  let best: { plan: IndexPlan; score: number } | undefined;
  for (const index of indexes) {
    if (index.partial) continue;
    const plan = planIndex(filter, index);
    if (!plan) continue;
    const score = plan.score * 2 + (index.unique ? 1 : 0);
    if (!best || score > best.score) best = { plan: { index, ranges: plan.ranges }, score };
  }
  return best?.plan;
}

function planIndex(filter: Document, index: IndexDefinition): { ranges: KeyRange[]; score: number } | undefined {
  let prefixes: Buffer[] = [Buffer.alloc(0)];
  let score = 0;
  for (const field of index.fields) {
    const condition = fieldCondition(filter[field]);
    if (!condition) break;
    if ('equals' in condition) {
      if (prefixes.length * condition.equals.length > MAX_RANGES) break;
      const parts = condition.equals.map(encodeKeyPart);
      prefixes = prefixes.flatMap((prefix) => parts.map((part) => Buffer.concat([prefix, part])));
      score += 2;
      continue;
    }
    // The missing bound stops at the edge of the value's type bracket, as MongoDB's ranges do.
    const ranges = prefixes.map((prefix) => ({
      lower: Buffer.concat([prefix, condition.lower ?? Buffer.from([condition.bracket])]),
      upper: Buffer.concat([prefix, condition.upper ?? Buffer.from([condition.bracket + 1])]),
    }));
    return { ranges, score: score + 1 };
  }
  if (score === 0) return undefined;
  const end = Buffer.from([AFTER_PREFIX]);
  return { ranges: prefixes.map((prefix) => ({ lower: prefix, upper: Buffer.concat([prefix, end]) })), score };
}

function fieldCondition(condition: unknown): FieldCondition | undefined {
  if (condition === undefined) return undefined;
  if (!isOperatorObject(condition)) return isIndexableScalar(condition) ? { equals: [condition] } : undefined;
  if ('$eq' in condition && isIndexableScalar(condition.$eq)) return { equals: [condition.$eq] };
  if (Array.isArray(condition.$in) && condition.$in.length > 0 && condition.$in.every(isIndexableScalar)) {
    return { equals: condition.$in as unknown[] };
  }
  const after = Buffer.from([AFTER_PREFIX]);
  for (const operator of ['$gte', '$gt', '$lte', '$lt'] as const) {
    const value = condition[operator];
    if (value === undefined || !isRangeComparable(value)) continue;
    const encoded = encodeKeyPart(value);
    const bracket = encoded[0]!;
    switch (operator) {
      case '$gte':
        return { lower: encoded, bracket };
      case '$gt':
        return { lower: Buffer.concat([encoded, after]), bracket };
      case '$lte':
        return { upper: Buffer.concat([encoded, after]), bracket };
      case '$lt':
        return { upper: encoded, bracket };
    }
  }
  return undefined;
}

/** Values whose equality match is exactly "an index entry with this key". */
function isIndexableScalar(value: unknown): boolean {
  if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) return false;
  return isRangeComparable(value);
}

function isOperatorObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (value instanceof Date || value instanceof RegExp || (value as { _bsontype?: unknown })._bsontype !== undefined) return false;
  return Object.keys(value).some((field) => field.startsWith('$'));
}
