import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { CommandDispatcher } from './command-dispatcher';
import { CursorRegistry } from './cursor-registry';
import { silentLogger } from './embedded-mongo-logger';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { MongoConnection } from './mongo-connection';
import { StorageEngine } from './storage-engine';

export interface EmbeddedMongoOptions {
  /** Folder for collection files; omit to keep everything in memory. */
  dataDir?: string;
  /** Defaults to 127.0.0.1: the server has no authentication, so it must stay on loopback. */
  host?: string;
  /** Defaults to 0, an ephemeral port. */
  port?: number;
  logger?: EmbeddedMongoLogger;
}

export interface EmbeddedMongo {
  /** mongodb://HOST:PORT/?directConnection=true */
  uri: string;
  port: number;
  /** Stops listening, drops client connections and waits for pending writes to reach the disk. */
  close(): Promise<void>;
}

/**
 * Starts an in-process server that speaks enough of the MongoDB wire protocol for the
 * official driver and Mongoose, for machines where no mongod can be installed.
 */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? silentLogger;
  const storage = await StorageEngine.open({ logger, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  const cursors = new CursorRegistry();
  const dispatcher = new CommandDispatcher(storage, cursors, logger);
  const connections = new Set<MongoConnection>();
  let nextConnectionId = 1;

  const server = createServer((socket) => {
    const connection = new MongoConnection(nextConnectionId, socket, dispatcher, logger);
    nextConnectionId += 1;
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  try {
    await listen(server, host, options.port ?? 0);
  } catch (error) {
    await storage.close();
    cursors.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const uri = `mongodb://${host.includes(':') ? `[${host}]` : host}:${port}/?directConnection=true`;
  logger.info({ host, port, persistent: Boolean(options.dataDir) }, 'embedded MongoDB listening');

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      const inFlight = Array.from(connections, (connection) => connection.idle);
      for (const connection of connections) connection.close();
      await Promise.allSettled(inFlight);
      await stopped;
      cursors.close();
      await storage.close();
      logger.info({ port }, 'embedded MongoDB stopped');
    })();
    return closing;
  };

  return { uri, port, close };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
