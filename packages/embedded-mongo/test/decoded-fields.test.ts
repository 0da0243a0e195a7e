import { Decimal128, Long, MongoClient, ObjectId } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedMongo } from '../src/embedded-mongo-server';
import type { EmbeddedMongo } from '../src/embedded-mongo-server';
import { CARD_PROJECTION } from './card-projection';

// A read that hands its documents to a $project keeping fields by name (an inventory page), or a
// find with such a projection, decodes only the fields it reads. Each query below runs twice on the
// same store: once with every document decoded whole (what the store did before), once as it
// reads now; the answers must be the same, and the second run must have decoded only some fields
// where it could, and nothing partially where it could not.

const decoding = vi.hoisted(() => ({ whole: false, partial: [] as string[][], written: 0 }));

// How many documents were written from their stored bytes (raw-projection.ts) rather than decoded.
vi.mock('../src/raw-projection', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/raw-projection')>();
  return {
    ...actual,
    rawProjectionFor: (spec: unknown) => {
      const project = actual.rawProjectionFor(spec);
      return (
        project &&
        ((stored: Uint8Array) => {
          const bytes = project(stored);
          if (bytes) decoding.written += 1;
          return bytes;
        })
      );
    },
  };
});

vi.mock('../src/deserialize-options', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/deserialize-options')>();
  return {
    ...actual,
    decodeOnly: (fields: ReadonlySet<string>) => {
      if (decoding.whole) return actual.decodeDocument;
      const decode = actual.decodeOnly(fields);
      return (bytes: Uint8Array) => {
        const document = decode(bytes);
        decoding.partial.push(Object.keys(document));
        return document;
      };
    },
  };
});

let server: EmbeddedMongo;
let client: MongoClient;
let vehicles: Collection;

const brands = ['denago', 'evolution', 'yamaha'];

/** Shapes an inventory meets and some it should not: missing fields, nulls, arrays where scalars are, Longs, Decimals. */
function vehicle(n: number): Document {
  const document: Document = {
    _id: new ObjectId(n.toString(16).padStart(24, '0')),
    slug: `vehicle-${n}`,
    id: `id-${n}`,
    name: `${brands[n % 3]} ${n % 5 === 0 ? 'Nomad' : 'Rover'} ${n}`,
    description: `A ${n % 2 ? 'lithium' : 'lead-acid'} cart for ${2 + (n % 6)} people.`,
    brand: brands[n % 3],
    category: n % 4 === 0 ? 'utility' : 'lifted',
    year: 2020 + (n % 7),
    price: n % 11 === 0 ? null : n % 13 === 0 ? Long.fromNumber(9_000 + n) : n % 17 === 0 ? new Decimal128(`${8_000 + n}.5`) : 5_000 + ((n * 37) % 40) * 500,
    images: n % 9 === 0 ? [] : n % 19 === 0 ? ['/images/only.svg'] : [`/images/${n}-a.svg`, `/images/${n}-b.svg`],
    specifications: { range: `${20 + (n % 40)} mi`, seats: 2 + (n % 6) },
    features: ['Seats', n % 2 ? 'Lithium' : 'Lead-acid', `Feature ${n}`],
    in_stock: n % 3 !== 0,
    is_new: n % 5 !== 1,
    createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 300))),
    order: `${String(n % 7).padStart(3, '0')}\u0001${brands[n % 3]}\u0001${n}`,
    facets: ['listed', `brand:${brands[n % 3]}`, `price:${n % 2 ? 'low' : 'high'}`],
  };
  if (n % 4 !== 0) {
    document.unit = {
      brandName: brands[n % 3]!.toUpperCase(),
      condition: n % 3 ? 'used' : 'new',
      status: n % 10 === 0 ? 'sold' : 'available',
      photos: n % 8 === 1 ? [] : [{ hash: `h${n}`, sources: { webp: [{ url: `/p/${n}.webp`, width: 480 }] } }],
    };
  }
  if (n % 31 === 0) document.unit = [{ brandName: 'X', photos: [1] }, 5];
  // An array to sort by sends the page to the in-memory sort (an index holds no parallel arrays: one facet here).
  if (n % 37 === 0) Object.assign(document, { order: ['zzz', 'aaa'], facets: 'listed' });
  if (n % 41 === 0) delete document.name;
  return document;
}

beforeAll(async () => {
  server = await startEmbeddedMongo();
  client = new MongoClient(server.uri);
  await client.connect();
  vehicles = client.db('decoded_fields').collection('vehicles');
  await vehicles.insertMany(Array.from({ length: 300 }, (_, n) => vehicle(n)));
  await vehicles.createIndexes([{ key: { facets: 1, order: 1 } }, { key: { 'unit.status': 1 } }, { key: { name: 'text', description: 'text' }, name: 'vehicle_search' }]);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

const CARD = CARD_PROJECTION;

const page = (match: Document, sort: Document, skip: number, projection: Document = CARD) => [
  { $match: match },
  { $sort: sort },
  { $skip: skip },
  { $limit: 24 },
  { $project: projection },
];

/** The same query with documents decoded whole, then as the store reads them: both answers, and the fields each partial decode gave. */
async function bothWays(query: () => Promise<Document[]>): Promise<{ whole: Document[]; now: Document[]; decoded: string[][]; written: number }> {
  decoding.whole = true;
  const whole = await query();
  decoding.whole = false;
  decoding.partial = [];
  decoding.written = 0;
  const now = await query();
  return { whole, now, decoded: decoding.partial, written: decoding.written };
}

const aggregate = (pipeline: Document[]) => () => vehicles.aggregate(pipeline).toArray();

describe('a read decodes only the fields its pipeline reads', () => {
  it("decodes an inventory page's vehicles into the fields of its cards and its order, and answers as before", async () => {
    const searches: Document[] = [
      { $text: { $search: '"nomad"' }, $and: [{ facets: 'listed' }] },
      { $and: [{ facets: 'brand:denago' }, { facets: { $in: ['price:low', 'price:high'] } }] },
      { $and: [{ facets: 'listed' }] },
    ];
    for (const match of searches) {
      for (const skip of [0, 24]) {
        const { whole, now, decoded, written } = await bothWays(aggregate(page(match, { order: 1 }, skip)));
        expect(now).toEqual(whole);
        expect(now.length).toBeGreaterThan(0);
        // Written from the stored bytes, the order checked on them too (nothing decoded); or, where
        // the projection is unsure of a document, read the decoded way.
        if (decoded.length === 0) expect(written).toBe(now.length);
        else expect(decoded.length).toBeGreaterThanOrEqual(now.length);
        // The search's filter is answered by its indexes: nothing of it is decoded, only the cards' fields and the sort's.
        const read = new Set(['id', 'slug', 'name', 'description', 'brand', 'category', 'price', 'images', 'is_new', 'unit', 'order']);
        for (const names of decoded)
          expect(
            names.filter((name) => !read.has(name)),
            JSON.stringify(match),
          ).toEqual([]);
      }
    }
  });

  it('decodes what a filter checked on each document and an in-memory sort read, and answers as before', async () => {
    const queries: Array<[Document, Document, string[]]> = [
      [{ 'unit.status': { $ne: 'sold' }, name: /rover/i }, { price: -1, _id: 1 }, ['unit', 'name', 'price', '_id']],
      [
        { $or: [{ brand: 'denago' }, { 'specifications.range': { $exists: true } }], features: { $elemMatch: { $regex: '^Lith' } }, year: { $not: { $gt: 2024 } } },
        { 'unit.condition': 1, slug: 1 },
        ['brand', 'specifications', 'features', 'year', 'unit', 'slug'],
      ],
      [{ $text: { $search: '"rover" lithium' }, price: { $gt: 6_000 } }, { year: 1, slug: -1 }, ['price', 'year', 'slug']],
    ];
    for (const [match, sort, filterAndSort] of queries) {
      const { whole, now, decoded } = await bothWays(aggregate(page(match, sort, 3, { name: 1, first: { $arrayElemAt: ['$unit.photos', 0] } })));
      expect(now).toEqual(whole);
      expect(now.length).toBeGreaterThan(0);
      expect(decoded.length).toBeGreaterThanOrEqual(now.length);
      const read = new Set(['_id', 'name', 'unit', ...filterAndSort]);
      for (const names of decoded)
        expect(
          names.filter((name) => !read.has(name)),
          JSON.stringify(match),
        ).toEqual([]);
    }
  });

  it('answers as before when stages follow the $project, a sort value is an array, or the page ends', async () => {
    const pipelines = [
      [...page({ $and: [{ facets: 'listed' }] }, { order: -1 }, 0), { $group: { _id: '$brand', n: { $sum: 1 }, names: { $push: '$name' } } }, { $sort: { _id: 1 } }],
      [...page({ 'unit.status': 'available' }, { order: 1 }, 0, { order: 1, slug: 1 })],
      [...page({ $and: [{ facets: 'listed' }] }, { order: 1 }, 290)],
    ];
    for (const pipeline of pipelines) {
      const { whole, now, decoded } = await bothWays(aggregate(pipeline));
      expect(now).toEqual(whole);
      expect(decoded.length).toBeGreaterThan(0);
      for (const names of decoded) expect(names).not.toContain('features');
    }
  });

  it('decodes the fields a find with a projection keeps, and answers as before', async () => {
    const { whole, now, decoded } = await bothWays(() =>
      vehicles
        .find({ brand: 'yamaha', price: { $type: 'number' } }, { projection: { name: 1, 'unit.status': 1 }, sort: { year: -1, _id: 1 }, skip: 2, limit: 10 })
        .toArray(),
    );
    expect(now).toEqual(whole);
    expect(now.length).toBe(10);
    expect(decoded.length).toBeGreaterThanOrEqual(now.length);
    for (const names of decoded) expect(names.filter((name) => !['_id', 'name', 'unit', 'brand', 'price', 'year'].includes(name))).toEqual([]);
  });

  it('decodes whole what a pipeline or a find reads otherwise', async () => {
    const reads = [
      aggregate(page({ $expr: { $gt: ['$year', 2022] } }, { order: 1 }, 0)),
      aggregate(page({ $and: [{ facets: 'listed' }] }, { order: 1 }, 0, { name: 1, label: { $concat: ['$brand', ' ', '$category'] } })),
      aggregate(page({ $and: [{ facets: 'listed' }] }, { order: 1 }, 0, { specifications: 0 })),
      aggregate([{ $match: { brand: 'denago' } }, { $sort: { order: 1 } }, { $addFields: { x: 1 } }, { $project: { name: 1 } }]),
      aggregate([{ $match: { brand: 'denago' } }, { $sort: { $natural: -1 } }, { $project: { name: 1 } }]),
      aggregate([{ $match: { brand: 'denago' } }, { $limit: 5 }]),
      () => vehicles.find({ brand: 'evolution' }, { sort: { order: 1 }, limit: 5 }).toArray(),
      () => vehicles.find({ brand: 'evolution' }, { projection: { features: 0 }, limit: 5 }).toArray(),
      () => vehicles.find({ brand: 'evolution' }, { projection: { images: { $slice: 1 } }, limit: 5 }).toArray(),
    ];
    for (const read of reads) {
      const { whole, now, decoded } = await bothWays(read);
      expect(now).toEqual(whole);
      expect(now.length).toBeGreaterThan(0);
      expect(decoded).toEqual([]);
    }
  });
});

describe("a page's cards are written from the stored bytes", () => {
  // Units as a feed writes them (prices of every number type, photos or none, a name missing),
  // without the shapes only mingo answers (a unit that is an array, an order that is one).
  let cards: Collection;
  beforeAll(async () => {
    cards = client.db('decoded_fields').collection('cards');
    await cards.insertMany(Array.from({ length: 300 }, (_, n) => vehicle(n)).filter((_, n) => n % 31 !== 0 && n % 37 !== 0));
    await cards.createIndexes([{ key: { facets: 1, order: 1 } }, { key: { name: 'text', description: 'text' }, name: 'vehicle_search' }]);
  });

  // The same page with a stage after its $project: read the decoded way, projected by the pipeline.
  const decodedWay = (pipeline: Document[]) => [...pipeline, { $match: {} }];
  const search = { $text: { $search: '"nomad"' }, $and: [{ facets: 'listed' }] };

  it('answers an inventory page and one read backwards as the decoded way does, decoding nothing', async () => {
    for (const pipeline of [page({ $and: [{ facets: 'listed' }] }, { order: 1 }, 24), page({ $and: [{ facets: 'brand:denago' }] }, { order: -1 }, 3)]) {
      decoding.written = 0;
      decoding.partial = [];
      const now = await cards.aggregate(pipeline).toArray();
      expect(now).toHaveLength(24);
      expect(decoding.written).toBe(24);
      // The order of the skipped documents and the page's is checked on their bytes.
      expect(decoding.partial).toEqual([]);
      expect(now).toEqual(await cards.aggregate(decodedWay(pipeline)).toArray());
    }
  });

  it("answers a search's $facet of its count and its page as the decoded way does, decoding nothing", async () => {
    decoding.written = 0;
    decoding.partial = [];
    const [facet] = await cards
      .aggregate([{ $match: search }, { $facet: { count: [{ $count: 'n' }], page: [{ $sort: { order: 1 } }, { $skip: 2 }, { $limit: 24 }, { $project: CARD }] } }])
      .toArray();
    expect(facet!.page.length).toBeGreaterThan(0);
    expect(decoding.written).toBe(facet!.page.length);
    expect(decoding.partial).toEqual([]);
    expect(facet!.page).toEqual(
      await cards.aggregate(decodedWay([{ $match: search }, { $sort: { order: 1 } }, { $skip: 2 }, { $limit: 24 }, { $project: CARD }])).toArray(),
    );
    expect(facet!.count).toEqual([{ n: await cards.countDocuments(search) }]);
  });

  it('reads the decoded way a page with a document it cannot be sure of, or one sorted in memory', async () => {
    // Unit 31 is an array of documents, so its unit.brandName is mingo's to read; a sort by year has no index.
    for (const pipeline of [page({ slug: { $in: ['vehicle-30', 'vehicle-31', 'vehicle-32'] } }, { order: 1 }, 0), page({ brand: 'denago' }, { year: 1 }, 0)]) {
      const now = await vehicles.aggregate(pipeline).toArray();
      expect(now).toEqual(await vehicles.aggregate(decodedWay(pipeline)).toArray());
      expect(now.length).toBeGreaterThan(0);
    }
  });
});
