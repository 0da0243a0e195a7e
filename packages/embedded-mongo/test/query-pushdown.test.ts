import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BSON, Long, MongoClient, MongoServerError } from 'mongodb';
import type { Collection, Db, Document, Filter, Sort } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Documents whose _id is a number or a string, as these tests write them. */
type Stored = Document & { _id: number | string };
import { startEmbeddedMongo } from '../src/embedded-mongo-server';
import type { EmbeddedMongo } from '../src/embedded-mongo-server';

// What an index answers must be what a scan of every document answers: the same queries run on
// a collection with indexes and on a copy without any, and must agree. With MONGODB_URI set the
// same assertions run against a real MongoDB (explain's shape is the embedded server's own).

const externalUri = process.env.MONGODB_URI;
const againstEmbedded = !externalUri;
const dbName = `pushdown_${process.pid}_${Date.now().toString(36)}`;

let server: EmbeddedMongo | undefined;
let folder: string;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'embedded-mongo-pushdown-'));
  if (againstEmbedded) server = await startEmbeddedMongo({ dataDir: folder });
  client = new MongoClient(externalUri ?? server!.uri);
  await client.connect();
  db = client.db(dbName);
});

afterAll(async () => {
  await db?.dropDatabase();
  await client?.close();
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

const brands = ['denago', 'evolution', 'club-car', 'yamaha', 'denago-x', 'Denago'];

/** Values chosen to trip an index: arrays, nulls, missing fields, mixed types, nested paths. */
function unit(n: number): Stored {
  const document: Stored = {
    _id: n,
    slug: `unit-${String(n).padStart(3, '0')}`,
    brand: brands[n % brands.length],
    price: n % 11 === 0 ? null : 5_000 + ((n * 37) % 40) * 500,
    status: ['available', 'sold', 'pending'][n % 3],
    listedAt: new Date(Date.UTC(2026, 0, 1 + (n % 50))),
    unit: n % 4 === 0 ? undefined : { location: ['waretown', 'toms-river', null][n % 3], stockNumber: `S${n}` },
  };
  if (n % 9 === 0) document.tags = [];
  else if (n % 5 === 0) document.tags = ['lifted', 'lithium'];
  else if (n % 7 === 0) document.tags = 'lifted';
  if (n % 13 === 0) document.brand = ['denago', 'yamaha'];
  if (n % 17 === 0) document.price = Long.fromNumber(7_500);
  if (n % 19 === 0) delete document.brand;
  if (n % 23 === 0) document.price = '7500';
  if (n % 29 === 0) document.brand = { name: 'denago' };
  if (document.unit === undefined) delete document.unit;
  return document;
}

const units = Array.from({ length: 240 }, (_, n) => unit(n));

let indexed: Collection<Stored>;
let scanned: Collection<Stored>;

beforeAll(async () => {
  indexed = db.collection<Stored>('indexed');
  scanned = db.collection<Stored>('scanned');
  await indexed.insertMany(units);
  await scanned.insertMany(units);
  await indexed.createIndexes([
    { key: { brand: 1 } },
    { key: { price: 1 } },
    { key: { status: 1, listedAt: 1 } },
    { key: { 'unit.location': 1 } },
    { key: { tags: 1 } },
    { key: { tags: 1, slug: 1 } },
    { key: { slug: 1 }, unique: true },
    { key: { 'unit.stockNumber': 1 }, unique: true, partialFilterExpression: { 'unit.stockNumber': { $exists: true } } },
  ]);
});

const filters: Filter<Stored>[] = [
  {},
  { brand: 'denago' },
  { brand: { $in: ['denago', 'yamaha', 'nobody'] } },
  { brand: { $gte: 'd' } },
  { brand: { $lt: 'denago-x' } },
  { brand: { $exists: false } },
  { brand: { $exists: true } },
  { brand: null },
  { brand: /^den/ },
  { brand: { $regex: '^denago-?' } },
  { brand: /^Den/i },
  { brand: { $ne: 'denago' } },
  { price: { $gt: 7_000 } },
  { price: { $gte: 7_500, $lte: 12_000 } },
  { price: { $gt: 7_500, $lt: 12_000 } },
  { tags: { $gt: 'lifted', $lt: 'lithium' } },
  { brand: { $gte: 'club', $lt: 'denago-x' } },
  { price: 7_500 },
  { price: null },
  { status: 'pending', listedAt: { $lte: new Date(Date.UTC(2026, 0, 20)) } },
  { status: { $in: ['pending', 'sold'] }, listedAt: { $gt: new Date(Date.UTC(2026, 0, 10)) } },
  { $and: [{ status: 'available' }, { $and: [{ brand: 'denago' }, { price: { $lt: 15_000 } }] }] },
  { 'unit.location': 'waretown' },
  { 'unit.location': null },
  { 'unit.location': { $exists: false } },
  { tags: 'lifted' },
  { $and: [{ tags: 'lifted' }, { tags: 'lithium' }] },
  { $and: [{ tags: 'lithium' }, { tags: { $in: ['lifted', 'yamaha'] } }, { brand: 'denago' }] },
  { $and: [{ tags: 'lifted' }, { tags: null }] },
  { tags: { $size: 0 } },
  { tags: [] },
  { $or: [{ brand: 'yamaha' }, { price: null }] },
  { slug: { $in: ['unit-001', 'unit-017', 'unit-999'] } },
  { status: 'available', slug: { $in: ['unit-003', 'unit-006', 'unit-009'] } },
  { 'unit.stockNumber': 'S5' },
  { 'unit.stockNumber': { $in: ['S5', 'S6', 'S8', 'nobody'] } },
  { 'unit.stockNumber': { $eq: 'S7' }, status: 'available' },
  { 'unit.stockNumber': null },
  { 'unit.stockNumber': { $exists: false } },
  { 'unit.stockNumber': { $ne: 'S5' } },
  { 'unit.stockNumber': /^S1/ },
  { _id: { $gte: 100 } },
];

const sorts: (Sort | undefined)[] = [undefined, { price: 1 }, { brand: -1 }, { listedAt: 1 }, { slug: -1 }, { _id: -1 }, { 'unit.location': 1 }];

const pages = [{}, { limit: 5 }, { skip: 3, limit: 4 }, { skip: 230 }];

/** Ties in a sort have no set order in MongoDB: compared as the sequence of sort values and the set of ids. */
async function answers(collection: Collection<Stored>, filter: Filter<Stored>, sort: Sort | undefined, page: { skip?: number; limit?: number }) {
  const found = await collection.find(filter, { sort, ...page }).toArray();
  return againstEmbedded || sort === undefined ? found : { ids: found.map((document) => document._id).sort(), count: found.length };
}

// Fields that lead an index (read from its keys when they are strings), and one that leads none.
const distinctFields = ['brand', 'tags', 'unit.location', 'status', 'slug', 'price', 'listedAt'];

/** distinct's values in a fixed order: MongoDB gives no order. */
async function distinctValues(collection: Collection<Stored>, field: string, filter: Filter<Stored>) {
  return (await collection.distinct(field, filter)).map((value) => BSON.EJSON.stringify(value as Document)).sort();
}

describe('queries read through indexes', () => {
  it('answer every filter, sort, skip and limit exactly as a scan of every document does', async () => {
    for (const filter of filters) {
      for (const sort of sorts) {
        for (const page of pages) {
          const label = JSON.stringify({ filter, sort, page });
          expect(await answers(indexed, filter, sort, page), label).toEqual(await answers(scanned, filter, sort, page));
        }
      }
      expect(await indexed.countDocuments(filter), JSON.stringify(filter)).toBe(await scanned.countDocuments(filter));
      expect(await indexed.countDocuments(filter, { skip: 7, limit: 20 })).toBe(await scanned.countDocuments(filter, { skip: 7, limit: 20 }));
      for (const field of distinctFields) {
        expect(await distinctValues(indexed, field, filter), JSON.stringify({ field, filter })).toEqual(await distinctValues(scanned, field, filter));
      }
    }
  }, 120_000);

  it('keep answering exactly after updates and deletes change the indexed values', async () => {
    for (const collection of [indexed, scanned]) {
      await collection.updateMany({ brand: 'yamaha' }, { $set: { brand: 'denago', tags: ['lifted', 'yamaha'] } });
      await collection.deleteMany({ price: { $gt: 20_000 } });
      await collection.updateOne({ _id: 1 }, { $unset: { brand: '' } });
    }
    for (const filter of filters) {
      expect(await answers(indexed, filter, { price: 1 }, { limit: 10 }), JSON.stringify(filter)).toEqual(await answers(scanned, filter, { price: 1 }, { limit: 10 }));
      expect(await indexed.countDocuments(filter), JSON.stringify(filter)).toBe(await scanned.countDocuments(filter));
      for (const field of distinctFields) {
        expect(await distinctValues(indexed, field, filter), JSON.stringify({ field, filter })).toEqual(await distinctValues(scanned, field, filter));
      }
    }
  });

  it('refuse an empty $and as mongod does, counted or found', async () => {
    await expect(indexed.countDocuments({ $and: [] })).rejects.toThrow(MongoServerError);
    await expect(indexed.find({ $and: [] }).toArray()).rejects.toThrow(MongoServerError);
  });

  it('claim the earliest due message of an outbox by its compound index', async () => {
    const outbox = db.collection<Stored>('outbox');
    await outbox.createIndex({ status: 1, nextAttemptAt: 1 });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute));
    await outbox.insertMany([
      { _id: 'late', status: 'pending', nextAttemptAt: at(30) },
      { _id: 'sent', status: 'sent', nextAttemptAt: at(1) },
      { _id: 'due', status: 'pending', nextAttemptAt: at(5) },
      { _id: 'first', status: 'pending', nextAttemptAt: at(2) },
    ]);
    const claim = () =>
      outbox.findOneAndUpdate(
        { status: 'pending', nextAttemptAt: { $lte: at(10) } },
        { $set: { nextAttemptAt: at(59) } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'before' },
      );

    expect((await claim())?._id).toBe('first');
    expect((await claim())?._id).toBe('due');
    expect(await claim()).toBeNull();
  });

  it('let no $facet branch see what another one changed in its documents', async () => {
    const [faceted] = await indexed
      .aggregate([
        { $match: { _id: { $in: [5, 6] } } },
        {
          $facet: {
            trimmed: [{ $project: { 'unit.location': 0 } }, { $addFields: { extra: 1 } }],
            kept: [{ $project: { unit: 1 } }],
            ranked: [{ $addFields: { 'unit.rank': 1 } }],
          },
        },
      ])
      .toArray();
    expect(faceted!.trimmed.map((document: Document) => document.unit)).toEqual([{ stockNumber: 'S5' }, { stockNumber: 'S6' }]);
    expect(faceted!.kept).toEqual([
      { _id: 5, unit: { location: null, stockNumber: 'S5' } },
      { _id: 6, unit: { location: 'waretown', stockNumber: 'S6' } },
    ]);
    expect(faceted!.ranked.map((document: Document) => document.unit.rank)).toEqual([1, 1]);
  });

  it.runIf(againstEmbedded)('say in explain which index they read and whether documents are checked', async () => {
    const plan = (await indexed
      .find({ status: 'pending', listedAt: { $lte: new Date() } })
      .sort({ listedAt: 1 })
      .limit(1)
      .explain()) as Document;
    expect(plan.queryPlanner.winningPlan).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'status_1_listedAt_1', keyOrderIsSortOrder: true } });

    const scan = (await indexed.find({ price: { $type: 'string' } }).explain()) as Document;
    expect(scan.queryPlanner.winningPlan.inputStage.stage).toBe('COLLSCAN');

    const bySlug = (await indexed.find({ slug: 'unit-007' }).explain()) as Document;
    expect(bySlug.queryPlanner.winningPlan).toMatchObject({ filterCheckedOnDocuments: false, inputStage: { indexName: 'slug_1' } });

    // A partial index on units' stock numbers answers a stock number; a query that could match a vehicle without one reads elsewhere.
    const byStock = (await indexed.find({ 'unit.stockNumber': 'S5' }).explain()) as Document;
    expect(byStock.queryPlanner.winningPlan).toMatchObject({ filterCheckedOnDocuments: false, inputStage: { indexName: 'unit.stockNumber_1' } });
    // A few values of a unique field among many in another index's order: the unique index, sorted after.
    const featured = (await indexed
      .find({ status: 'available', slug: { $in: ['unit-003', 'unit-006'] } })
      .sort({ listedAt: 1 })
      .explain()) as Document;
    expect(featured.queryPlanner.winningPlan).toMatchObject({ stage: 'SORT', inputStage: { inputStage: { indexName: 'slug_1' } } });
    const noStock = (await indexed.find({ 'unit.stockNumber': null }).explain()) as Document;
    expect(noStock.queryPlanner.winningPlan.inputStage.stage).toBe('COLLSCAN');

    const sortedInMemory = (await indexed.find({ brand: 'denago' }).sort({ price: 1 }).explain()) as Document;
    expect(sortedInMemory.queryPlanner.winningPlan).toMatchObject({ stage: 'SORT', inputStage: { inputStage: { indexName: 'brand_1' } } });

    const aggregate = (await indexed.aggregate([{ $match: { brand: 'denago' } }, { $group: { _id: '$status' } }]).explain()) as Document;
    expect(aggregate.queryPlanner.winningPlan.inputStage.indexName).toBe('brand_1');
    expect(aggregate.stagesInMemory).toEqual(['$group']);

    // Several values of one array field ANDed: one read in the index's order, the others' entries as sets it must be in.
    const both = { $and: [{ tags: 'lifted' }, { tags: 'lithium' }] };
    const allTags = (await indexed.find(both).sort({ slug: -1 }).limit(3).explain()) as Document;
    expect(allTags.queryPlanner.winningPlan).toMatchObject({
      filterCheckedOnDocuments: false,
      inputStage: { indexName: 'tags_1_slug_1', keyOrderIsSortOrder: true, intersectedWith: [{ keyRanges: 1 }] },
    });
    const countedTags = await db.command({ explain: { count: 'indexed', query: both }, verbosity: 'queryPlanner' });
    expect(countedTags.queryPlanner.countWithoutDocuments).toBe(true);

    const notDenago = await db.command({ explain: { count: 'indexed', query: { brand: { $ne: 'denago' } } }, verbosity: 'queryPlanner' });
    expect(notDenago.queryPlanner).toMatchObject({
      winningPlan: { stage: 'COUNT', inputStage: { stage: 'COUNT_SCAN', indexName: 'brand_1' } },
      countWithoutDocuments: true,
    });
  });
});

describe('$text with a text index', () => {
  let carts: Collection<Stored>;

  beforeAll(async () => {
    carts = db.collection<Stored>('carts');
    await carts.insertMany([
      { _id: 1, name: 'DENAGO EV Rover XL', description: 'Four seats and hydraulic disc brakes.' },
      { _id: 2, name: 'DENAGO EV City', description: 'Street-legal NEV with lithium power.' },
      { _id: 3, name: 'EVOLUTION Forester 4 Plus', description: 'Four-wheel terrain ready with a cargo bed.' },
      { _id: 4, name: 'EVOLUTION Carrier 8 Plus', description: 'Eight seats, deep cycle batteries.' },
      { _id: 5, name: 'Nomad', description: ['A seat for every Nomad', 'lifted'] },
    ]);
  });

  const ids = async (search: string, filter: Filter<Stored> = {}) =>
    (await carts.find({ $text: { $search: search }, ...filter }).toArray()).map((document) => document._id).sort();

  it('is refused without a text index, as mongod refuses it', async () => {
    const error = await carts
      .find({ $text: { $search: 'rover' } })
      .toArray()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MongoServerError);
    expect((error as MongoServerError).code).toBe(27);
  });

  it('finds any word, case and word endings ignored, over the indexed fields and arrays of strings', async () => {
    await carts.createIndex({ name: 'text', description: 'text' });
    expect(await ids('ROVER')).toEqual([1]);
    expect(await ids('seat')).toEqual([1, 4, 5]);
    expect(await ids('rover city')).toEqual([1, 2]);
    expect(await ids('lifted')).toEqual([5]);
    expect(await ids('hovercraft')).toEqual([]);
  });

  it('needs every quoted phrase as written, and leaves out negated words and phrases', async () => {
    expect(await ids('"denago" "seats"')).toEqual([1]);
    expect(await ids('"street-legal"')).toEqual([2]);
    expect(await ids('"four seats"')).toEqual([1]);
    expect(await ids('plus -forester')).toEqual([4]);
    expect(await ids('plus -"cargo bed"')).toEqual([4]);
    expect(await ids('"evolution" "rover"')).toEqual([]);
  });

  it('combines with the rest of the filter', async () => {
    expect(await ids('denago evolution', { _id: { $gt: 2 } })).toEqual([3, 4]);
    expect(await carts.countDocuments({ $text: { $search: '"denago"' } })).toBe(2);
  });

  it('follows inserts, updates and deletes', async () => {
    await carts.insertOne({ _id: 6, name: 'Yamaha Drive2', description: 'A quiet rover.' });
    expect(await ids('rover')).toEqual([1, 6]);
    await carts.updateOne({ _id: 1 }, { $set: { name: 'DENAGO EV Ranger XL' } });
    expect(await ids('rover')).toEqual([6]);
    expect(await ids('ranger')).toEqual([1]);
    await carts.deleteOne({ _id: 6 });
    expect(await ids('rover')).toEqual([]);
  });

  it('lists the text index as mongod does, and creating it again changes nothing', async () => {
    const text = (await carts.listIndexes().toArray()).find((index) => index.name === 'name_text_description_text');
    expect(text).toMatchObject({ key: { _fts: 'text', _ftsx: 1 }, weights: { name: 1, description: 1 }, default_language: 'english' });
    await carts.createIndex({ name: 'text', description: 'text' });
    expect(await carts.listIndexes().toArray()).toHaveLength(2);
  });
});

describe('$text with other conditions, a sort and a page', () => {
  // A catalog in miniature: the inventory's shape (facets and a stored order) and text that trips
  // phrases: case, word endings, words inside words, the same words in two fields, arrays.
  const words = [
    'Nomad',
    'nomads',
    'Rover',
    'seat',
    'seats',
    'lithium',
    'lifted',
    'city',
    'street-legal',
    'forest',
    'Forester',
    'ev',
    'XL',
    '4',
    'plus',
    'the',
    'a',
    'Max',
  ];
  const pick = (n: number, count: number) => Array.from({ length: count }, (_, position) => words[(n * 7 + position * 5 + ((n >> position) % 3)) % words.length]!);
  const vehicles: Stored[] = Array.from({ length: 300 }, (_, n) => ({
    _id: n,
    name: pick(n, 2 + (n % 3)).join(' '),
    description: n % 10 === 0 ? [pick(n + 1, 3).join(' '), pick(n + 2, 2).join(' ')] : `${pick(n + 3, 4).join(' ')}.`,
    facets: ['listed', `brand:${['denago', 'evolution', 'yamaha'][n % 3]}`, ...(n % 4 === 0 ? ['price:under-15000'] : [])],
    order: `${n % 3}-${String((n * 37) % 300).padStart(3, '0')}`,
  }));
  let catalog: Collection<Stored>;

  beforeAll(async () => {
    catalog = db.collection<Stored>('catalog');
    await catalog.insertMany(vehicles);
    await catalog.createIndexes([{ key: { name: 'text', description: 'text' }, name: 'catalog_search' }, { key: { facets: 1, order: 1 } }]);
  });

  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const inAField = (phrase: string) => [{ name: new RegExp(escaped(phrase), 'i') }, { description: new RegExp(escaped(phrase), 'i') }];

  /**
   * The same search with its phrases written out as MongoDB defines them (each in one field as a
   * substring, case ignored), beside the same words unquoted: read by checking each document.
   */
  function spelledOut(phrases: string[], negatedPhrases: string[], otherWords: string) {
    const terms = [...phrases, otherWords].join(' ');
    const conditions = [...phrases.map((phrase) => ({ $or: inAField(phrase) })), ...negatedPhrases.map((phrase) => ({ $nor: inAField(phrase) }))];
    return { $text: { $search: terms }, ...(conditions.length ? { $and: conditions } : {}) };
  }

  const searches: Array<{ phrases: string[]; negatedPhrases: string[]; otherWords: string }> = [
    { phrases: ['nomad'], negatedPhrases: [], otherWords: '' },
    { phrases: ['nomad', 'lithium'], negatedPhrases: [], otherWords: '' },
    { phrases: ['seat'], negatedPhrases: [], otherWords: '' },
    { phrases: ['street-legal'], negatedPhrases: [], otherWords: '' },
    { phrases: ['rover seat'], negatedPhrases: [], otherWords: '' },
    { phrases: ['xl'], negatedPhrases: [], otherWords: '' },
    { phrases: ['4'], negatedPhrases: [], otherWords: '' },
    { phrases: ['ev', 'max'], negatedPhrases: [], otherWords: '' },
    { phrases: ['forest'], negatedPhrases: ['forester'], otherWords: '' },
    { phrases: [], negatedPhrases: ['xl'], otherWords: 'city' },
    { phrases: ['plus'], negatedPhrases: ['lifted'], otherWords: 'rover' },
    { phrases: [], negatedPhrases: [], otherWords: 'nomad lithium' },
    { phrases: ['the'], negatedPhrases: [], otherWords: '' },
  ];
  const searchOf = ({ phrases, negatedPhrases, otherWords }: (typeof searches)[number]) =>
    [...phrases.map((phrase) => `"${phrase}"`), ...negatedPhrases.map((phrase) => `-"${phrase}"`), otherWords].join(' ').trim();
  const inventoryFilters: Filter<Stored>[] = [
    { $and: [{ facets: 'listed' }] },
    { $and: [{ facets: 'brand:denago' }, { facets: 'price:under-15000' }] },
    { facets: 'brand:yamaha' },
  ];
  const pages = [
    { skip: 0, limit: 24 },
    { skip: 5, limit: 3 },
    { skip: 0, limit: 1000 },
  ];

  it('finds, orders, pages and counts exactly the documents that hold the phrases, as checking each document does', async () => {
    for (const search of searches) {
      for (const filter of inventoryFilters) {
        const pushedDown = { $text: { $search: searchOf(search) }, ...filter };
        const checked = { $and: [spelledOut(search.phrases, search.negatedPhrases, search.otherWords), filter] };
        const label = JSON.stringify(pushedDown);
        for (const page of pages) {
          const expected = await catalog.find(checked, { sort: { order: 1 }, ...page }).toArray();
          expect(await catalog.find(pushedDown, { sort: { order: 1 }, ...page }).toArray(), label).toEqual(expected);
          const [viaPipeline] = await catalog
            .aggregate([{ $match: pushedDown }, { $sort: { order: 1 } }, { $skip: page.skip }, { $limit: page.limit }, { $project: { name: 1 } }])
            .toArray()
            .then((found) => [found]);
          expect(viaPipeline, label).toEqual(expected.map(({ _id, name }) => ({ _id, name })));
        }
        expect(await catalog.countDocuments(pushedDown), label).toBe(await catalog.countDocuments(checked));
      }
    }
  }, 120_000);

  it('keeps the phrases exact after updates and deletes', async () => {
    await catalog.updateMany({ _id: { $lt: 30 } }, { $set: { name: 'NOMAD Rover' } });
    await catalog.updateOne({ _id: 40 }, { $set: { description: ['nomad', 'rover'] } });
    await catalog.deleteMany({ _id: { $gte: 290 } });
    for (const search of searches.slice(0, 5)) {
      const pushedDown = { $text: { $search: searchOf(search) }, facets: 'listed' };
      const checked = { $and: [spelledOut(search.phrases, search.negatedPhrases, search.otherWords), { facets: 'listed' }] };
      expect(await catalog.find(pushedDown, { sort: { order: 1 } }).toArray()).toEqual(await catalog.find(checked, { sort: { order: 1 } }).toArray());
      expect(await catalog.countDocuments(pushedDown)).toBe(await catalog.countDocuments(checked));
    }
    // "nomad rover" spans the two strings of the array, which are two values: not a phrase there.
    expect((await catalog.find({ $text: { $search: '"nomad rover"' }, _id: 40 }).toArray()).map((found) => found._id)).toEqual([]);
  });

  // The server holds a searched index range and a search's documents in memory until its data
  // changes: a change another process commits to the same file must end that as its own do.
  it.runIf(againstEmbedded)('counts and pages what another process wrote to the same store, at its next search', async () => {
    const other = await startEmbeddedMongo({ dataDir: folder });
    const otherClient = await new MongoClient(other.uri).connect();
    try {
      const search = { $text: { $search: '"nomad"' }, facets: 'listed' };
      const firstId = async () => (await catalog.find(search, { sort: { order: 1 }, limit: 1 }).toArray())[0]?._id;
      const before = await catalog.countDocuments(search);
      const firstBefore = await firstId();
      const fromOther = otherClient.db(dbName).collection<Stored>('catalog');
      await fromOther.insertOne({ _id: 1000, name: 'Nomad One', description: 'a new unit', facets: ['listed'], order: '!first' });
      expect(await catalog.countDocuments(search)).toBe(before + 1);
      expect(await firstId()).toBe(1000);
      await fromOther.deleteOne({ _id: 1000 });
      expect(await catalog.countDocuments(search)).toBe(before);
      expect(await firstId()).toBe(firstBefore);
    } finally {
      await otherClient.close();
      await other.close();
    }
  });

  it('ignores case and accents in phrases, and finds a short phrase inside a word', async () => {
    const accents = db.collection<Stored>('accents');
    await accents.createIndex({ name: 'text', description: 'text' });
    await accents.insertMany([
      { _id: 1, name: 'Café Crème', description: 'Ünïcode seats' },
      { _id: 2, name: 'cafe creme', description: 'plain seats' },
      { _id: 3, name: 'Cafeteria', description: 'no cream' },
    ]);
    const ids = async (search: string) => (await accents.find({ $text: { $search: search } }).toArray()).map((found) => found._id).sort();
    expect(await ids('"CAFÉ crème"')).toEqual([1, 2]);
    expect(await ids('"unicode seats"')).toEqual([1]);
    expect(await ids('cafe -"crème"')).toEqual([]);
    expect(await ids('cafeteria -"ün"')).toEqual([3]);
    expect(await ids('"ni" seats')).toEqual([1]);
  });

  it.runIf(againstEmbedded)('answers the inventory search in SQL: the text tables within the index order, nothing checked on documents', async () => {
    const filter = { $text: { $search: '"nomad" "lithium"' }, $and: [{ facets: 'listed' }] };
    const page = (await catalog.find(filter).sort({ order: 1 }).skip(24).limit(24).explain()) as Document;
    expect(page.queryPlanner.winningPlan).toEqual({
      stage: 'FETCH',
      filterCheckedOnDocuments: false,
      inputStage: expect.objectContaining({
        stage: 'IXSCAN',
        indexName: 'facets_1_order_1',
        keyOrderIsSortOrder: true,
        intersectedWith: [
          expect.objectContaining({ stage: 'TEXT', indexName: 'catalog_search', phrases: ['nomad', 'lithium'], phraseTable: expect.stringMatching(/^em_p\d+$/) }),
        ],
      }),
    });
    const counted = await db.command({ explain: { count: 'catalog', query: filter }, verbosity: 'queryPlanner' });
    expect(counted.queryPlanner.countWithoutDocuments).toBe(true);
    const pipeline = (await catalog
      .aggregate([{ $match: filter }, { $sort: { order: 1 } }, { $skip: 24 }, { $limit: 24 }, { $project: { name: 1 } }])
      .explain()) as Document;
    expect(pipeline.queryPlanner.winningPlan).toMatchObject({ filterCheckedOnDocuments: false, inputStage: { keyOrderIsSortOrder: true } });
    expect(pipeline.stagesInMemory).toEqual(['$project']);

    // A search alone reads the text tables only; a condition no index answers is checked on what they find.
    const alone = (await catalog.find({ $text: { $search: '"nomad"' } }).explain()) as Document;
    expect(alone.queryPlanner.winningPlan).toMatchObject({ filterCheckedOnDocuments: false, inputStage: { stage: 'TEXT' } });
    const withRest = (await catalog.find({ $text: { $search: '"nomad"' }, name: /rover/ }).explain()) as Document;
    expect(withRest.queryPlanner.winningPlan).toMatchObject({ filterCheckedOnDocuments: true, inputStage: { stage: 'TEXT' } });
  });
});

describe.runIf(againstEmbedded)('a text index stored by an earlier version', () => {
  it('gets its phrase table built from the documents at the next start, and its phrases are exact', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-mongo-text-upgrade-'));
    try {
      let store = await startEmbeddedMongo({ dataDir });
      let connection = await new MongoClient(store.uri).connect();
      const carts = connection.db('shop').collection<Stored>('carts');
      await carts.createIndex({ name: 'text', description: 'text' });
      await carts.insertMany([
        { _id: 1, name: 'Nomad XL', description: 'Lithium, lifted' },
        { _id: 2, name: 'Rover', description: 'A nomad seat' },
        { _id: 3, name: 'Nomadic', description: 'seats' },
      ]);
      await connection.close();
      await store.close();
      // The earlier version's table: the text as written, trigrams folding case themselves.
      const file = new DatabaseSync(path.join(dataDir, 'embedded-mongo.sqlite'));
      const tableNames = (database: DatabaseSync) =>
        (database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name);
      const phraseTable = tableNames(file).find((name) => /^em_p\d+$/.test(name))!;
      const earlier = phraseTable.replace('em_p', 'em_s');
      file.exec(`DROP TABLE ${phraseTable}; CREATE VIRTUAL TABLE ${earlier} USING fts5(content, tokenize = 'trigram remove_diacritics 1')`);
      file.close();

      store = await startEmbeddedMongo({ dataDir });
      connection = await new MongoClient(store.uri).connect();
      const again = connection.db('shop').collection<Stored>('carts');
      const ids = async (search: string) => (await again.find({ $text: { $search: search } }).toArray()).map((found) => found._id).sort();
      // "Nomadic" holds the phrase and stems to the word.
      expect(await ids('"nomad"')).toEqual([1, 2, 3]);
      expect(await ids('"nomad xl"')).toEqual([1]);
      expect(await ids('nomad -"seat"')).toEqual([1]);
      await connection.close();
      await store.close();
      const tables = new DatabaseSync(path.join(dataDir, 'embedded-mongo.sqlite'));
      const names = tableNames(tables);
      tables.close();
      expect(names).toContain(phraseTable);
      expect(names).not.toContain(earlier);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
