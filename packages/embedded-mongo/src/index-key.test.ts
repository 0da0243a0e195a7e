import { Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { IndexDefinition } from './index-definition';
import { encodeKey, encodeKeyPart } from './index-key';
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

  it('scans when no index can only widen the answer: regexes, nulls, objects, partial indexes', () => {
    const partial = new IndexDefinition({ key: { slug: 1 }, name: 'p', partialFilterExpression: { listed: true } }, 'db.vehicles');

    expect(planQuery({ slug: /ev/ }, [slug])).toBeUndefined();
    expect(planQuery({ slug: null }, [slug])).toBeUndefined();
    expect(planQuery({ slug: { $ne: 'x' } }, [slug])).toBeUndefined();
    expect(planQuery({ slug: { name: 'x' } }, [slug])).toBeUndefined();
    expect(planQuery({ slug: 'ev-city' }, [partial])).toBeUndefined();
    expect(planQuery({}, [slug])).toBeUndefined();
  });
});
