import { Aggregator } from 'mingo';
import { Long, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import type { Collection, Db, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mingoOptions } from '../src/document-query';
import { startEmbeddedMongo } from '../src/embedded-mongo-server';
import type { EmbeddedMongo } from '../src/embedded-mongo-server';
import { SqliteCollection } from '../src/sqlite-collection';

// A count and a page of one match in one command, `[{ $match }, { $facet: { matching: [{ $count }],
// vehicles: [$sort, $skip, $limit, $project] } }]`: every facet gets the documents the $match
// finds, so each facet's answer must be what its own pipeline behind that $match answers, and
// what mingo's $facet answers over the same documents. The store answers each facet through its
// own plan; these tests hold the answers to both, and watch that the documents the match finds are
// not all decoded, as mingo's $facet over them would. With MONGODB_URI set the answers and errors
// are checked against a real MongoDB.

const decoding = vi.hoisted(() => ({ documents: 0 }));

vi.mock('../src/deserialize-options', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/deserialize-options')>();
  return {
    ...actual,
    decodeDocument: (bytes: Uint8Array) => {
      decoding.documents += 1;
      return actual.decodeDocument(bytes);
    },
    decodeOnly: (fields: ReadonlySet<string>) => {
      const decode = actual.decodeOnly(fields);
      return (bytes: Uint8Array) => {
        decoding.documents += 1;
        return decode(bytes);
      };
    },
  };
});

const externalUri = process.env.MONGODB_URI;
const againstEmbedded = !externalUri;
const dbName = `facet_${process.pid}_${Date.now().toString(36)}`;

let server: EmbeddedMongo | undefined;
let client: MongoClient;
let db: Db;
let vehicles: Collection;

const brands = ['denago', 'evolution', 'yamaha'];

/** An inventory's shapes, and some it should not have: missing fields, nulls, Longs, arrays of photos or none. */
function vehicle(n: number): Document {
  const document: Document = {
    _id: new ObjectId(n.toString(16).padStart(24, '0')),
    id: `id-${n}`,
    slug: `vehicle-${n}`,
    name: `${brands[n % 3]} ${n % 4 === 0 ? 'Nomad' : 'Rover'} ${n}`,
    description: `A ${n % 2 ? 'lithium' : 'lead-acid'} cart for ${2 + (n % 6)} people.`,
    brand: brands[n % 3],
    year: 2020 + (n % 7),
    price: n % 11 === 0 ? null : n % 13 === 0 ? Long.fromNumber(9_000 + n) : 5_000 + ((n * 37) % 40) * 500,
    images: n % 9 === 0 ? [] : [`/images/${n}-a.svg`, `/images/${n}-b.svg`],
    specifications: { range: `${20 + (n % 40)} mi`, seats: 2 + (n % 6) },
    order: `${String(n % 7).padStart(3, '0')}\u0001${brands[n % 3]}\u0001${String(n).padStart(4, '0')}`,
    // Every tenth is sold: it has left the inventory and holds no facets.
    facets: n % 10 === 9 ? [] : ['listed', `brand:${brands[n % 3]}`, `price:${n % 2 ? 'low' : 'high'}`],
  };
  if (n % 4 !== 0) document.unit = { condition: n % 3 ? 'used' : 'new', photos: n % 8 === 1 ? [] : [{ hash: `h${n}`, width: 480 }] };
  if (n % 41 === 0) delete document.name;
  return document;
}

const catalog = Array.from({ length: 400 }, (_, n) => vehicle(n));

beforeAll(async () => {
  if (againstEmbedded) server = await startEmbeddedMongo();
  client = new MongoClient(externalUri ?? server!.uri);
  await client.connect();
  db = client.db(dbName);
  vehicles = db.collection('vehicles');
  await vehicles.insertMany(catalog.map((document) => ({ ...document })));
  await vehicles.createIndexes([{ key: { facets: 1, order: 1 } }, { key: { year: 1 } }, { key: { name: 'text', description: 'text' }, name: 'vehicle_search' }]);
});

afterAll(async () => {
  await db?.dropDatabase();
  await client?.close();
  await server?.close();
});

/** An inventory card's projection: fields by name, a dotted path, the first image and the first photo. */
const CARD = { _id: 0, id: 1, name: 1, brand: 1, price: 1, 'unit.condition': 1, images: { $slice: ['$images', 1] }, firstPhoto: { $arrayElemAt: ['$unit.photos', 0] } };

/** The repository's count and page of one match. */
const countAndPage = (skip: number, limit: number, projection: Document = CARD) => ({
  matching: [{ $count: 'n' }],
  vehicles: [{ $sort: { order: 1 } }, { $skip: skip }, { $limit: limit }, { $project: projection }],
});

/** MongoDB's $count of no documents is no document; mingo's is `{ n: 0 }`. */
function withMongoCount(faceted: Document, facets: Document): Document {
  const answer: Document = {};
  for (const [name, value] of Object.entries(faceted)) {
    const counts = (facets[name] as Document[]).length === 1 && '$count' in (facets[name] as Document[])[0]!;
    answer[name] = counts ? (value as Document[]).filter((document) => Object.values(document)[0] !== 0) : value;
  }
  return answer;
}

/** What mingo's $facet answers over the documents the match finds, as the driver reads them (the store finds a $text match's). */
async function mingoFacet(match: Document | undefined, facets: Document): Promise<Document> {
  const stored = await vehicles.find().toArray();
  const found = match === undefined ? stored : match.$text ? await vehicles.find(match).toArray() : new Aggregator([{ $match: match }], mingoOptions).run(stored);
  const [faceted] = new Aggregator([{ $facet: facets }], mingoOptions).run(found);
  return withMongoCount(faceted!, facets);
}

const searchNomad = { $text: { $search: '"nomad"' }, $and: [{ facets: 'listed' }] };

/** Matches and facets: a search, an indexed equality and range, none, nothing found, a page past the end, projections. */
const cases: Array<[string, Document | undefined, Document]> = [
  ['a text search, its count and first page', searchNomad, countAndPage(0, 10)],
  ['a text search, its second page', searchNomad, countAndPage(10, 10)],
  ['a text search of two words, one a word form', { $text: { $search: '"rover" "people"' }, $and: [{ facets: 'brand:yamaha' }] }, countAndPage(0, 24)],
  ['an indexed equality', { facets: 'brand:denago' }, countAndPage(0, 24)],
  ['filters ANDed on one indexed array', { $and: [{ facets: 'brand:evolution' }, { facets: { $in: ['price:low', 'price:high'] } }] }, countAndPage(24, 24)],
  ['an indexed range', { year: { $gte: 2022, $lt: 2025 } }, countAndPage(5, 7)],
  ['a range no index answers', { price: { $gt: 20_000 } }, countAndPage(0, 24)],
  ['no $match', undefined, countAndPage(0, 24)],
  ['nothing found by an index', { facets: 'brand:none' }, countAndPage(0, 24)],
  ['nothing found by a search', { $text: { $search: '"zeppelin"' } }, countAndPage(0, 24)],
  ['a page past the end', searchNomad, countAndPage(10_000, 24)],
  ['a projection that leaves fields out', { facets: 'brand:yamaha' }, countAndPage(3, 5, { specifications: 0, images: 0 })],
  [
    'facets of other kinds: the driver’s countDocuments, a group, a plain page, a facet of every document',
    { facets: 'price:low' },
    {
      counted: [{ $group: { _id: 1, n: { $sum: 1 } } }],
      byBrand: [{ $group: { _id: '$brand', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
      newest: [{ $sort: { year: -1, _id: 1 } }, { $limit: 3 }, { $project: { _id: 0, slug: 1, year: 1 } }],
      slugs: [{ $project: { _id: 0, slug: 1 } }],
    },
  ],
];

const pipelineOf = (match: Document | undefined, facets: Document) => [...(match ? [{ $match: match }] : []), { $facet: facets }];

describe('a $match and a $facet in one command', () => {
  it.each(cases)('answers %s as each facet’s own pipeline does, and as mingo’s $facet does', async (_, match, facets) => {
    const [faceted, ...more] = await vehicles.aggregate(pipelineOf(match, facets)).toArray();
    expect(more).toEqual([]);
    expect(Object.keys(faceted!)).toEqual(Object.keys(facets));
    for (const [name, pipeline] of Object.entries(facets)) {
      const alone = await vehicles.aggregate([...(match ? [{ $match: match }] : []), ...(pipeline as Document[])]).toArray();
      expect(faceted![name], name).toEqual(alone);
    }
    expect(faceted).toEqual(await mingoFacet(match, facets));
  });

  it('finds what the spec says for the repository’s count and page', async () => {
    const nomads = catalog.filter((vehicle) => vehicle.facets.includes('listed') && / nomad /i.test(` ${vehicle.name ?? ''} `));
    const inOrder = [...nomads].sort((a, b) => (a.order < b.order ? -1 : 1));
    const [first] = await vehicles.aggregate(pipelineOf(searchNomad, countAndPage(0, 10, { _id: 0, id: 1 }))).toArray();
    expect(first).toEqual({ matching: [{ n: nomads.length }], vehicles: inOrder.slice(0, 10).map((vehicle) => ({ id: vehicle.id })) });
    const [none] = await vehicles.aggregate(pipelineOf({ facets: 'brand:none' }, countAndPage(0, 24))).toArray();
    expect(none).toEqual({ matching: [], vehicles: [] });
    const [pastTheEnd] = await vehicles.aggregate(pipelineOf(searchNomad, countAndPage(10_000, 24))).toArray();
    expect(pastTheEnd).toEqual({ matching: [{ n: nomads.length }], vehicles: [] });
  });

  it('answers one document of empty facets for a collection that does not exist', async () => {
    expect(
      await db
        .collection('none')
        .aggregate(pipelineOf(searchNomad, countAndPage(0, 24)))
        .toArray(),
    ).toEqual([{ matching: [], vehicles: [] }]);
  });

  it('runs the stages after the $facet on its one document', async () => {
    const pipeline = [
      ...pipelineOf(searchNomad, countAndPage(0, 3, { _id: 0, id: 1 })),
      { $project: { matching: { $ifNull: [{ $arrayElemAt: ['$matching.n', 0] }, 0] }, ids: '$vehicles.id' } },
    ];
    const answer = await vehicles.aggregate(pipeline).toArray();
    const [faceted] = await vehicles.aggregate(pipelineOf(searchNomad, countAndPage(0, 3, { _id: 0, id: 1 }))).toArray();
    expect(answer).toEqual([{ matching: faceted!.matching[0].n, ids: faceted!.vehicles.map((vehicle: Document) => vehicle.id) }]);
  });

  it('refuses what mongod refuses in a $facet, with its codes', async () => {
    const refusals: Array<[Document, number]> = [
      [{ $facet: { inner: [{ $facet: { a: [{ $count: 'n' }] } }] } }, 40600],
      [{ $facet: { written: [{ $out: 'elsewhere' }] } }, 40600],
      [{ $facet: { merged: [{ $merge: { into: 'elsewhere' } }] } }, 40600],
      [{ $facet: { stats: [{ $collStats: { count: {} } }] } }, 40600],
      [{ $facet: { near: [{ $geoNear: { near: [0, 0], distanceField: 'd' } }] } }, 40600],
      [{ $facet: {} }, 40169],
      [{ $facet: 'matching' }, 40169],
      [{ $facet: { matching: { $count: 'n' } } }, 40170],
      [{ $facet: { matching: ['$count'] } }, 40171],
      [{ $facet: { $matching: [{ $count: 'n' }] } }, 16410],
      [{ $facet: { 'a.b': [{ $count: 'n' }] } }, 16412],
    ];
    for (const [stage, code] of refusals) {
      const refused = await vehicles
        .aggregate([{ $match: { facets: 'listed' } }, stage])
        .toArray()
        .catch((error: unknown) => error);
      expect(refused, JSON.stringify(stage)).toBeInstanceOf(MongoServerError);
      expect((refused as MongoServerError).code, JSON.stringify(stage)).toBe(code);
    }
    const nested = await vehicles
      .aggregate([{ $match: { facets: 'listed' } }, { $facet: { inner: [{ $facet: { a: [{ $count: 'n' }] } }] } }])
      .toArray()
      .catch((error: unknown) => error);
    expect((nested as MongoServerError).message).toBe('$facet is not allowed to be used within a $facet stage');
  });

  it('refuses an answer larger than a document may be, as mongod does', async () => {
    const large = db.collection<{ _id: number; text: string }>('large');
    await large.insertMany(Array.from({ length: 18 }, (_, n) => ({ _id: n, text: 'x'.repeat(1024 * 1024) })));
    const refused = await large
      .aggregate([{ $match: {} }, { $facet: { all: [{ $project: { text: 1 } }] } }])
      .toArray()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MongoServerError);
    expect((refused as MongoServerError).code).toBe(10334);
    expect((refused as MongoServerError).message).toMatch(/BSONObj size: \d+ \(0x[0-9A-F]+\) is invalid\. Size must be between 0 and 16793600\(16MB\)/);
    const [first] = await large.aggregate([{ $match: { _id: { $lt: 15 } } }, { $facet: { all: [{ $project: { text: 1 } }] } }]).toArray();
    expect(first!.all).toHaveLength(15);
  });
});

describe.runIf(againstEmbedded)('each facet read through its own plan', () => {
  /** How many stored documents the store decoded, and how many counts it answered, while `run` ran. */
  async function reads<T>(run: () => Promise<T>): Promise<{ result: T; decoded: number; counted: number }> {
    const countMatching = vi.spyOn(SqliteCollection.prototype, 'countMatching');
    decoding.documents = 0;
    try {
      const result = await run();
      return { result, decoded: decoding.documents, counted: countMatching.mock.calls.length };
    } finally {
      countMatching.mockRestore();
    }
  }

  it('counts without decoding a document and writes the page from the stored bytes, decoding none of it (nor those it skips)', async () => {
    const listedNomads = catalog.filter((vehicle) => vehicle.facets.includes('listed') && / nomad /i.test(` ${vehicle.name ?? ''} `)).length;
    expect(listedNomads).toBeGreaterThan(50);
    const search = await reads(() => vehicles.aggregate(pipelineOf(searchNomad, countAndPage(10, 10))).toArray());
    expect(search.result[0]!.matching).toEqual([{ n: listedNomads }]);
    expect(search.result[0]!.vehicles).toHaveLength(10);
    expect(search.counted).toBe(1);
    // The cards are the stored bytes projected, and the order of each (skipped ones too) is checked on them.
    expect(search.decoded).toBe(0);

    const listed = catalog.filter((vehicle) => vehicle.facets.includes('listed')).length;
    const pipeline = pipelineOf({ facets: 'listed' }, countAndPage(10, 10));
    const pushedDown = await reads(() => vehicles.aggregate(pipeline).toArray());
    expect(pushedDown.result[0]!.matching).toEqual([{ n: listed }]);
    expect(pushedDown.counted).toBe(1);
    expect(pushedDown.decoded).toBe(0);
    // With `let` the same pipeline is mingo's $facet over every vehicle the match finds: what these counters see of a fallback.
    const throughMingo = await reads(() => vehicles.aggregate(pipeline, { let: { unused: 1 } }).toArray());
    expect(throughMingo.result).toEqual(pushedDown.result);
    expect(throughMingo.counted).toBe(0);
    expect(throughMingo.decoded).toBeGreaterThanOrEqual(listed);
  });

  it('counts a $count as countDocuments is counted, and gives no document for none', async () => {
    const counted = await reads(() => vehicles.aggregate([{ $match: { facets: 'brand:denago' } }, { $count: 'denago' }]).toArray());
    expect(counted.result).toEqual([{ denago: catalog.filter((vehicle) => vehicle.facets.includes('brand:denago')).length }]);
    expect(counted).toMatchObject({ counted: 1, decoded: 0 });
    const none = await reads(() => vehicles.aggregate([{ $match: { facets: 'brand:none' } }, { $count: 'n' }]).toArray());
    expect(none).toEqual({ result: [], counted: 1, decoded: 0 });
  });

  it('explains each facet’s plan', async () => {
    const explained = (await vehicles.aggregate(pipelineOf(searchNomad, countAndPage(0, 24))).explain()) as Document;
    expect(explained.queryPlanner.winningPlan).toMatchObject({ stage: 'FACET', facets: ['matching', 'vehicles'] });
    expect(explained.usesIndex).toBe(true);
    expect(explained.stagesInMemory).toEqual([]);
    const { matching, vehicles: page } = explained.facets as Record<string, Document>;
    expect(matching!.queryPlanner).toMatchObject({
      countWithoutDocuments: true,
      winningPlan: { filterCheckedOnDocuments: false, inputStage: { stage: 'IXSCAN', indexName: 'facets_1_order_1', intersectedWith: [{ stage: 'TEXT' }] } },
    });
    expect(matching!.stagesInMemory).toEqual([]);
    expect(page!.queryPlanner).toMatchObject({ limit: 24, winningPlan: { inputStage: { stage: 'IXSCAN', keyOrderIsSortOrder: true } } });
    expect(page!.stagesInMemory).toEqual(['$project']);
    expect(explained.queryPlanner.winningPlan.inputStages).toEqual([matching!.queryPlanner.winningPlan, page!.queryPlanner.winningPlan]);
  });
});
