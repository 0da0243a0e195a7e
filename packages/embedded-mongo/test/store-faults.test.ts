import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { BSON, MongoClient, UUID } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/embedded-mongo-server';
import { killHard } from './kill-hard';

// What the store does with a data folder it did not write cleanly: a damaged file is refused at
// start with what to do, never served from; so are a database file gone or emptied and a
// write-ahead log lost after a crash; a folder in the first format is moved in once.

const folders: string[] = [];
const mounts: string[] = [];
afterEach(() => {
  for (const mount of mounts.splice(0)) execFileSync('umount', ['-l', mount]);
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

/** The store run as its own process (src/run-embedded-mongo.ts), as the site runs it, with its URI. */
async function storeProcess(dataDir: string): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/run-embedded-mongo.ts'), '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, uri: line };
}

async function insertInquiries(uri: string, count: number): Promise<void> {
  const client = new MongoClient(uri);
  await client
    .db('site')
    .collection('contact_forms')
    .insertMany(Array.from({ length: count }, (_, i) => ({ id: `inquiry-${i}`, message: 'x'.repeat(200) })));
  await client.close();
}

async function countInquiries(dataDir: string): Promise<number> {
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  try {
    return await client.db('site').collection('contact_forms').countDocuments();
  } finally {
    await client.close();
    await server.close();
  }
}

describe('a database file gone or empty in a folder that held one', () => {
  it.each([
    ['deleted', (file: string) => rmSync(file), /is missing, but .* held one \(.*embedded-mongo\.created says it held data on \d{4}-/],
    ['emptied', (file: string) => truncateSync(file, 0), /is empty \(0 bytes\), but/],
  ] as const)('is refused when %s, with what shows it held one and how to restore it', async (_case, lose, says) => {
    const dataDir = await storeWithData();
    const file = path.join(dataDir, 'embedded-mongo.sqlite');
    lose(file);

    const refusal = startEmbeddedMongo({ dataDir, startEmptyHint: 'START_EMPTY=yes' });
    await expect(refusal).rejects.toThrow(says);
    await expect(refusal).rejects.toThrow(/put the file back with its -wal, or restore a backup .*start once with START_EMPTY=yes/);
    // Nothing was made in its place.
    expect(statSync(file, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('-wal'))).toEqual([]);
  });

  it('is refused when deleted after a crash with its -wal still beside it, even without the marker', async () => {
    const dataDir = dataFolder();
    const { child, uri } = await storeProcess(dataDir);
    await insertInquiries(uri, 50);
    await killHard(child);
    rmSync(path.join(dataDir, 'embedded-mongo.sqlite'));
    rmSync(path.join(dataDir, 'embedded-mongo.created'));

    const refusal = startEmbeddedMongo({ dataDir });
    await expect(refusal).rejects.toThrow(/is missing, but .*write-ahead log .*embedded-mongo\.sqlite-wal \(\d+ bytes\) is still there/);
    // Restoring a backup over it must not let SQLite lay the old log's pages over the copy.
    const file = path.join(dataDir, 'embedded-mongo.sqlite');
    await expect(refusal).rejects.toThrow(`restore a backup (move ${file}-wal and ${file}-shm out of the folder, then copy a backup there, if there is one)`);
  });

  it('names the newest backup beside the data folder as the one to restore', async () => {
    const dataDir = await storeWithData();
    const backups = path.join(path.dirname(dataDir), 'backups');
    folders.push(backups);
    mkdirSync(backups);
    const older = path.join(backups, 'embedded-mongo-older.sqlite');
    const newer = path.join(backups, 'embedded-mongo-newer.sqlite');
    copyFileSync(path.join(dataDir, 'embedded-mongo.sqlite'), older);
    copyFileSync(path.join(dataDir, 'embedded-mongo.sqlite'), newer);
    utimesSync(older, new Date('2026-01-01'), new Date('2026-01-01'));
    rmSync(dataDir, { recursive: true });

    const file = path.join(dataDir, 'embedded-mongo.sqlite');
    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(`2 backups in ${backups}), so no new, empty database was started in its place`);
    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(`(cp ${newer} ${file})`);
  });

  it('starts empty when asked to, with the earlier files set aside, not deleted', async () => {
    const dataDir = await storeWithData();
    truncateSync(path.join(dataDir, 'embedded-mongo.sqlite'), 0);
    const warnings: string[] = [];
    const logger = { info() {}, error() {}, warn: (_fields: object, message?: string) => void warnings.push(message ?? '') };

    const server = await startEmbeddedMongo({ dataDir, startEmpty: true, startEmptyHint: 'START_EMPTY=yes', logger });
    await server.close();
    expect(warnings).toEqual([
      expect.stringMatching(/^started an empty embedded database on purpose \(START_EMPTY=yes\); the earlier database's files are in .*set-aside-/),
    ]);
    const [setAside] = readdirSync(dataDir).filter((name) => name.startsWith('set-aside-'));
    expect(readdirSync(path.join(dataDir, setAside!)).sort()).toEqual(['embedded-mongo.created', 'embedded-mongo.sqlite']);
    expect(await countInquiries(dataDir)).toBe(0);
  });

  it('starts a new database in a folder that never held one, and marks the folder as holding one', async () => {
    const dataDir = dataFolder();
    const server = await startEmbeddedMongo({ dataDir });
    await server.close();
    expect(readdirSync(dataDir).sort()).toEqual(['embedded-mongo.created', 'embedded-mongo.sqlite']);
    expect(statSync(path.join(dataDir, 'embedded-mongo.created')).mode & 0o777).toBe(0o600);
  });
});

describe('a write-ahead log lost after a crash', () => {
  it('is refused at start, and every acknowledged write is there once the -wal is put back', async () => {
    const dataDir = dataFolder();
    const { child, uri } = await storeProcess(dataDir);
    await insertInquiries(uri, 300);
    await killHard(child);
    const wal = path.join(dataDir, 'embedded-mongo.sqlite-wal');
    const movedAway = `${dataDir}-wal-moved-away`;
    folders.push(movedAway);
    renameSync(wal, movedAway);
    rmSync(path.join(dataDir, 'embedded-mongo.sqlite-shm'));

    const refusal = startEmbeddedMongo({ dataDir });
    await expect(refusal).rejects.toThrow(
      new RegExp(`was not closed cleanly \\(process ${child.pid} stopped with it open\\) and its write-ahead log ${wal}, .* is missing`),
    );
    await expect(refusal).rejects.toThrow(
      /put the -wal file back beside the database; .* restore a backup, or accept losing those writes by deleting .*embedded-mongo\.in-use-/,
    );
    expect(existsSync(wal)).toBe(false);

    renameSync(movedAway, wal);
    expect(await countInquiries(dataDir)).toBe(300);
  });

  it('is not asked for once another process folded it in and closed cleanly', async () => {
    const dataDir = dataFolder();
    const { child, uri } = await storeProcess(dataDir);
    const survivor = await startEmbeddedMongo({ dataDir });
    await insertInquiries(uri, 20);
    await killHard(child);
    await survivor.close();
    expect(readdirSync(dataDir).filter((name) => name.startsWith('embedded-mongo.in-use-'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'embedded-mongo.sqlite-wal'))).toBe(false);

    expect(await countInquiries(dataDir)).toBe(20);
  });

  it('is not asked for when a store that stopped cleanly left the log to another still running, and the last connection removed it', async () => {
    const dataDir = dataFolder();
    const survivor = await startEmbeddedMongo({ dataDir });
    const { child, uri } = await storeProcess(dataDir);
    await insertInquiries(uri, 20);
    // A reader's snapshot: no checkpoint can fold the log in past it, so the stores close with the log still busy.
    const reader = new DatabaseSync(path.join(dataDir, 'embedded-mongo.sqlite'));
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM em_meta').get();
    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(child.exitCode).toBe(0);
    await survivor.close();
    reader.exec('COMMIT');
    // The last connection: SQLite folds the log in and removes the -wal.
    reader.close();
    expect(existsSync(path.join(dataDir, 'embedded-mongo.sqlite-wal'))).toBe(false);

    expect(await countInquiries(dataDir)).toBe(20);
  });
});

/** A data folder on a disk of its own, 2 MB (tmpfs): the test fills it. */
function dataFolderOnSmallDisk(): { dataDir: string; fill: () => void; free: () => void } {
  const disk = path.join(dataFolder(), 'disk');
  mkdirSync(disk);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tmpfs', disk]);
  mounts.push(disk);
  const filler = path.join(disk, 'filler');
  return {
    dataDir: path.join(disk, 'data'),
    // dd writes until the disk refuses a block.
    fill: () => void spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k']),
    free: () => rmSync(filler),
  };
}

describe('a full disk at start', () => {
  it('is told apart from damage, with advice that loses nothing, and the data is all there once space returns', async () => {
    const disk = dataFolderOnSmallDisk();
    const server = await startEmbeddedMongo({ dataDir: disk.dataDir });
    await insertInquiries(server.uri, 200);
    await server.close();
    disk.fill();

    const refusal = startEmbeddedMongo({ dataDir: disk.dataDir });
    await expect(refusal).rejects.toThrow(
      /^The disk holding the embedded database .*embedded-mongo\.sqlite is full \(\d+ KB free\), so it cannot be opened; the database is not damaged/,
    );
    await expect(refusal).rejects.toThrow(/Free space on that disk and start again; do not delete, move or restore/);
    await expect(refusal).rejects.not.toThrow(/start empty|move it aside/);

    disk.free();
    expect(await countInquiries(disk.dataDir)).toBe(200);
  });
});

describe('a disk that fills while the store runs', () => {
  it('refuses writes with OutOfDiskSpace, says so for readiness, logs it once, and finds out by itself when there is room again', async () => {
    const disk = dataFolderOnSmallDisk();
    const errors: string[] = [];
    const infos: string[] = [];
    const logger = {
      warn() {},
      error: (_fields: object, message?: string) => void errors.push(message ?? ''),
      info: (_fields: object, message?: string) => void infos.push(message ?? ''),
    };
    const server = await startEmbeddedMongo({ dataDir: disk.dataDir, logger });
    const client = new MongoClient(server.uri);
    const inquiries = client.db('site').collection('contact_forms');
    try {
      expect(server.whyNotWritable()).toBeUndefined();
      disk.fill();
      let refused = 0;
      for (let i = 0; i < 200 && refused < 5; i += 1) {
        await inquiries.insertOne({ message: 'x'.repeat(2000) }).catch((error: { code?: number }) => {
          expect(error.code).toBe(14031);
          refused += 1;
        });
      }
      expect(refused).toBe(5);
      expect(server.whyNotWritable()).toBe('the disk holding the database is full');
      expect(errors).toEqual([expect.stringMatching(/^the disk holding the embedded database is full/)]);

      disk.free();
      // No write from a client: the readiness check itself finds the room.
      expect(server.whyNotWritable()).toBeUndefined();
      expect(infos).toContain('the embedded database can write again: its disk has room');
      await inquiries.insertOne({ message: 'after' });
    } finally {
      await client.close();
      await server.close();
    }
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
