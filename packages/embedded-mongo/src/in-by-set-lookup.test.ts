import { Decimal128, deserialize, Long, ObjectId, serialize } from 'bson';
import type { Document } from 'bson';
import { Query as MingoQuery } from 'mingo';
import { describe, expect, it } from 'vitest';
import { deserializeOptions } from './deserialize-options';
import { compileFilter, mingoOptions } from './document-query';
import { silentLogger } from './embedded-mongo-logger';
import { SqliteStore } from './sqlite-store';

/** A small seeded generator (mulberry32), so a failing case can be run again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the store keeps and is asked: a value as it comes back from BSON, as the server decodes it. */
const throughBson = (document: Document): Document => deserialize(serialize(document), deserializeOptions);

// Values that look alike across types: the set must tell 1 from '1' and true, 0 from -0 and null from missing, as mingo does.
const scalars: unknown[] = ['a', 'b', 'A', '', '1', 'true', 0, -0, 1, 1.5, -1, 2 ** 40, Number.NaN, Infinity, true, false, null];
const others: unknown[] = [
  new Date(0),
  new Date(86_400_000),
  new ObjectId('0123456789abcdef01234567'),
  Long.fromNumber(1),
  Decimal128.fromString('1'),
  /^a/,
  /B/i,
  ['a', 'b'],
  [1],
  [],
  { x: 'a' },
  {},
];
const paths = ['a', 'b', 'b.0', 'c', 'c.x', 'c.y', 'c.0.x', 'c.x.z', 'd', 'd.x', 'missing'];

describe('$in in the embedded store', () => {
  it('matches exactly the documents mingo matches, for lists of scalars and for lists it leaves to mingo', () => {
    const random = seededRandom(20_261_127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const anyValue = (): unknown => (random() < 0.6 ? pick(scalars) : pick(others));
    const some = (most: number, value: () => unknown) => Array.from({ length: Math.floor(random() * (most + 1)) }, value);
    const documents = Array.from({ length: 300 }, (_, n) => {
      const document: Document = { _id: n };
      if (random() < 0.8) document.a = anyValue();
      if (random() < 0.8) document.b = random() < 0.3 ? anyValue() : some(4, () => (random() < 0.2 ? some(2, anyValue) : anyValue()));
      if (random() < 0.8) document.c = some(3, () => (random() < 0.8 ? { x: anyValue(), y: some(3, anyValue) } : anyValue()));
      if (random() < 0.6) document.d = random() < 0.7 ? { x: anyValue() } : anyValue();
      return throughBson(document);
    });
    const disagreements: string[] = [];
    let scalarLists = 0;
    let mixedLists = 0;
    for (let round = 0; round < 300; round += 1) {
      const onlyScalars = random() < 0.7;
      const list = onlyScalars ? some(6, () => pick(scalars)) : [...some(4, () => pick(scalars)), pick(others)];
      if (onlyScalars) scalarLists += 1;
      else mixedLists += 1;
      const path = pick(paths);
      const condition = { $in: list };
      const shapes: Document[] = [
        { [path]: condition },
        { [path]: { $not: condition } },
        { $or: [{ [path]: condition }, { a: 'b' }] },
        { c: { $elemMatch: { x: condition } } },
        { [path]: condition, a: { $exists: true } },
      ];
      for (const shape of shapes) {
        const filter = throughBson(shape);
        const expected = new MingoQuery(filter, mingoOptions);
        const matches = compileFilter(filter);
        for (const document of documents) {
          if (matches(document) !== expected.test(document)) disagreements.push(`${JSON.stringify(filter)} on ${JSON.stringify(document)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(scalarLists).toBeGreaterThan(150);
    expect(mixedLists).toBeGreaterThan(60);
  });

  it('looks each vehicle up once in a set of 20,000 slugs, instead of reading the whole list for each of 20,000 vehicles', () => {
    const store = SqliteStore.open({ logger: silentLogger });
    try {
      const vehicles = 20_000;
      const collection = store.write(() => {
        const { collection: created } = store.collectionForWrite('site', 'vehicles');
        created.createIndex({ v: 2, key: { slug: 1 }, name: 'slug_1', unique: true });
        for (let n = 0; n < vehicles; n += 1) created.insert({ _id: n, slug: `cart-${n}`, ...(n % 4 === 0 ? { unit: { stockNumber: `S${n}` } } : {}) });
        return created;
      });
      // The feed import's question: which of these page addresses are a model entry's (no unit)?
      // Every other stored slug is asked, and as many that nobody has.
      const asked = Array.from({ length: vehicles }, (_, n) => (n % 2 === 0 ? `cart-${n}` : `nobody-${n}`));
      const filter = { slug: { $in: asked }, unit: { $exists: false } };

      // The work of a match is counted as what it does in hash tables (mingo's $in builds one of the
      // whole list for each document): a few operations per vehicle and per listed value at most.
      const budget = 4 * (vehicles + asked.length);
      const operations = countHashOperations(budget, () => store.read(() => collection.select({ filter })));
      const found = operations.result;

      expect(found.map((vehicle) => vehicle._id)).toEqual(Array.from({ length: vehicles / 4 }, (_, k) => 4 * k + 2));
      expect(operations.count).toBeLessThanOrEqual(budget);
      // Too many values for key ranges: the index is not read, every vehicle is checked on its document.
      expect(collection.explain(filter).winningPlan).toMatchObject({ filterCheckedOnDocuments: true, inputStage: { stage: 'COLLSCAN' } });
    } finally {
      store.close();
    }
  });
});

/**
 * Runs `work` counting the calls to Map and Set lookups and insertions; past `budget` it stops
 * the work with an error instead of letting a quadratic match run for minutes.
 */
function countHashOperations<T>(budget: number, work: () => T): { result: T; count: number } {
  const originals = [
    [Map.prototype, 'set', Map.prototype.set],
    [Map.prototype, 'has', Map.prototype.has],
    [Set.prototype, 'add', Set.prototype.add],
    [Set.prototype, 'has', Set.prototype.has],
  ] as const;
  let count = 0;
  for (const [prototype, name, original] of originals) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function counted(this: unknown, ...args: unknown[]) {
        count += 1;
        if (count > budget) throw new Error(`more than ${budget} hash table operations`);
        return (original as (...args: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  try {
    return { result: work(), count };
  } finally {
    for (const [prototype, name, original] of originals) Object.defineProperty(prototype, name, { configurable: true, writable: true, value: original });
  }
}
