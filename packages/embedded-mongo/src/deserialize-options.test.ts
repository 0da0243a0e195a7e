import { Binary, BSONRegExp, BSONSymbol, Code, DBRef, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, serialize, Timestamp, UUID, type Document } from 'bson';
import { inspect, isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeDocument, decodeOnly } from './deserialize-options';

// decodeOnly must give exactly the fields decodeDocument gives, in the same order and of the same
// BSON types, for every document and every set of names: the documents below hold each BSON type
// at the top level and inside embedded documents and arrays, and are checked against every single
// name, random subsets, names they lack, and all of their names.

/** A seeded generator, so that a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const SCALARS: unknown[] = [
  1.5,
  -0,
  Number.NaN,
  new Double(2),
  42,
  new Int32(-7),
  2 ** 40,
  Long.fromString('9007199254740993'),
  new Long(-1),
  new Decimal128('1234567890.123456789012345678901234'),
  'a string',
  '',
  'ünïcödé ✓ 🚗',
  true,
  false,
  null,
  new Date(Date.UTC(2026, 10, 27, 4, 54, 52, 178)),
  new ObjectId('6b090d1cf53684477e241404'),
  new Binary(Buffer.from([1, 2, 3, 0, 255]), 0),
  new Binary(Buffer.alloc(0), 0x80),
  new Binary(Buffer.from([9, 9, 9, 9]), 2),
  new UUID('f6c1ea3c-9a3b-4c1f-8d0e-1a2b3c4d5e6f').toBinary(),
  /^Nomad\s+\d/im,
  new BSONRegExp('a.b', 'imsux'),
  new Code('function () { return 1; }'),
  new Code('x + y', { x: 1, y: 'two' }),
  new BSONSymbol('symbol'),
  new Timestamp({ t: 1_700_000_000, i: 3 }),
  new MinKey(),
  new MaxKey(),
  new DBRef('vehicles', new ObjectId('6b090d1cf53684477e241405'), 'shop', { extra: 1 }),
];

/** Sets a field, `__proto__` too (an assignment would set the object's prototype). */
function setField(document: Document, name: string, value: unknown): void {
  Object.defineProperty(document, name, { value, enumerable: true, writable: true, configurable: true });
}

function value(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth < 3 && pick < 0.15) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
  if (depth < 3 && pick < 0.3) {
    const inner: Document = {};
    for (let n = Math.floor(next() * 4); n > 0; n -= 1) setField(inner, NAMES[Math.floor(next() * NAMES.length)]!, value(next, depth + 1));
    return inner;
  }
  return SCALARS[Math.floor(next() * SCALARS.length)];
}

// Names that are prefixes of one another, dotted, empty, not ASCII, or an object's own.
const NAMES = ['a', 'ab', 'abc', 'b', 'unit', 'unit.status', 'images', '', 'é', 'naïve', '🚗', '__proto__', 'constructor', 'x1', 'order', 'facets'];

function randomDocument(next: () => number): Document {
  const document: Document = { _id: value(next, 2) };
  for (let n = 1 + Math.floor(next() * 10); n > 0; n -= 1) setField(document, NAMES[Math.floor(next() * NAMES.length)]!, value(next, 0));
  return document;
}

/** The element bytes of one BSON value, to write by hand what serialize does not (undefined, DBPointer, repeated names). */
function element(type: number, name: string, value: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([type]), Buffer.from(name, 'utf8'), Buffer.from([0]), value]);
}

function bsonDocument(elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const header = Buffer.alloc(4);
  header.writeInt32LE(body.length + 5);
  return Buffer.concat([header, body, Buffer.from([0])]);
}

function bsonString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeInt32LE(bytes.length + 1);
  return Buffer.concat([length, bytes, Buffer.from([0])]);
}

const inventoryVehicle: Document = {
  _id: new ObjectId('6b090d1cf53684477e241404'),
  slug: 'denago-ev-rover-xxl',
  id: '38e60b96-18bf-47b3-b414-fdbd5bb2d156',
  name: 'DENAGO EV Rover XXL',
  description: 'The DENAGO EV Rover XXL carries eight people.',
  brand: 'denago',
  category: 'rover',
  year: 2026,
  price: 19995,
  images: ['/images/vehicles/denago-ev-rover-xxl.svg'],
  specifications: { topSpeed: '25 mph', range: '50-65 mi' },
  features: ['Seats 8', '50-65 mile range'],
  in_stock: true,
  is_new: true,
  createdAt: new Date(Date.UTC(2026, 10, 27)),
  updatedAt: new Date(Date.UTC(2026, 10, 27)),
  order: '000\u0001denago\u00010000000000019995',
  facets: ['listed', 'brand:denago'],
  unit: { brandName: 'Denago', condition: 'new', status: 'available', photos: [{ hash: 'h1' }, { hash: 'h2' }] },
};

const next = random(20_261_127);
const DOCUMENTS: Uint8Array[] = [
  serialize(inventoryVehicle),
  serialize({}),
  serialize({ _id: 1 }),
  serialize(Object.fromEntries(SCALARS.map((scalar, n) => [`f${n}`, scalar]))),
  serialize({ nested: Object.fromEntries(SCALARS.map((scalar, n) => [`f${n}`, scalar])), list: SCALARS, after: 'end' }),
  serialize({ 'a.b': 'a dotted name, kept whole', a: { b: 'a path' }, 'unit.status': 'literal' }),
  // Types serialize no longer writes, a name given twice (the last one wins), a zero-length string.
  bsonDocument([
    element(0x02, 'first', bsonString('one')),
    element(0x06, 'undefined', new Uint8Array(0)),
    element(0x0c, 'pointer', Buffer.concat([bsonString('vehicles'), Buffer.from(new ObjectId('6b090d1cf53684477e241406').id)])),
    element(0x02, 'first', bsonString('again')),
    element(0x02, 'empty', bsonString('')),
    element(0x10, 'last', Buffer.from([7, 0, 0, 0])),
  ]),
  ...Array.from({ length: 200 }, () => serialize(randomDocument(next))),
];

/** What decodeOnly must answer: decodeDocument's fields whose names are wanted, in its order. */
function picked(bytes: Uint8Array, fields: ReadonlySet<string>): Document {
  const whole = decodeDocument(bytes);
  const kept: Document = {};
  for (const name of Object.keys(whole)) if (fields.has(name)) setField(kept, name, whole[name]);
  return kept;
}

/**
 * Node's deep strict equality: the same prototypes (a Long stays a Long), -0 apart from 0, and no
 * trip on a field named `constructor`, which Vitest's toStrictEqual takes for the object's class.
 */
function expectSameFields(bytes: Uint8Array, fields: ReadonlySet<string>): void {
  const decoded = decodeOnly(fields)(bytes);
  const expected = picked(bytes, fields);
  expect(Object.keys(decoded)).toEqual(Object.keys(expected));
  if (!isDeepStrictEqual(decoded, expected)) expect.fail(`${inspect(decoded, { depth: 9 })}\nis not\n${inspect(expected, { depth: 9 })}`);
}

describe('decodeOnly', () => {
  it('decodes a vehicle into the fields an inventory card reads, as decodeDocument decodes them', () => {
    const fields = new Set(['id', 'slug', 'name', 'description', 'brand', 'category', 'price', 'images', 'is_new', 'unit', 'order']);
    const decoded = decodeOnly(fields)(serialize(inventoryVehicle));
    expect(decoded).toStrictEqual({
      slug: inventoryVehicle.slug,
      id: inventoryVehicle.id,
      name: inventoryVehicle.name,
      description: inventoryVehicle.description,
      brand: 'denago',
      category: 'rover',
      price: 19995,
      images: inventoryVehicle.images,
      is_new: true,
      order: inventoryVehicle.order,
      unit: inventoryVehicle.unit,
    });
  });

  it('gives each single field of every document as decodeDocument gives it', () => {
    for (const bytes of DOCUMENTS) {
      for (const name of [...Object.keys(decodeDocument(bytes)), 'missing', 'a.b']) expectSameFields(bytes, new Set([name]));
    }
  });

  it('gives any set of fields, in stored order, with their BSON types', () => {
    const pick = random(7);
    for (const bytes of DOCUMENTS) {
      const names = Object.keys(decodeDocument(bytes));
      expectSameFields(bytes, new Set());
      expectSameFields(bytes, new Set(names));
      expectSameFields(bytes, new Set([...names, 'missing']));
      for (let round = 0; round < 8; round += 1) {
        expectSameFields(bytes, new Set([...names, ...NAMES].filter(() => pick() < 0.4)));
      }
    }
  });

  it('keeps the last of a name given twice, as decodeDocument does', () => {
    const bytes = DOCUMENTS[6]!;
    expect(decodeOnly(new Set(['first', 'last']))(bytes)).toStrictEqual({ first: 'again', last: 7 });
    expect(decodeOnly(new Set(['undefined', 'pointer']))(bytes)).toStrictEqual(picked(bytes, new Set(['undefined', 'pointer'])));
  });

  it('leaves the other fields undecoded: a string that is not UTF-8 there is never read', () => {
    const broken = bsonDocument([element(0x02, 'kept', bsonString('fine')), element(0x02, 'skipped', Buffer.from([3, 0, 0, 0, 0xc3, 0x28, 0]))]);
    expect(() => decodeDocument(broken)).toThrow();
    expect(decodeOnly(new Set(['kept']))(broken)).toStrictEqual({ kept: 'fine' });
  });

  it('decodes whole a document with a $ name at the top, which decodeDocument may make a DBRef', () => {
    const bytes = serialize({ $ref: 'vehicles', $id: 1, note: 'x' });
    expect(decodeDocument(bytes)).toBeInstanceOf(DBRef);
    expect(decodeOnly(new Set(['note']))(bytes)).toStrictEqual(decodeDocument(bytes));
  });

  it('fails as decodeDocument fails on a type it does not know or lengths that do not add up', () => {
    const unknownType = bsonDocument([element(0x02, 'kept', bsonString('fine')), element(0x14, 'odd', Buffer.from([1, 2, 3, 4]))]);
    expect(() => decodeDocument(unknownType)).toThrow();
    expect(() => decodeOnly(new Set(['kept']))(unknownType)).toThrow();
    const tooLong = Buffer.from(bsonDocument([element(0x02, 'kept', bsonString('fine')), element(0x02, 'skipped', bsonString('text'))]));
    tooLong.writeInt32LE(400, tooLong.indexOf('text') - 4);
    expect(() => decodeDocument(tooLong)).toThrow();
    expect(() => decodeOnly(new Set(['kept']))(tooLong)).toThrow();
    const truncated = serialize(inventoryVehicle).subarray(0, 100);
    expect(() => decodeOnly(new Set(['slug']))(truncated)).toThrow();
  });
});
