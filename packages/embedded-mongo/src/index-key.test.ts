import { Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { IndexDefinition } from './index-definition';
import { AFTER_PREFIX, encodeKey, encodeKeyPart, leadingKeyPart } from './index-key';
import { planQuery } from './query-plan';

// MongoDB's ascending order: by type bracket, then by value within it.
const ascending: unknown[] = [
  null,
  Number.NaN,
  -Infinity,
  -1e300,
  -2.5,
  -1,
  0,
  Long.fromNumber(1),
  1.5,
  Decimal128.fromString('2'),
  2 ** 53,
  Infinity,
  '',
  'A',
  'a',
  'a\u0000',
  'a\u0000b',
  'ab',
  'b',
  'é',
  new ObjectId('000000000000000000000000'),
  new ObjectId('ffffffffffffffffffffffff'),
  false,
  true,
  new Date(-86_400_000),
  new Date(0),
  new Date('2026-11-22T12:00:00Z'),
];

function compareBytes(a: Buffer, b: Buffer): number {
  return Buffer.compare(a, b);
}

describe('index keys', () => {
  it('sort byte-wise in the order MongoDB sorts the values', () => {
    const shuffled = [...ascending].reverse();
    const sorted = shuffled.map((value) => ({ value, key: encodeKeyPart(value) })).sort((a, b) => compareBytes(a.key, b.key));
    expect(sorted.map((entry) => entry.value)).toEqual(ascending);
  });

  it('give equal numbers of any BSON type the same key', () => {
    expect(encodeKeyPart(5)).toEqual(encodeKeyPart(Long.fromNumber(5)));
    expect(encodeKeyPart(5)).toEqual(encodeKeyPart(Decimal128.fromString('5.0')));
    expect(encodeKeyPart(0)).toEqual(encodeKeyPart(-0));
  });

  it('sort compound keys like tuples, whatever the first field’s length', () => {
    const keys = [encodeKey(['a', 2]), encodeKey(['ab', 1]), encodeKey(['a', 10]), encodeKey(['a\u0000', 0])];
    keys.sort(compareBytes);
    expect(keys).toEqual([encodeKey(['a', 2]), encodeKey(['a', 10]), encodeKey(['a\u0000', 0]), encodeKey(['ab', 1])]);
  });
});

describe('a key’s first field read back', () => {
  it('gives every string exactly, with the length that bounds the keys starting with it', () => {
    const strings = ['', 'a', 'a\u0000', 'a\u0000b', '\u0000\u0000', 'brand:Club Car', 'é✓🚗', 'x\u0001y'];
    for (const value of strings) {
      for (const rest of [[], [2], ['z'], [null, 'q']]) {
        const key = encodeKey([value, ...rest]);
        const part = leadingKeyPart(key);
        expect(part, JSON.stringify([value, ...rest])).toEqual({ kind: 'string', value, length: encodeKeyPart(value).length });
        const prefix = key.subarray(0, part!.length);
        // Every other string's keys fall outside [prefix, prefix + AFTER_PREFIX).
        for (const other of strings.filter((candidate) => candidate !== value)) {
          const otherKey = encodeKey([other, ...rest]);
          const inside = Buffer.compare(otherKey, prefix) >= 0 && Buffer.compare(otherKey, Buffer.concat([prefix, Buffer.from([AFTER_PREFIX])])) < 0;
          expect(inside, `${JSON.stringify(other)} within ${JSON.stringify(value)}`).toBe(false);
        }
      }
    }
  });

  it('names the null bracket, and reads no other type back', () => {
    expect(leadingKeyPart(encodeKey([null, 'a']))).toEqual({ kind: 'null', length: 1 });
    for (const value of [5, Long.fromNumber(5), true, new Date(0), new ObjectId(), ['a'], { a: 1 }]) expect(leadingKeyPart(encodeKeyPart(value))).toBeUndefined();
  });
});

describe('query plans', () => {
  const outbox = new IndexDefinition({ key: { 'notification.status': 1, 'notification.nextAttemptAt': 1 }, name: 'due' }, 'db.contact_forms');
  const slug = new IndexDefinition({ key: { slug: 1 }, name: 'slug_1', unique: true }, 'db.vehicles');
  const id = new IndexDefinition({ key: { _id: 1 }, name: '_id_' }, 'db.vehicles');

  function inRanges(plan: ReturnType<typeof planQuery>, values: unknown[]): boolean {
    const key = encodeKey(values);
    return plan!.ranges.some((range) => compareBytes(range.lower, key) <= 0 && compareBytes(key, range.upper) < 0);
  }

  it('finds due outbox messages through the compound index: equal status, then a date bound', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const plan = planQuery({ 'notification.status': 'pending', 'notification.nextAttemptAt': { $lte: now } }, [id, outbox]);

    expect(plan?.index).toBe(outbox);
    expect(inRanges(plan, ['pending', new Date(now.getTime() - 1)])).toBe(true);
    expect(inRanges(plan, ['pending', now])).toBe(true);
    expect(inRanges(plan, ['pending', new Date(now.getTime() + 1)])).toBe(false);
    expect(inRanges(plan, ['sent', new Date(0)])).toBe(false);
    expect(inRanges(plan, ['pending', 5])).toBe(false);
  });

  it('prefers a unique index pinned by equality, and covers every $in value', () => {
    const plan = planQuery({ slug: { $in: ['ev-city', 'd5-ranger'] }, price: { $gt: 1 } }, [id, slug]);

    expect(plan?.index).toBe(slug);
    expect(inRanges(plan, ['ev-city'])).toBe(true);
    expect(inRanges(plan, ['d5-ranger'])).toBe(true);
    expect(inRanges(plan, ['ev-city-2'])).toBe(false);
  });

  it('scans when no index can only widen the answer: unanchored or case-blind regexes, dotted nulls, objects, partial indexes', () => {
    const partial = new IndexDefinition({ key: { slug: 1 }, name: 'p', partialFilterExpression: { listed: true } }, 'db.vehicles');
    const nested = new IndexDefinition({ key: { 'unit.slug': 1 }, name: 'u' }, 'db.vehicles');

    expect(planQuery({ slug: /ev/ }, [slug]).index).toBeUndefined();
    expect(planQuery({ slug: /^ev/i }, [slug]).index).toBeUndefined();
    expect(planQuery({ slug: /^ev|^x/ }, [slug]).index).toBeUndefined();
    expect(planQuery({ 'unit.slug': null }, [nested]).index).toBeUndefined();
    expect(planQuery({ slug: { $ne: 'x' } }, [slug]).index).toBeUndefined();
    expect(planQuery({ slug: { name: 'x' } }, [slug]).index).toBeUndefined();
    expect(planQuery({ slug: 'ev-city' }, [partial]).index).toBeUndefined();
    expect(planQuery({}, [slug]).index).toBeUndefined();
  });

  it('reads an anchored regex as the range of strings that begin with its literal start', () => {
    const plan = planQuery({ slug: { $regex: '^denago-ev' } }, [slug]);

    expect(plan.index).toBe(slug);
    expect(inRanges(plan, ['denago-ev'])).toBe(true);
    expect(inRanges(plan, ['denago-ev-city'])).toBe(true);
    expect(inRanges(plan, ['denago-e'])).toBe(false);
    expect(inRanges(plan, ['denago-fx'])).toBe(false);
    expect(plan.covered).toBe(true);
    // A quantifier makes the last letter optional: /^denago-ev?/ also finds "denago-e".
    expect(inRanges(planQuery({ slug: /^denago-ev?/ }, [slug]), ['denago-e'])).toBe(true);
  });

  it('finds missing and null fields under the null key, and conditions inside $and', () => {
    const brand = new IndexDefinition({ key: { brand: 1 }, name: 'brand_1' }, 'db.vehicles');

    const missing = planQuery({ brand: { $exists: false } }, [brand]);
    expect(inRanges(missing, [null])).toBe(true);
    expect(inRanges(missing, [''])).toBe(false);
    const inAnd = planQuery({ $and: [{ price: { $gt: 1 } }, { $and: [{ brand: 'denago' }] }] }, [brand]);
    expect(inAnd.index).toBe(brand);
    expect(inRanges(inAnd, ['denago'])).toBe(true);
    expect(inAnd.covered).toBe(false);
  });

  it('is covered only when the index answers the whole filter exactly', () => {
    expect(planQuery({ slug: 'ev-city' }, [slug]).covered).toBe(true);
    expect(planQuery({ slug: { $in: ['ev-city', 'x'] } }, [slug]).covered).toBe(true);
    // A number's key is shared by a Long or Decimal128 beyond a double's precision: re-checked.
    expect(planQuery({ _id: 5 }, [id]).covered).toBe(false);
    expect(planQuery({ slug: 'ev-city', price: 1 }, [slug]).covered).toBe(false);
    expect(planQuery({ slug: 'ev-city', $or: [{ a: 1 }] }, [slug]).covered).toBe(false);
  });

  it('bounds a range on both sides only on an index where no document has several entries', () => {
    const price = new IndexDefinition({ key: { price: 1 }, name: 'price_1' }, 'db.vehicles');
    const filter = { price: { $gte: 15_000, $lte: 25_000 } };

    const single = planQuery(filter, [price], undefined, undefined, () => false);
    expect(inRanges(single, [15_000])).toBe(true);
    expect(inRanges(single, [25_000])).toBe(true);
    expect(inRanges(single, [25_001])).toBe(false);
    expect(inRanges(single, [14_999])).toBe(false);
    // An array [10000, 30000] matches through two elements, neither in both bounds: one bound only.
    const multikey = planQuery(filter, [price], undefined, undefined, () => true);
    expect(inRanges(multikey, [30_000])).toBe(true);
    expect(inRanges(multikey, [10_000])).toBe(false);
  });

  it('takes the sort from the index order after the pinned fields, or from an index that only sorts', () => {
    const now = new Date();
    const due = planQuery({ 'notification.status': 'pending', 'notification.nextAttemptAt': { $lte: now } }, [id, outbox], { 'notification.nextAttemptAt': 1 });
    expect(due.index).toBe(outbox);
    expect(due.order).toBe('asc');
    expect(planQuery({ 'notification.status': 'pending' }, [outbox], { 'notification.nextAttemptAt': -1 }).order).toBe('desc');
    // Two status values are two ranges: their entries are not in date order together.
    expect(planQuery({ 'notification.status': { $in: ['pending', 'failed'] } }, [outbox], { 'notification.nextAttemptAt': 1 }).order).toBe('natural');
    // A collation compares strings otherwise than bytes.
    expect(planQuery({}, [slug], { slug: 1 }, { locale: 'en' }).order).toBe('natural');
    const sortOnly = planQuery({ price: { $gt: 1 } }, [id, slug], { slug: -1 });
    expect(sortOnly.index).toBe(slug);
    expect(sortOnly.order).toBe('desc');
    expect(planQuery({}, [slug], { slug: 1, price: 1 }).order).toBe('natural');
  });
});
