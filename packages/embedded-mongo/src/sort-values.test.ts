import { Binary, BSONRegExp, Code, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, serialize, Timestamp, UUID } from 'bson';
import type { Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from './deserialize-options';
import { isPlainSortValue, sortCheckOnBytes } from './sort-values';

// A sort's values checked on a stored document's bytes must say what the check on the decoded
// document says (the store then reads an index's order as the sort's), or that it cannot tell.

const values: Record<string, unknown> = {
  double: new Double(1.5),
  wholeDouble: new Double(3),
  int32: new Int32(7),
  long: Long.fromNumber(9_000),
  decimal: new Decimal128('12.5'),
  string: '001\u0001denago',
  empty: '',
  boolean: false,
  date: new Date(Date.UTC(2026, 10, 27)),
  null: null,
  objectId: new ObjectId('0123456789abcdef01234567'),
  binary: new Binary(Buffer.from('ab')),
  uuid: new UUID('0f8e6c9a-1b2c-4d3e-8f90-123456789abc'),
  regex: new BSONRegExp('^a', 'i'),
  code: new Code('x => x'),
  timestamp: new Timestamp({ t: 1, i: 2 }),
  minKey: new MinKey(),
  maxKey: new MaxKey(),
  array: ['b', 'a'],
  emptyArray: [],
  document: { inner: 'x', order: 3 },
  emptyDocument: {},
};

/** Every value at `order` and below `unit.order`, and beside the path an array or a scalar on the way. */
function documents(): Document[] {
  const shapes: Document[] = [{ name: 'no order' }, { unit: 'a scalar where a document is' }, { unit: [{ order: 1 }] }, { unit: null }];
  for (const value of Object.values(values)) {
    shapes.push({ name: 'x', order: value, after: 1 });
    shapes.push({ unit: { order: value, status: 'sold' }, order: 1 });
    shapes.push({ unit: value });
  }
  return shapes;
}

const PATHS = ['order', 'unit.order', 'unit', 'unit.order.inner', 'missing.order'];

/** The values a path passes through before its end. */
function onTheWay(document: Document, path: string): unknown[] {
  const parts = path.split('.');
  const passed: unknown[] = [];
  let value: unknown = document;
  for (const part of parts.slice(0, -1)) {
    value = value && typeof value === 'object' ? (value as Document)[part] : undefined;
    passed.push(value);
  }
  return passed;
}

describe('a sort checked on the stored bytes', () => {
  it('says what the check on the decoded document says, for every value at the path and on its way', () => {
    let told = 0;
    for (const document of documents()) {
      const bytes = serialize(document);
      const decoded = decodeDocument(bytes);
      for (const path of PATHS) {
        const onBytes = sortCheckOnBytes({ [path]: 1 })!({ doc: bytes });
        // A regular expression on the way is the one shape the bytes leave to the decoded check.
        if (onBytes === undefined) {
          expect(
            onTheWay(document, path).some((value) => value instanceof BSONRegExp),
            `${path} in ${JSON.stringify(document)}`,
          ).toBe(true);
          continue;
        }
        expect(onBytes, `${path} in ${JSON.stringify(document)}`).toBe(isPlainSortValue(decoded, path));
        told += 1;
      }
    }
    expect(told).toBeGreaterThan(300);
  });

  it('tells a plain order apart from an array, a document, a Long and a Decimal', () => {
    const check = sortCheckOnBytes({ order: 1, 'unit.order': -1 })!;
    expect(check({ doc: serialize({ order: 'a', unit: { order: 2 } }) })).toBe(true);
    expect(check({ doc: serialize({ order: 'a' }) })).toBe(true);
    for (const odd of [['a'], { a: 1 }, Long.fromNumber(1), new Decimal128('1')]) {
      expect(check({ doc: serialize({ order: odd }) })).toBe(false);
      expect(check({ doc: serialize({ order: 'a', unit: { order: odd } }) })).toBe(false);
    }
  });

  it('cannot tell a `$` name, a name stored twice or bytes that do not add up, and leaves those to the decoded check', () => {
    const check = sortCheckOnBytes({ 'unit.order': 1 })!;
    expect(check({ doc: serialize({ unit: { $ref: 'units', $id: 1 } }) })).toBeUndefined();
    const twice = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('\x02order\x00\x02\x00\x00\x00a\x00\x02order\x00\x02\x00\x00\x00b\x00\x00', 'latin1')]);
    twice.writeInt32LE(twice.length, 0);
    expect(sortCheckOnBytes({ order: 1 })!({ doc: twice })).toBeUndefined();
    const cut = serialize({ unit: { order: 'a' } }).subarray(0, 12);
    expect(check({ doc: cut })).toBeUndefined();
  });

  it('is not offered for a path the decoded document would find on Object.prototype', () => {
    expect(sortCheckOnBytes({ constructor: 1 })).toBeUndefined();
    expect(sortCheckOnBytes({ 'unit.__proto__': 1 })).toBeUndefined();
    expect(sortCheckOnBytes({ order: 1, _id: 1 })).toBeDefined();
  });
});
