import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BSON, Decimal128, Long, MongoBulkWriteError, MongoClient, MongoServerError, ObjectId, UUID } from 'mongodb';
import type { CommandStartedEvent, CommandSucceededEvent, Db, Document, Filter, Sort } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/embedded-mongo-server';
import type { EmbeddedMongo } from '../src/embedded-mongo-server';
import { killHard } from './kill-hard';

// The same assertions run against the embedded server (default) and against a real MongoDB
// when MONGODB_URI is set, so the embedded server cannot drift from what production does.

const externalUri = process.env.MONGODB_URI;
const againstEmbedded = !externalUri;
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runnerScript = path.join(packageRoot, 'src/run-embedded-mongo.ts');
const dbName = `conformance_${process.pid}_${Date.now().toString(36)}`;

let server: EmbeddedMongo | undefined;
let uri: string;
let client: MongoClient;
let db: Db;
let mongooseConnection: mongoose.Connection;
const temporaryFolders: string[] = [];

beforeAll(async () => {
  if (againstEmbedded) {
    // Persistent, like the app's embedded mode, so every test also exercises the disk path.
    server = await startEmbeddedMongo({ dataDir: await temporaryFolder() });
    uri = server.uri;
  } else {
    uri = externalUri!;
  }
  client = new MongoClient(uri, { monitorCommands: true, serverSelectionTimeoutMS: 5_000 });
  await client.connect();
  db = client.db(dbName);
  mongooseConnection = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5_000 }).asPromise();
});

afterAll(async () => {
  await db?.dropDatabase();
  await mongooseConnection?.close();
  await client?.close();
  await server?.close();
  await Promise.all(temporaryFolders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'embedded-mongo-'));
  temporaryFolders.push(folder);
  return folder;
}

let collectionCounter = 0;
/** Every test writes to its own collection so no test sees another's documents. */
function freshName(label: string): string {
  collectionCounter += 1;
  return `${label}_${collectionCounter}`;
}

interface Vehicle {
  slug: string;
  make: string;
  model: string;
  seats: number;
  price: number;
  listedAt: Date;
  tags: string[];
}

const makes = ['Club Car', 'E-Z-GO', 'Evolution', 'Yamaha'];

function vehicle(n: number): Vehicle {
  return {
    slug: `cart-${String(n).padStart(4, '0')}`,
    make: makes[n % makes.length]!,
    model: `Model ${n % 7}`,
    seats: 2 + (n % 3) * 2,
    price: 8_000 + n * 10,
    listedAt: new Date(Date.UTC(2024, 0, 1 + (n % 365))),
    tags: n % 2 ? ['lifted'] : ['street-legal', 'lithium'],
  };
}

function vehicles(count: number): Vehicle[] {
  return Array.from({ length: count }, (_, n) => vehicle(n));
}

interface FindShape {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Document;
  batchSize?: number;
}

interface UpdateCounts {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

/** The operations a vehicle catalog needs, implemented once with the driver and once with Mongoose. */
interface VehicleStore {
  insertOne(vehicle: Vehicle): Promise<unknown>;
  insertMany(vehicles: Vehicle[]): Promise<unknown>;
  find(filter: Filter<Document>, shape?: FindShape): Promise<Document[]>;
  countDocuments(filter?: Filter<Document>): Promise<number>;
  estimatedDocumentCount(): Promise<number>;
  distinct(field: string, filter?: Filter<Document>): Promise<unknown[]>;
  aggregate(pipeline: Document[]): Promise<Document[]>;
  updateOne(filter: Filter<Document>, update: Document, options?: { upsert?: boolean }): Promise<UpdateCounts>;
  updateMany(filter: Filter<Document>, update: Document): Promise<UpdateCounts>;
  upsertAndReturn(filter: Filter<Document>, update: Document): Promise<Document | null>;
  deleteOne(filter: Filter<Document>): Promise<number>;
  deleteMany(filter: Filter<Document>): Promise<number>;
}

async function driverVehicleStore(): Promise<VehicleStore> {
  const collection = db.collection(freshName('driver_vehicles'));
  await collection.createIndex({ slug: 1 }, { unique: true });
  return {
    insertOne: (item) => collection.insertOne({ ...item }),
    insertMany: (items) => collection.insertMany(items.map((item) => ({ ...item }))),
    find: (filter, shape = {}) => {
      const cursor = collection.find(filter);
      if (shape.sort) cursor.sort(shape.sort);
      if (shape.skip) cursor.skip(shape.skip);
      if (shape.limit) cursor.limit(shape.limit);
      if (shape.projection) cursor.project(shape.projection);
      if (shape.batchSize) cursor.batchSize(shape.batchSize);
      return cursor.toArray();
    },
    countDocuments: (filter = {}) => collection.countDocuments(filter),
    estimatedDocumentCount: () => collection.estimatedDocumentCount(),
    distinct: (field, filter = {}) => collection.distinct(field, filter),
    aggregate: (pipeline) => collection.aggregate(pipeline).toArray(),
    updateOne: (filter, update, options = {}) => collection.updateOne(filter, update, options),
    updateMany: (filter, update) => collection.updateMany(filter, update),
    upsertAndReturn: (filter, update) => collection.findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after' }),
    deleteOne: async (filter) => (await collection.deleteOne(filter)).deletedCount,
    deleteMany: async (filter) => (await collection.deleteMany(filter)).deletedCount,
  };
}

async function mongooseVehicleStore(): Promise<VehicleStore> {
  const name = freshName('mongoose_vehicles');
  const schema = new mongoose.Schema(
    {
      slug: { type: String, required: true, unique: true },
      make: String,
      model: String,
      seats: Number,
      price: Number,
      listedAt: Date,
      tags: [String],
    },
    { versionKey: false },
  );
  const Model = mongooseConnection.model(name, schema, name);
  // Creates the collection and the unique slug index before any test write.
  await Model.init();
  return {
    insertOne: (item) => Model.create(item),
    insertMany: (items) => Model.insertMany(items),
    find: (filter, shape = {}) => {
      const query = Model.find(filter).lean<Document[]>();
      if (shape.sort) query.sort(shape.sort as Record<string, 1 | -1>);
      if (shape.skip) query.skip(shape.skip);
      if (shape.limit) query.limit(shape.limit);
      if (shape.projection) query.select(shape.projection);
      if (shape.batchSize) query.batchSize(shape.batchSize);
      return query.exec();
    },
    countDocuments: (filter = {}) => Model.countDocuments(filter).exec(),
    estimatedDocumentCount: () => Model.estimatedDocumentCount().exec(),
    distinct: (field, filter = {}) => Model.distinct(field, filter).exec(),
    aggregate: (pipeline) => Model.aggregate(pipeline as mongoose.PipelineStage[]).exec(),
    updateOne: (filter, update, options = {}) => Model.updateOne(filter, update, options).exec(),
    updateMany: (filter, update) => Model.updateMany(filter, update).exec(),
    upsertAndReturn: (filter, update) => Model.findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after' }).lean<Document>().exec(),
    deleteOne: async (filter) => (await Model.deleteOne(filter).exec()).deletedCount,
    deleteMany: async (filter) => (await Model.deleteMany(filter).exec()).deletedCount,
  };
}

describe.each([
  { api: 'the mongodb driver', openStore: driverVehicleStore },
  { api: 'Mongoose', openStore: mongooseVehicleStore },
])('a vehicle catalog through $api', ({ openStore }) => {
  it('finds vehicles by filter with sort, skip, limit and projection', async () => {
    const store = await openStore();
    await store.insertMany(vehicles(40));

    const found = await store.find({ make: 'Yamaha', seats: { $gte: 4 } }, { sort: { price: -1 }, skip: 1, limit: 3, projection: { slug: 1, price: 1, _id: 0 } });

    expect(found).toEqual([
      { slug: 'cart-0031', price: 8_310 },
      { slug: 'cart-0023', price: 8_230 },
      { slug: 'cart-0019', price: 8_190 },
    ]);
  });

  it('pages through 1,000 vehicles in sorted order across getMore batches', async () => {
    const store = await openStore();
    await store.insertMany(vehicles(1_000));

    const page = await store.find({}, { sort: { price: -1 }, skip: 25, limit: 950, batchSize: 100 });

    expect(page).toHaveLength(950);
    expect(page[0]).toMatchObject({ slug: 'cart-0974' });
    expect(page.at(-1)).toMatchObject({ slug: 'cart-0025' });
    expect(page.every((item, position) => position === 0 || page[position - 1]!.price > item.price)).toBe(true);
  });

  it('rejects a second vehicle with the same slug with duplicate key error 11000', async () => {
    const store = await openStore();
    await store.insertOne(vehicle(7));

    const duplicate = store.insertOne({ ...vehicle(8), slug: 'cart-0007' });

    await expect(duplicate).rejects.toBeInstanceOf(MongoServerError);
    await expect(duplicate).rejects.toMatchObject({
      code: 11000,
      keyPattern: { slug: 1 },
      keyValue: { slug: 'cart-0007' },
      message: expect.stringMatching(/^E11000 duplicate key error collection: \S+ index: slug_1 dup key: \{ slug: "cart-0007" \}$/),
    });
    expect(await store.countDocuments({ slug: 'cart-0007' })).toBe(1);
  });

  it('counts, lists distinct makes and totals prices per make', async () => {
    const store = await openStore();
    await store.insertMany(vehicles(20));

    expect(await store.countDocuments({ seats: 6 })).toBe(6);
    expect(await store.estimatedDocumentCount()).toBe(20);
    expect((await store.distinct('make', { price: { $lt: 8_030 } })).sort()).toEqual(['Club Car', 'E-Z-GO', 'Evolution']);
    expect((await store.distinct('tags')).sort()).toEqual(['lifted', 'lithium', 'street-legal']);
    expect(
      await store.aggregate([{ $match: { seats: { $lte: 4 } } }, { $group: { _id: '$make', vehicles: { $sum: 1 }, total: { $sum: '$price' } } }, { $sort: { _id: 1 } }]),
    ).toEqual([
      { _id: 'Club Car', vehicles: 4, total: 32_320 },
      { _id: 'E-Z-GO', vehicles: 3, total: 24_230 },
      { _id: 'Evolution', vehicles: 3, total: 24_340 },
      { _id: 'Yamaha', vehicles: 4, total: 32_440 },
    ]);
  });

  it('updates one or many vehicles and reports matched and modified counts', async () => {
    const store = await openStore();
    await store.insertMany(vehicles(10));

    expect(await store.updateOne({ slug: 'cart-0003' }, { $set: { price: 9_999 }, $push: { tags: 'sold' } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
    });
    expect(await store.updateMany({ make: 'Club Car' }, { $inc: { price: 500 } })).toMatchObject({
      matchedCount: 3,
      modifiedCount: 3,
    });
    expect(await store.updateMany({ make: 'Club Car' }, { $set: { model: 'Onward' } })).toMatchObject({ modifiedCount: 3 });
    expect(await store.updateMany({ make: 'Club Car' }, { $set: { model: 'Onward' } })).toMatchObject({
      matchedCount: 3,
      modifiedCount: 0,
    });

    const [sold] = await store.find({ slug: 'cart-0003' });
    expect(sold).toMatchObject({ price: 9_999, tags: ['lifted', 'sold'] });
    const clubCars = await store.find({ make: 'Club Car' }, { sort: { slug: 1 } });
    expect(clubCars.map((item) => [item.slug, item.price, item.model])).toEqual([
      ['cart-0000', 8_500, 'Onward'],
      ['cart-0004', 8_540, 'Onward'],
      ['cart-0008', 8_580, 'Onward'],
    ]);
  });

  it('upserts a vehicle with findOneAndUpdate and returns the stored document', async () => {
    const store = await openStore();

    const created = await store.upsertAndReturn({ slug: 'onward-lifted-4' }, { $set: { price: 12_995 }, $setOnInsert: { make: 'Club Car', seats: 4 } });
    const updated = await store.upsertAndReturn({ slug: 'onward-lifted-4' }, { $set: { price: 11_995 }, $setOnInsert: { make: 'Ignored' } });

    expect(created).toMatchObject({ slug: 'onward-lifted-4', price: 12_995, make: 'Club Car', seats: 4 });
    expect(created?._id).toBeInstanceOf(ObjectId);
    expect(updated).toMatchObject({ slug: 'onward-lifted-4', price: 11_995, make: 'Club Car' });
    expect(String(updated?._id)).toBe(String(created?._id));
    expect(await store.countDocuments({})).toBe(1);
  });

  it('upserts with updateOne using the equality fields of the filter', async () => {
    const store = await openStore();

    const result = await store.updateOne({ slug: 'drive2-ptv', make: 'Yamaha' }, { $set: { seats: 2 } }, { upsert: true });

    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    expect(await store.find({ slug: 'drive2-ptv' }, { projection: { _id: 0, slug: 1, make: 1, seats: 1 } })).toEqual([{ slug: 'drive2-ptv', make: 'Yamaha', seats: 2 }]);
  });

  it('deletes one or many vehicles', async () => {
    const store = await openStore();
    await store.insertMany(vehicles(12));

    expect(await store.deleteOne({ make: 'Yamaha', seats: { $gt: 2 } })).toBe(1);
    expect(await store.deleteMany({ seats: 2 })).toBe(4);
    expect(await store.deleteMany({ make: 'Nobody' })).toBe(0);
    expect(await store.countDocuments({})).toBe(7);
  });
});

describe('Mongoose models on this server', () => {
  it('keeps dates, decimals and UUIDs of a model intact', async () => {
    const name = freshName('mongoose_listings');
    const Listing = mongooseConnection.model(
      name,
      new mongoose.Schema({
        title: String,
        listedAt: Date,
        price: mongoose.Schema.Types.Decimal128,
        reference: mongoose.Schema.Types.UUID,
      }),
      name,
    );
    const reference = '0b0c6a54-1c0f-4c1d-9b53-2f8a3c4d5e6f';
    const listedAt = new Date('2025-03-14T15:09:26.535Z');
    const saved = await Listing.create({ title: 'Onward 4 Passenger', listedAt, price: '12995.50', reference });

    const found = await Listing.findById(saved._id).orFail().exec();

    expect(found.listedAt?.toISOString()).toBe(listedAt.toISOString());
    expect(found.price?.toString()).toBe('12995.50');
    expect(String(found.reference)).toBe(reference);
  });

  it('rejects a duplicate slug on save with MongoServerError 11000 from a unique schema path', async () => {
    const name = freshName('mongoose_models');
    const Model = mongooseConnection.model(name, new mongoose.Schema({ slug: { type: String, unique: true }, name: String }), name);
    await Model.init();
    await new Model({ slug: 'tempo-walk', name: 'Tempo Walk' }).save();

    const error = await new Model({ slug: 'tempo-walk', name: 'Another' }).save().catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 11000, keyValue: { slug: 'tempo-walk' } });
  });

  it('stamps timestamps on upsert and on update', async () => {
    const name = freshName('mongoose_timestamps');
    const Model = mongooseConnection.model(name, new mongoose.Schema({ slug: String, price: Number }, { timestamps: true }), name);

    const created = await Model.findOneAndUpdate({ slug: 'precedent' }, { price: 8_995 }, { upsert: true, returnDocument: 'after' }).orFail();
    const updated = await Model.findOneAndUpdate({ slug: 'precedent' }, { price: 8_495 }, { returnDocument: 'after' }).orFail();

    expect(created.get('createdAt')).toBeInstanceOf(Date);
    expect(updated.get('createdAt').getTime()).toBe(created.get('createdAt').getTime());
    expect(updated.price).toBe(8_495);
    expect(updated.get('updatedAt').getTime()).toBeGreaterThanOrEqual(created.get('updatedAt').getTime());
  });

  it('syncs indexes by listing, creating and dropping them', async () => {
    const name = freshName('mongoose_sync');
    const collection = db.collection(name);
    await collection.createIndex({ legacy: 1 });
    const Model = mongooseConnection.model(name, new mongoose.Schema({ slug: { type: String, unique: true }, legacy: String }, { autoIndex: false }), name);

    const dropped = await Model.syncIndexes();

    expect(dropped).toEqual(['legacy_1']);
    expect((await collection.listIndexes().toArray()).map((index) => index.name).sort()).toEqual(['_id_', 'slug_1']);
  });
});

interface CommandLog {
  started: CommandStartedEvent[];
  succeeded: CommandSucceededEvent[];
  stop(): void;
}

/** Records the commands the shared client sends for one collection. */
function watchCommands(collectionName: string): CommandLog {
  const started: CommandStartedEvent[] = [];
  const succeeded: CommandSucceededEvent[] = [];
  const requestIds = new Set<number>();
  const onStarted = (event: CommandStartedEvent): void => {
    const target = event.command[event.commandName] ?? null;
    if (target === collectionName || event.command.collection === collectionName) {
      started.push(event);
      requestIds.add(event.requestId);
    }
  };
  const onSucceeded = (event: CommandSucceededEvent): void => {
    if (requestIds.has(event.requestId)) succeeded.push(event);
  };
  client.on('commandStarted', onStarted);
  client.on('commandSucceeded', onSucceeded);
  return {
    started,
    succeeded,
    stop: () => {
      client.off('commandStarted', onStarted);
      client.off('commandSucceeded', onSucceeded);
    },
  };
}

describe('commands through the mongodb driver', () => {
  it('answers ping, hello, buildInfo and endSessions like a MongoDB 7 server', async () => {
    const admin = client.db('admin');

    expect(await admin.command({ ping: 1 })).toMatchObject({ ok: 1 });
    const hello = await admin.command({ hello: 1 });
    expect(hello).toMatchObject({ isWritablePrimary: true, maxBsonObjectSize: 16 * 1024 * 1024, ok: 1 });
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(21);
    expect(hello.maxMessageSizeBytes).toBe(48_000_000);
    expect(hello).not.toHaveProperty('compression');
    const buildInfo = await admin.command({ buildInfo: 1 });
    expect(buildInfo.versionArray[0]).toBeGreaterThanOrEqual(7);
    expect(await admin.command({ endSessions: [{ id: new UUID() }] })).toMatchObject({ ok: 1 });
  });

  it('returns a first batch of 101 documents by default and the rest through getMore', async () => {
    const name = freshName('default_batches');
    await db.collection(name).insertMany(vehicles(1_000));
    const log = watchCommands(name);

    const all = await db.collection(name).find({}).toArray();
    log.stop();

    expect(all).toHaveLength(1_000);
    const find = log.succeeded.find((event) => event.commandName === 'find');
    expect((find?.reply as Document | undefined)?.cursor.firstBatch).toHaveLength(101);
    expect(log.started.filter((event) => event.commandName === 'getMore').length).toBeGreaterThanOrEqual(1);
  });

  it('honours batchSize in the first batch and in every getMore', async () => {
    const name = freshName('sized_batches');
    await db.collection(name).insertMany(vehicles(1_000));
    const log = watchCommands(name);

    const page = await db.collection(name).find({}).sort({ price: 1 }).skip(30).limit(950).batchSize(100).toArray();
    log.stop();

    expect(page.map((item) => item.slug)).toEqual(
      vehicles(980)
        .slice(30)
        .map((item) => item.slug),
    );
    const batches = log.succeeded.map((event) => {
      const { cursor } = event.reply as Document;
      return (cursor.firstBatch ?? cursor.nextBatch).length;
    });
    expect(batches).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 50]);
  });

  it('pages aggregate results and collection lists through getMore', async () => {
    const name = freshName('aggregate_batches');
    await db.collection(name).insertMany(vehicles(1_000));
    const listing = client.db(`${dbName}_listing`);
    const names = ['boats', 'carts', 'dealers', 'towns', 'trailers'];
    for (const collectionName of names) await listing.createCollection(collectionName);

    try {
      const totals = await db
        .collection(name)
        .aggregate([{ $match: { seats: 4 } }, { $project: { _id: 0, slug: 1 } }], { batchSize: 50 })
        .toArray();
      const listed = await listing.listCollections({}, { nameOnly: true, batchSize: 2 }).toArray();

      expect(totals).toHaveLength(333);
      expect(listed.map((info) => info.name).sort()).toEqual(names);

      const partial = listing.listCollections({}, { nameOnly: true, batchSize: 2 });
      await partial.next();
      const killed = await listing.command({ killCursors: '$cmd.listCollections', cursors: [partial.id] });
      expect(killed.cursorsKilled.map(String)).toEqual([String(partial.id)]);
      await partial.close();
    } finally {
      await listing.dropDatabase();
    }
  });

  it('rejects unknown query and update operators with the codes MongoDB uses', async () => {
    const collection = db.collection(freshName('bad_operators'));
    await collection.insertMany(vehicles(3));

    await expect(collection.find({ price: { $cheaperThan: 9_000 } }).toArray()).rejects.toMatchObject({ code: 2 });
    await expect(collection.updateOne({ slug: 'cart-0001' }, { $discount: { price: 10 } })).rejects.toMatchObject({ code: 9 });
    expect(await collection.countDocuments({ price: 8_010 })).toBe(1);
  });

  it('kills an abandoned cursor so a later getMore reports CursorNotFound', async () => {
    const name = freshName('abandoned_cursors');
    await db.collection(name).insertMany(vehicles(10));
    const log = watchCommands(name);

    const cursor = db.collection(name).find({}).batchSize(2);
    await cursor.next();
    const cursorId = cursor.id!;
    await cursor.close();
    log.stop();

    const kill = log.succeeded.find((event) => event.commandName === 'killCursors');
    expect((kill?.reply as Document | undefined)?.cursorsKilled.map(String)).toEqual([cursorId.toString()]);
    await expect(db.command({ getMore: cursorId, collection: name })).rejects.toMatchObject({
      code: 43,
      codeName: 'CursorNotFound',
    });
  });

  it('answers raw write and read commands with the reply shapes of MongoDB', async () => {
    const name = freshName('raw_commands');

    expect(
      await db.command({
        insert: name,
        documents: [
          { _id: 1, seats: 2 },
          { _id: 2, seats: 4 },
        ],
      }),
    ).toMatchObject({ n: 2, ok: 1 });
    expect(
      await db.command({
        update: name,
        updates: [
          { q: { _id: 1 }, u: { $set: { seats: 6 } } },
          { q: { _id: 3 }, u: { $set: { seats: 8 } }, upsert: true },
        ],
      }),
    ).toMatchObject({ n: 2, nModified: 1, upserted: [{ index: 1, _id: 3 }], ok: 1 });
    expect(await db.command({ count: name, query: { seats: { $gte: 4 } } })).toMatchObject({ n: 3, ok: 1 });
    const distinct = await db.command({ distinct: name, key: 'seats', query: { _id: { $lt: 3 } } });
    expect(distinct.values.sort()).toEqual([4, 6]);
    const found = await db.command({ find: name, filter: {}, sort: { _id: -1 }, limit: 2 });
    expect(found.cursor).toMatchObject({
      firstBatch: [
        { _id: 3, seats: 8 },
        { _id: 2, seats: 4 },
      ],
      ns: `${dbName}.${name}`,
    });
    expect(Number(found.cursor.id)).toBe(0);
    expect(await db.command({ findAndModify: name, query: { _id: 4 }, update: { $set: { seats: 2 } }, upsert: true, new: true })).toMatchObject({
      lastErrorObject: { n: 1, updatedExisting: false, upserted: 4 },
      value: { _id: 4, seats: 2 },
      ok: 1,
    });
    expect(await db.command({ delete: name, deletes: [{ q: { seats: { $gt: 4 } }, limit: 0 }] })).toMatchObject({ n: 2, ok: 1 });
  });

  it('reports duplicate keys per document for ordered and unordered insertMany', async () => {
    const collection = db.collection(freshName('bulk_duplicates'));
    await collection.createIndex({ slug: 1 }, { unique: true });
    const batch = [vehicle(1), vehicle(2), vehicle(1), vehicle(3)];

    const ordered = await collection.insertMany(batch.map((item) => ({ ...item }))).catch((reason: unknown) => reason);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(ordered).toMatchObject({ code: 11000, insertedCount: 2 });
    await collection.deleteMany({});

    const unordered = await collection
      .insertMany(
        batch.map((item) => ({ ...item })),
        { ordered: false },
      )
      .catch((reason: unknown) => reason);
    expect(unordered).toMatchObject({ code: 11000, insertedCount: 3 });
    expect((unordered as MongoBulkWriteError).writeErrors).toMatchObject([{ index: 2, code: 11000 }]);
    expect(await collection.countDocuments()).toBe(3);
  });

  it('rejects an update that would give two vehicles the same slug and leaves both unchanged', async () => {
    const collection = db.collection(freshName('update_duplicates'));
    await collection.createIndex({ slug: 1 }, { unique: true });
    await collection.insertMany([vehicle(1), vehicle(2)]);

    await expect(collection.updateOne({ slug: 'cart-0002' }, { $set: { slug: 'cart-0001', price: 1 } })).rejects.toMatchObject({
      code: 11000,
      keyValue: { slug: 'cart-0001' },
    });
    await expect(collection.findOneAndUpdate({ slug: 'cart-0002' }, { $set: { slug: 'cart-0001' } })).rejects.toMatchObject({
      code: 11000,
    });
    expect(
      await collection
        .find({}, { projection: { _id: 0, slug: 1, price: 1 } })
        .sort({ slug: 1 })
        .toArray(),
    ).toEqual([
      { slug: 'cart-0001', price: 8_010 },
      { slug: 'cart-0002', price: 8_020 },
    ]);
  });

  it('refuses to build a unique index over duplicate values with 11000', async () => {
    const collection = db.collection(freshName('unique_build'));
    await collection.insertMany([{ make: 'Yamaha' }, { make: 'Yamaha' }]);

    await expect(collection.createIndex({ make: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_']);
  });

  it('enforces a compound unique index and ignores documents outside a partial index', async () => {
    const collection = db.collection(freshName('compound_unique'));
    await collection.createIndex({ make: 1, model: 1 }, { unique: true });
    await collection.createIndex({ vin: 1 }, { unique: true, partialFilterExpression: { vin: { $exists: true } } });
    await collection.insertMany([
      { make: 'Yamaha', model: 'Drive2' },
      { make: 'Yamaha', model: 'UMAX' },
      { make: 'Club Car', model: 'Drive2' },
    ]);

    await expect(collection.insertOne({ make: 'Yamaha', model: 'Drive2' })).rejects.toMatchObject({
      code: 11000,
      keyValue: { make: 'Yamaha', model: 'Drive2' },
    });
    await collection.insertOne({ make: 'E-Z-GO', model: 'RXV', vin: 'A1' });
    await expect(collection.insertOne({ make: 'E-Z-GO', model: 'TXT', vin: 'A1' })).rejects.toMatchObject({ code: 11000 });
    expect(await collection.countDocuments()).toBe(4);
  });

  it('creates, lists, renames and drops collections and their indexes', async () => {
    const name = freshName('catalog');
    const renamed = `${name}_renamed`;
    await db.createCollection(name);
    await expect(db.createCollection(name)).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' });
    await db.collection(name).createIndexes([
      { key: { make: 1, price: -1 }, name: 'make_price' },
      { key: { slug: 1 }, unique: true },
    ]);

    expect(await db.listCollections({ name }).toArray()).toMatchObject([{ name, type: 'collection' }]);
    expect(await db.collection(name).listIndexes().toArray()).toMatchObject([
      { key: { _id: 1 }, name: '_id_' },
      { key: { make: 1, price: -1 }, name: 'make_price' },
      { key: { slug: 1 }, name: 'slug_1', unique: true },
    ]);
    await db.collection(name).dropIndex('make_price');
    await expect(db.collection(name).dropIndex('make_price')).rejects.toMatchObject({ code: 27 });
    expect((await db.collection(name).indexes()).map((index) => index.name)).toEqual(['_id_', 'slug_1']);

    await db.collection(name).insertOne({ slug: 'kept' });
    await db.renameCollection(name, renamed);
    expect(await db.collection(renamed).findOne({}, { projection: { _id: 0 } })).toEqual({ slug: 'kept' });
    await expect(db.collection(renamed).insertOne({ slug: 'kept' })).rejects.toMatchObject({ code: 11000 });

    await db.collection(renamed).drop();
    expect(await db.listCollections({ name: { $in: [name, renamed] } }).toArray()).toEqual([]);
    await expect(db.collection(renamed).listIndexes().toArray()).rejects.toMatchObject({ code: 26 });
  });

  it('drops a whole database with its collections', async () => {
    const other = client.db(`${dbName}_dropped`);
    await other.collection('vehicles').insertOne(vehicle(1));
    await other.collection('towns').insertOne({ name: 'Rehoboth Beach' });

    await other.dropDatabase();

    expect(await other.listCollections().toArray()).toEqual([]);
    expect(await other.collection('vehicles').countDocuments()).toBe(0);
  });

  it('answers an unknown command with CommandNotFound 59 and keeps serving', async () => {
    const error = await db.command({ launchGolfCart: 1 }).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
    expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it('updates array elements with the positional operator and arrayFilters', async () => {
    const collection = db.collection(freshName('array_updates'));
    await collection.insertOne({
      slug: 'onward',
      options: [
        { name: 'lift kit', price: 900 },
        { name: 'rear seat', price: 650 },
        { name: 'lights', price: 300 },
      ],
    });

    await collection.updateOne({ slug: 'onward', 'options.name': 'rear seat' }, { $set: { 'options.$.price': 600 } });
    await collection.updateOne({ slug: 'onward' }, { $inc: { 'options.$[cheap].price': 50 } }, { arrayFilters: [{ 'cheap.price': { $lt: 700 } }] });

    expect((await collection.findOne({ slug: 'onward' }))?.options).toEqual([
      { name: 'lift kit', price: 900 },
      { name: 'rear seat', price: 650 },
      { name: 'lights', price: 350 },
    ]);
  });

  it('replaces and deletes single documents with findOneAndReplace and findOneAndDelete', async () => {
    const collection = db.collection(freshName('find_and_modify'));
    await collection.insertMany(vehicles(5));

    const before = await collection.findOneAndReplace({ slug: 'cart-0002' }, { slug: 'cart-0002', make: 'Custom' });
    const removed = await collection.findOneAndDelete({ make: 'Yamaha' }, { sort: { price: -1 }, projection: { _id: 0, slug: 1 } });

    expect(before).toMatchObject({ slug: 'cart-0002', make: 'Evolution' });
    expect(await collection.findOne({ slug: 'cart-0002' }, { projection: { _id: 0 } })).toEqual({ slug: 'cart-0002', make: 'Custom' });
    expect(removed).toEqual({ slug: 'cart-0003' });
    expect(await collection.countDocuments()).toBe(4);
  });

  it('joins collections with $lookup and writes results with $out', async () => {
    const carts = db.collection(freshName('lookup_carts'));
    const dealers = db.collection<{ _id: string; town: string }>(freshName('lookup_dealers'));
    const summary = freshName('lookup_summary');
    await dealers.insertMany([
      { _id: 'lewes', town: 'Lewes' },
      { _id: 'ocean-view', town: 'Ocean View' },
    ]);
    await carts.insertMany([
      { slug: 'a', dealer: 'lewes', price: 10 },
      { slug: 'b', dealer: 'lewes', price: 20 },
      { slug: 'c', dealer: 'ocean-view', price: 5 },
    ]);

    await carts
      .aggregate([
        { $lookup: { from: dealers.collectionName, localField: 'dealer', foreignField: '_id', as: 'dealer' } },
        { $unwind: '$dealer' },
        { $group: { _id: '$dealer.town', stock: { $sum: '$price' } } },
        { $sort: { _id: 1 } },
        { $out: summary },
      ])
      .toArray();

    expect(await db.collection(summary).find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'Lewes', stock: 30 },
      { _id: 'Ocean View', stock: 5 },
    ]);
  });

  it('keeps dates, longs, decimals, UUIDs and nested values intact', async () => {
    const collection = db.collection(freshName('round_trip'));
    const original = {
      _id: new ObjectId(),
      listedAt: new Date('2025-05-01T12:30:00.123Z'),
      mileage: Long.fromString('9007199254740993'),
      price: Decimal128.fromString('12995.50'),
      reference: new UUID('5f1d7c1e-8a4b-4d2a-9c3e-1b2a3c4d5e6f'),
      battery: { kind: 'lithium', cells: [3.2, 3.3], warranty: null, removable: false },
    };
    await collection.insertOne(original);

    const found = await collection.findOne({ _id: original._id }, { promoteLongs: false });

    expect(found?.listedAt).toEqual(original.listedAt);
    expect(found?.mileage).toBeInstanceOf(Long);
    expect(found?.mileage.toString()).toBe('9007199254740993');
    expect(found?.price.toString()).toBe('12995.50');
    expect(found?.reference.toUUID().toHexString()).toBe(original.reference.toHexString());
    expect(found?.battery).toEqual(original.battery);
    expect(await collection.countDocuments({ reference: original.reference })).toBe(1);
    expect(await collection.countDocuments({ listedAt: { $gt: new Date('2025-01-01') } })).toBe(1);
  });

  it('increments a Long with exact 64-bit arithmetic', async () => {
    const collection = db.collection(freshName('long_arithmetic'));
    const { insertedId } = await collection.insertOne({ mileage: Long.fromString('9007199254740993') });

    await collection.updateOne({ _id: insertedId }, { $inc: { mileage: Long.fromNumber(2) } });
    await collection.updateOne({ _id: insertedId }, { $inc: { mileage: 1 } });

    const found = await collection.findOne({ _id: insertedId }, { promoteLongs: false });
    expect(found?.mileage).toBeInstanceOf(Long);
    expect(found?.mileage.toString()).toBe('9007199254740996');
  });

  it('serves two clients writing to the same collection at the same time', async () => {
    const name = freshName('concurrent');
    await db.collection(name).createIndex({ slug: 1 }, { unique: true });
    await db.collection(name).insertOne({ slug: 'counter', views: 0 });
    const clients = [new MongoClient(uri), new MongoClient(uri)];
    try {
      const outcomes = await Promise.all(
        clients.map(async (writer, writerNumber) => {
          const collection = writer.db(dbName).collection(name);
          let duplicates = 0;
          for (let n = 0; n < 60; n += 1) {
            await collection.insertOne({ slug: `writer-${writerNumber}-${n}` });
            await collection.updateOne({ slug: 'counter' }, { $inc: { views: 1 } });
            // Both writers race for the same 20 contested slugs; each must land exactly once.
            if (n < 20) {
              await collection.insertOne({ slug: `contested-${n}` }).catch((error: unknown) => {
                if ((error as MongoServerError).code !== 11000) throw error;
                duplicates += 1;
              });
            }
          }
          return duplicates;
        }),
      );

      expect(outcomes[0]! + outcomes[1]!).toBe(20);
      expect(await db.collection(name).countDocuments({ slug: /^writer-/ })).toBe(120);
      expect(await db.collection(name).countDocuments({ slug: /^contested-/ })).toBe(20);
      expect(await db.collection(name).findOne({ slug: 'counter' })).toMatchObject({ views: 120 });
    } finally {
      await Promise.all(clients.map((writer) => writer.close()));
    }
  });
});

type RawOutcome = 'closed' | 'answered' | 'open';

let nextRequestId = 1;

function frame(opCode: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + payload.length, 0);
  header.writeInt32LE(nextRequestId++, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, payload]);
}

function opMsg(body: Document, sequences: Record<string, Document[]> = {}): Buffer {
  const sections: Buffer[] = [Buffer.from([0]), Buffer.from(BSON.serialize(body))];
  for (const [identifier, documents] of Object.entries(sequences)) {
    const contents = Buffer.concat([Buffer.from(`${identifier}\0`), ...documents.map((item) => Buffer.from(BSON.serialize(item)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + contents.length);
    sections.push(Buffer.from([1]), size, contents);
  }
  return frame(2013, Buffer.concat([Buffer.alloc(4), ...sections]));
}

function opQuery(namespace: string, query: Document): Buffer {
  const counts = Buffer.alloc(8);
  counts.writeInt32LE(-1, 4);
  return frame(2004, Buffer.concat([Buffer.alloc(4), Buffer.from(`${namespace}\0`), counts, Buffer.from(BSON.serialize(query))]));
}

function serverAddress(): { path: string } | { host: string; port: number } {
  if (server) return { path: server.socketPath };
  const [first] = client.options.hosts;
  return { host: first?.host ?? '127.0.0.1', port: first?.port ?? 27017 };
}

// Raw-socket tests speak plain TCP; they cannot reach a TLS-only server such as Atlas.
const plainTcp = againstEmbedded || !/^mongodb\+srv:|[?&](tls|ssl)=true/i.test(externalUri ?? '');

/** Sends bytes on a fresh socket and reports whether the server answered, closed it, or neither. */
function sendRaw(message: Buffer, waitMs = 1_500): Promise<{ outcome: RawOutcome; reply?: Document }> {
  return new Promise((resolve) => {
    const socket = connect(serverAddress());
    let received = Buffer.alloc(0);
    const finish = (outcome: RawOutcome, reply?: Document): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reply ? { outcome, reply } : { outcome });
    };
    const timer = setTimeout(() => finish('open'), waitMs);
    socket.on('connect', () => socket.write(message));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 16 || received.length < received.readInt32LE(0)) return;
      const opCode = received.readInt32LE(12);
      finish('answered', BSON.deserialize(received.subarray(opCode === 2013 ? 21 : 36, received.readInt32LE(0))));
    });
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
  });
}

describe('wire protocol', () => {
  it.runIf(plainTcp)('answers the legacy OP_QUERY isMaster handshake', async () => {
    const { outcome, reply } = await sendRaw(opQuery('admin.$cmd', { isMaster: 1, helloOk: true }));

    expect(outcome).toBe('answered');
    expect(reply).toMatchObject({ ismaster: true, helloOk: true, ok: 1 });
    expect(reply?.maxWireVersion).toBeGreaterThanOrEqual(21);
  });

  it.runIf(plainTcp)('merges OP_MSG document sequences into the command', async () => {
    const name = freshName('document_sequences');

    const { reply } = await sendRaw(
      opMsg(
        { insert: name, $db: dbName },
        {
          documents: [
            { _id: 'a', seats: 2 },
            { _id: 'b', seats: 4 },
          ],
        },
      ),
    );

    expect(reply).toMatchObject({ n: 2, ok: 1 });
    expect(await db.collection(name).find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', seats: 2 },
      { _id: 'b', seats: 4 },
    ]);
  });

  it.runIf(plainTcp)('closes only the connection that announces a message larger than 48 MB', async () => {
    const header = Buffer.alloc(16);
    header.writeInt32LE(48_000_001, 0);
    header.writeInt32LE(2013, 12);

    expect((await sendRaw(header)).outcome).toBe('closed');
    expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it.runIf(plainTcp)('closes only the connection that sends garbage, an unknown opcode or truncated BSON', async () => {
    const truncatedBson = Buffer.alloc(4 + 1 + 10);
    truncatedBson.writeInt32LE(200, 5);
    const garbage = [Buffer.from('GET / HTTP/1.1\r\nHost: example\r\n\r\n'), frame(9999, Buffer.alloc(8)), frame(2013, truncatedBson)];

    for (const message of garbage) {
      const { outcome } = await sendRaw(message);
      // A real mongod may keep a socket with an unknown opcode open; it must never crash.
      if (againstEmbedded) expect(outcome).toBe('closed');
      expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
    }
    const { reply } = await sendRaw(opMsg({ ping: 1, $db: 'admin' }));
    expect(reply).toMatchObject({ ok: 1 });
  });
});

interface RunnerProcess {
  child: ChildProcess;
  uri: string;
}

/** Starts run-embedded-mongo.ts as its own process and waits for the URI it prints. */
function startRunner(folder: string): Promise<RunnerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', runnerScript, '--data-dir', folder], {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`embedded MongoDB runner did not start: ${errors}`));
    }, 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('mongodb://'));
      if (line) {
        clearTimeout(timer);
        resolve({ child, uri: line.trim() });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded MongoDB runner exited with ${code}: ${errors}`));
    });
  });
}

describe.runIf(againstEmbedded)('embedded server persistence', () => {
  it('keeps every acknowledged write after the server process is killed with SIGKILL', async () => {
    const folder = await temporaryFolder();
    const reference = new UUID();
    const first = await startRunner(folder);
    const writer = new MongoClient(first.uri, { serverSelectionTimeoutMS: 2_000 });
    try {
      const vehiclesCollection = writer.db('dealership').collection('vehicles');
      await vehiclesCollection.createIndex({ slug: 1 }, { unique: true });
      await vehiclesCollection.insertMany(vehicles(50));
      await vehiclesCollection.insertOne({
        slug: 'onward-hp',
        price: Decimal128.fromString('15495.00'),
        mileage: Long.fromString('9007199254740993'),
        listedAt: new Date('2025-06-01T09:00:00Z'),
        reference,
      });
      await vehiclesCollection.updateOne({ slug: 'cart-0001' }, { $set: { price: 1 } });
      await vehiclesCollection.deleteOne({ slug: 'cart-0002' });
      // A second server (the catalog import, say) shares the folder with the first.
      const sharing = await startEmbeddedMongo({ dataDir: folder });
      const sharingClient = new MongoClient(sharing.uri);
      await sharingClient.db('dealership').collection('vehicles').insertOne({ slug: 'from-second-server' });
      await sharingClient.close();
      await sharing.close();
      expect(await vehiclesCollection.findOne({ slug: 'from-second-server' })).not.toBeNull();
    } finally {
      // The driver's close can wait on a server that vanished mid-handshake, so the client
      // leaves first; it holds nothing the server has not already acknowledged.
      await writer.close();
      await killHard(first.child);
    }

    const second = await startRunner(folder);
    const reader = new MongoClient(second.uri);
    try {
      const vehiclesCollection = reader.db('dealership').collection('vehicles');
      expect(await vehiclesCollection.countDocuments()).toBe(51);
      expect(await vehiclesCollection.findOne({ slug: 'cart-0001' })).toMatchObject({ price: 1 });
      expect(await vehiclesCollection.findOne({ slug: 'cart-0002' })).toBeNull();
      const stored = await vehiclesCollection.findOne({ slug: 'onward-hp' }, { promoteLongs: false });
      expect(stored?.price.toString()).toBe('15495.00');
      expect(stored?.mileage.toString()).toBe('9007199254740993');
      expect(stored?.listedAt).toEqual(new Date('2025-06-01T09:00:00Z'));
      expect(stored?.reference.toUUID().toHexString()).toBe(reference.toHexString());
      await expect(vehiclesCollection.insertOne({ slug: 'onward-hp' })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await reader.close();
      await killHard(second.child);
    }
  });

  it('lets eight processes start on one new data folder at once and keeps every write of each', async () => {
    const folder = await temporaryFolder();
    const runners = await Promise.all(Array.from({ length: 8 }, () => startRunner(folder)));
    try {
      await Promise.all(
        runners.map(async (runner, n) => {
          const client = new MongoClient(runner.uri, { serverSelectionTimeoutMS: 5_000 });
          try {
            const collection = client.db('dealership').collection('inquiries');
            await collection.createIndex({ ref: 1 }, { unique: true });
            for (let i = 0; i < 25; i += 1) await collection.insertOne({ ref: `${n}-${i}` });
          } finally {
            await client.close();
          }
        }),
      );
    } finally {
      await Promise.all(runners.map((runner) => killHard(runner.child)));
    }
    const server = await startEmbeddedMongo({ dataDir: folder });
    const reader = new MongoClient(server.uri);
    try {
      expect(await reader.db('dealership').collection('inquiries').countDocuments()).toBe(200);
      expect((await reader.db('dealership').collection('inquiries').indexes()).map((index) => index.name)).toEqual(['_id_', 'ref_1']);
    } finally {
      await reader.close();
      await server.close();
    }
  }, 60_000);

  it('restarts from its data folder with the same collections, indexes and documents', async () => {
    const folder = await temporaryFolder();
    const first = await startEmbeddedMongo({ dataDir: folder });
    const writer = new MongoClient(first.uri);
    await writer
      .db('dealership')
      .collection('towns')
      .insertMany([{ name: 'Lewes' }, { name: 'Milton' }]);
    await writer.db('dealership').collection('towns').createIndex({ name: 1 }, { unique: true });
    await writer.db('dealership').collection('leftover').insertOne({ stale: true });
    await writer.db('dealership').collection('leftover').drop();
    await writer.close();
    await first.close();

    const second = await startEmbeddedMongo({ dataDir: folder });
    const reader = new MongoClient(second.uri);
    try {
      const dealership = reader.db('dealership');
      expect((await dealership.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name)).toEqual(['towns']);
      expect(
        await dealership
          .collection('towns')
          .find({}, { projection: { _id: 0 } })
          .toArray(),
      ).toEqual([{ name: 'Lewes' }, { name: 'Milton' }]);
      expect((await dealership.collection('towns').indexes()).map((index) => index.name)).toEqual(['_id_', 'name_1']);
    } finally {
      await reader.close();
      await second.close();
    }
  });

  it('keeps nothing between runs without a data folder', async () => {
    const first = await startEmbeddedMongo({});
    const writer = new MongoClient(first.uri);
    await writer.db('dealership').collection('towns').insertOne({ name: 'Lewes' });
    await writer.close();
    await first.close();

    const second = await startEmbeddedMongo({});
    const reader = new MongoClient(second.uri);
    try {
      expect(await reader.db('dealership').collection('towns').countDocuments()).toBe(0);
    } finally {
      await reader.close();
      await second.close();
    }
  });
});
