import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CommandDispatcher } from './command-dispatcher';
import { CursorRegistry } from './cursor-registry';
import { silentLogger } from './embedded-mongo-logger';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import type { StartEmptyChoice } from './lost-database';
import { MongoConnection } from './mongo-connection';
import { SqliteStore } from './sqlite-store';

export interface EmbeddedMongoOptions extends StartEmptyChoice {
  /** Folder for the SQLite database (made private, 0700); omit to keep everything in memory. */
  dataDir?: string;
  logger?: EmbeddedMongoLogger;
}

export interface EmbeddedMongo {
  /** mongodb://<socket path, URL-encoded>/?directConnection=true */
  uri: string;
  /** The Unix socket the server listens on (0600, in a folder only this user can open). */
  socketPath: string;
  /** Where the data lives; undefined in memory. */
  databaseFile: string | undefined;
  /** A consistent, checked, private copy of the database while the server runs, in place once whole (backup-file.ts). */
  backupTo(file: string): Promise<{ file: string; bytes: number }>;
  /** Why a write cannot reach the disk now ("the disk holding the database is full"), or undefined when it can. */
  whyNotWritable(): string | undefined;
  /** Stops listening, waits for the commands in progress to answer, then closes the database. */
  close(): Promise<void>;
}

// sun_path holds 108 bytes on Linux; longer data folder paths get their socket in a private temp folder.
const MAX_SOCKET_PATH = 100;
const SOCKET_PREFIX = 'mongod-';
/** The private temp folder of a socket whose data folder path is too long (or in memory): embedded-mongo-<pid>-XXXXXX. */
const SOCKET_FOLDER_PREFIX = 'embedded-mongo-';

/**
 * Starts an in-process server that speaks enough of the MongoDB wire protocol for the official
 * driver and Mongoose, on machines where no mongod can be installed. It has no authentication,
 * so it never listens on TCP: only on a Unix socket that other users cannot reach.
 */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const logger = options.logger ?? silentLogger;
  const store = SqliteStore.open({ ...options, logger });
  const cursors = new CursorRegistry();
  const dispatcher = new CommandDispatcher(store, cursors, logger);
  const connections = new Set<MongoConnection>();
  let nextConnectionId = 1;

  const { socketPath, cleanup } = privateSocketPath(store.file ? path.dirname(store.file) : undefined);
  const server = createServer((socket) => {
    const connection = new MongoConnection(nextConnectionId, socket, dispatcher, logger);
    nextConnectionId += 1;
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  try {
    await listen(server, socketPath);
    chmodSync(socketPath, 0o600);
  } catch (error) {
    server.close();
    cleanup();
    store.close();
    cursors.close();
    throw error;
  }
  const uri = `mongodb://${encodeURIComponent(socketPath)}/?directConnection=true`;
  logger.info({ socketPath, persistent: Boolean(store.file) }, 'embedded MongoDB listening');

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      const inFlight = Array.from(connections, (connection) => connection.idle);
      for (const connection of connections) connection.close();
      await Promise.allSettled(inFlight);
      await stopped;
      cursors.close();
      store.close();
      cleanup();
      logger.info({ socketPath }, 'embedded MongoDB stopped');
    })();
    return closing;
  };

  return { uri, socketPath, databaseFile: store.file, backupTo: (file) => store.backupTo(file), whyNotWritable: () => store.whyNotWritable(), close };
}

/**
 * The socket goes into the data folder (already 0700) when its path fits, named after this
 * process, so several processes sharing the folder each have their own; sockets of processes
 * that died are removed. Otherwise, and in memory, a fresh private temp folder holds it, named
 * after this process too, so that the folders of processes that died without closing are removed.
 */
function privateSocketPath(dataDir: string | undefined): { socketPath: string; cleanup: () => void } {
  const inDataDir = dataDir ? path.join(dataDir, `${SOCKET_PREFIX}${process.pid}.sock`) : undefined;
  if (dataDir && inDataDir && Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) {
    removeDeadSockets(dataDir);
    return { socketPath: inDataDir, cleanup: () => rmSync(inDataDir, { force: true }) };
  }
  removeDeadSocketFolders();
  const folder = mkdtempSync(path.join(tmpdir(), `${SOCKET_FOLDER_PREFIX}${process.pid}-`));
  return { socketPath: path.join(folder, 'mongod.sock'), cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

function removeDeadSockets(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const match = new RegExp(`^${SOCKET_PREFIX}(\\d+)\\.sock$`).exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    try {
      unlinkSync(path.join(dataDir, name));
    } catch {
      // Another process starting at the same time removed it first.
    }
  }
}

/**
 * The temp socket folders of processes that died without closing (kill -9, a crash): this user's
 * only, and never one of a live process, this one included (the in-memory servers of other tests
 * in the same process).
 */
function removeDeadSocketFolders(): void {
  const pattern = new RegExp(`^${SOCKET_FOLDER_PREFIX}(\\d+)-[A-Za-z0-9]{6}$`);
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || pid === process.pid || isAlive(pid)) continue;
    const folder = path.join(tmpdir(), name);
    try {
      if (lstatSync(folder).uid !== process.getuid?.()) continue;
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Another process starting at the same time removed it first.
    }
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
