import { chownSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, truncateSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BSON, MongoClient, UUID } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/embedded-mongo-server';

// What the store does with a data folder it did not write cleanly: a damaged file is refused at
// start with what to do, never served from; a folder in the first format is moved in once.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'store-faults-'));
  folders.push(folder);
  return folder;
}

/** A closed store with a few hundred documents, so the file has many pages. */
async function storeWithData(): Promise<string> {
  const dataDir = dataFolder();
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  const inquiries = client.db('site').collection('contact_forms');
  await inquiries.createIndex({ id: 1 }, { unique: true });
  await inquiries.insertMany(Array.from({ length: 400 }, (_, i) => ({ id: `inquiry-${i}`, message: 'x'.repeat(200) })));
  await client.close();
  await server.close();
  return dataDir;
}

function overwrite(file: string, position: number, bytes: number[]): void {
  const handle = openSync(file, 'r+');
  writeSync(handle, Buffer.from(bytes), 0, bytes.length, position);
  closeSync(handle);
}

describe('a damaged database file', () => {
  it('is refused at start when a b-tree page is damaged', async () => {
    const dataDir = await storeWithData();
    const file = path.join(dataDir, 'embedded-mongo.sqlite');
    const pageSize = 4096;
    // The last page belongs to a table or index b-tree; its first byte is the page type.
    const lastPage = Math.floor(statSync(file).size / pageSize) - 1;
    overwrite(file, lastPage * pageSize, [0x42, 0x42, 0x42, 0x42]);

    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(/embedded database .*embedded-mongo\.sqlite is damaged.*restore the file from a backup/s);
  });

  it('is refused at start when its header is damaged', async () => {
    const dataDir = await storeWithData();
    overwrite(path.join(dataDir, 'embedded-mongo.sqlite'), 0, [0x00, 0x01, 0x02]);

    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(/is damaged/);
  });

  it('is refused at start when it was cut short', async () => {
    const dataDir = await storeWithData();
    const file = path.join(dataDir, 'embedded-mongo.sqlite');
    truncateSync(file, Math.floor(statSync(file).size / 2 / 4096) * 4096);

    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(/is damaged/);
  });

  it('keeps its data when the store is opened again cleanly', async () => {
    const dataDir = await storeWithData();
    const server = await startEmbeddedMongo({ dataDir });
    const client = new MongoClient(server.uri);
    expect(await client.db('site').collection('contact_forms').countDocuments()).toBe(400);
    await client.close();
    await server.close();
    const header = Buffer.alloc(16);
    const handle = openSync(path.join(dataDir, 'embedded-mongo.sqlite'), 'r');
    readSync(handle, header, 0, 16, 0);
    closeSync(handle);
    expect(header.toString('latin1')).toBe('SQLite format 3\u0000');
  });
});

describe('a data folder in the first format (a .bson file per collection)', () => {
  it('is moved into SQLite once, with its indexes, and set aside', async () => {
    const dataDir = dataFolder();
    mkdirSync(path.join(dataDir, 'shore-golf-carts'));
    const header = {
      format: 1,
      db: 'shore-golf-carts',
      name: 'vehicles',
      uuid: new UUID(),
      options: {},
      indexes: [
        { v: 2, key: { _id: 1 }, name: '_id_' },
        { v: 2, key: { slug: 1 }, name: 'slug_1', unique: true },
      ],
    };
    const documents = [
      { _id: 1, slug: 'ev-city', price: 11995 },
      { _id: 2, slug: 'd5-ranger', price: 12995 },
    ];
    writeFileSync(
      path.join(dataDir, 'shore-golf-carts', 'vehicles.bson'),
      Buffer.concat([header, ...documents].map((document) => Buffer.from(BSON.serialize(document)))),
    );

    const server = await startEmbeddedMongo({ dataDir });
    const client = new MongoClient(server.uri);
    try {
      const vehicles = client.db('shore-golf-carts').collection('vehicles');
      expect(await vehicles.find().sort({ _id: 1 }).toArray()).toEqual(documents);
      expect((await vehicles.indexes()).map((index) => index.name)).toEqual(['_id_', 'slug_1']);
      await expect(vehicles.insertOne({ slug: 'ev-city' })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await client.close();
      await server.close();
    }
    const setAside = readdirSync(dataDir).filter((name) => name.startsWith('legacy-bson-'));
    expect(setAside).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, setAside[0]!, 'shore-golf-carts'))).toEqual(['vehicles.bson']);
    expect(readdirSync(dataDir)).not.toContain('shore-golf-carts');

    // A second start finds nothing left to move and keeps what is there.
    const again = await startEmbeddedMongo({ dataDir });
    const reader = new MongoClient(again.uri);
    expect(await reader.db('shore-golf-carts').collection('vehicles').countDocuments()).toBe(2);
    await reader.close();
    await again.close();
  });
});

describe('a data folder another user owns', () => {
  it('is refused, even to a process running as root, naming its owner, and nothing is written in it', async () => {
    const dataDir = dataFolder();
    chownSync(dataDir, 65534, 65534);
    const self = process.getuid!();
    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(new RegExp(`data folder ${dataDir} belongs to (nobody \\()?uid 65534\\)?, not to .*uid ${self}`));
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('files and socket', () => {
  it('are private to the process owner: folder 0700, database files 0600, socket 0600', async () => {
    const dataDir = dataFolder();
    const server = await startEmbeddedMongo({ dataDir });
    const client = new MongoClient(server.uri);
    await client.db('site').collection('contact_forms').insertOne({ message: 'private' });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(path.dirname(server.socketPath)).toBe(dataDir);
      expect(statSync(server.socketPath).mode & 0o777).toBe(0o600);
      for (const name of readdirSync(dataDir).filter((entry) => entry.startsWith('embedded-mongo.sqlite'))) {
        expect({ name, mode: statSync(path.join(dataDir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
      }
      expect(server.uri).toBe(`mongodb://${encodeURIComponent(server.socketPath)}/?directConnection=true`);
    } finally {
      await client.close();
      await server.close();
    }
    expect(readdirSync(dataDir).some((name) => name.endsWith('.sock'))).toBe(false);
  });
});
