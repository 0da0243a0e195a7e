import { BSONSymbol, Binary, Code, Decimal128, Double, Int32, Long, ObjectId, Timestamp, deserialize, serialize, type Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from './deserialize-options';
import { compileRawProjection, rawProjectionFor } from './raw-projection';
import { compileSimpleProjection } from './simple-projection';
import { CARD_PROJECTION } from '../test/card-projection';

const CARD = CARD_PROJECTION;

/** Each spec, and how many of DOCUMENTS it writes (the others hold what it leaves to the decoded way). */
const SPECS: Array<[Document, number]> = [
  [CARD, 11],
  // Fields of one embedded document apart in the spec, deeper paths, the _id kept, negative and far indexes.
  [{ 'unit.status': 1, images: { $slice: ['$images', 2] }, 'unit.brandName': 1, _id: 1, 'a.b.c': 1, 'a.b.d': true, last: { $arrayElemAt: ['$list', -1] } }, 11],
  [{ _id: 1, name: 1, none: { $slice: ['$list', 0] }, far: { $arrayElemAt: ['$list', 7] }, deep: { $arrayElemAt: ['$a.b.list', 0] } }, 3],
];

// Each shape reaches a branch: missing, null, scalar or special values where documents or arrays
// are read, arrays on the way, undefined, `$` names, numbers of every BSON type.
const DOCUMENTS: Document[] = [
  {
    _id: new ObjectId(),
    id: 'a',
    slug: 's',
    name: 'Nomad',
    description: 'Six seats.',
    brand: 'denago',
    category: 'nomad',
    price: 15995,
    images: ['x', 'y'],
    is_new: true,
    unit: { brandName: 'B', condition: 'used', photos: [{ hash: 'h', sources: { webp: [{ url: '/p.webp', width: 480 }] } }, { p: 2 }], status: 'sold' },
  },
  { _id: 2, id: 'b', images: [], price: new Double(16000), is_new: false },
  { _id: 3, id: 'c', images: ['x'], unit: null, price: new Int32(7) },
  { _id: 4, id: 'd', images: ['x'], unit: { photos: [] } },
  { _id: 5, id: 'e', images: ['x'], unit: { other: 1 } },
  { _id: 6, id: 'f', images: ['x'], unit: 'a scalar' },
  { _id: 7, images: ['x'], unit: [{ brandName: 'X', photos: [1] }, 5] },
  { _id: 8, id: 'h', images: 'not an array', unit: { photos: 'nor this' } },
  { _id: 9, id: 'i', images: null, price: null },
  { _id: 10, id: 'j', images: ['x'], price: new Long(5), unit: { brandName: new Decimal128('1.5'), photos: [null] } },
  { _id: 11, id: 'k', images: ['x'], unit: new Date(0) },
  { _id: 12, id: 'l', images: ['x'], unit: { status: undefined } },
  { _id: 13, id: 'm', images: ['x', undefined], unit: { photos: [undefined] } },
  { _id: 14, id: 'n', images: ['x'], unit: { $ref: 'units', $id: 1 } },
  { _id: 15, id: 'o', images: [new Binary(Buffer.from('img')), new Timestamp({ t: 1, i: 2 })], unit: { brandName: new Code('x'), photos: [new BSONSymbol('s')] } },
  { id: 'p', name: 'no _id', list: [1, 2, 3], a: { b: { c: 1, e: 2, list: [['inner']] } } },
  { _id: 17, list: [], a: { b: [{ c: 1 }, { d: 2 }] } },
  { _id: 18, list: [9], a: { b: 'scalar' }, name: null },
  { _id: 19, list: null, a: null },
  { _id: 20, a: { b: { d: [1, 2] } }, list: [{ deep: [1] }, 'two'] },
  { _id: 21, id: undefined, images: ['x'] },
];

const driverOptions = { promoteLongs: false, promoteValues: true, promoteBuffers: false, bsonRegExp: false } as const;

describe('compileRawProjection', () => {
  it.each(SPECS.map(([spec, writes]) => [Object.keys(spec).join(', '), spec, writes] as const))(
    'writes what the simple projection gives, as the driver reads it, or leaves the document to it: %s',
    (_, spec, writes) => {
      const raw = compileRawProjection(spec)!;
      const simple = compileSimpleProjection(spec)!;
      let written = 0;
      for (const document of DOCUMENTS) {
        const stored = serialize(document, { ignoreUndefined: false });
        const bytes = raw(stored);
        const decoded = simple(decodeDocument(stored));
        // Unsure exactly where the simple projection is unsure.
        expect(bytes === undefined, JSON.stringify(document)).toBe(decoded === undefined);
        if (bytes === undefined) continue;
        written += 1;
        // The same fields in the same order, read by the driver as the same values.
        expect(deserialize(bytes, driverOptions), JSON.stringify(document)).toEqual(deserialize(serialize(decoded!), driverOptions));
        expect(Object.keys(deserialize(bytes))).toEqual(Object.keys(decoded!));
      }
      expect(written).toBe(writes);
    },
  );

  it('writes a card from the stored bytes, each value in the type it was stored as', () => {
    const stored = serialize(DOCUMENTS[1]!);
    const bytes = compileRawProjection(CARD)!(stored)!;
    expect(deserialize(bytes, { promoteValues: false })).toEqual({ id: 'b', price: new Double(16000), images: [], is_new: false, firstPhoto: null });
    // Decoded and encoded again, the whole double became an int32: the bytes differ, the number does not.
    expect(deserialize(bytes).price).toBe(16000);
  });

  it('is unsure of bytes that do not add up', () => {
    const stored = Buffer.from(serialize(DOCUMENTS[0]!));
    const raw = compileRawProjection(CARD)!;
    expect(raw(stored.subarray(0, stored.length - 3))).toBeUndefined();
    const wrongLength = Buffer.from(stored);
    wrongLength.writeInt32LE(stored.length + 10, 0);
    expect(raw(wrongLength)).toBeUndefined();
  });

  it('takes only projections of the plain kind', () => {
    expect(compileRawProjection({ name: 1, label: { $concat: ['$brand', ' ', '$category'] } })).toBeUndefined();
    expect(compileRawProjection({ specifications: 0 })).toBeUndefined();
  });

  it('is compiled once for a spec the store is sent again', () => {
    expect(rawProjectionFor({ ...CARD })).toBe(rawProjectionFor(CARD));
    expect(rawProjectionFor({ specifications: 0 })).toBeUndefined();
  });
});
