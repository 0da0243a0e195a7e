import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { VALID_INQUIRY as validInquiry } from './fixtures';
import { listeningPort } from './listening-port';

/** The production entry as an operator runs it (needs `npm run build`, which runs before the tests). */
export const serverEntry = path.resolve('dist/server/server.js');

export interface ProductionServer {
  child: ChildProcess;
  /** The port the system chose (PORT=0), or the one env.PORT asked for; 0 when the process exited before listening. */
  port: number;
  origin: string;
  /** Resolves with the exit code (null after a signal). */
  exit: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts dist/server/server.js as its own process with its own data and mail folders, on a port
 * the system chooses (PORT=0) unless env.PORT names one, and resolves once it logs that it listens
 * (or has exited: then port is 0 and exit tells how). Contact submissions are not rate-limited, so
 * load tests can post freely. Its log (LOG_LEVEL info) is in output().
 */
export async function startProductionServer(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<ProductionServer> {
  if (!existsSync(serverEntry)) throw new Error('run npm run build first');
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: folders.dataDir,
      MAIL_DIR: folders.mailDir,
      LOG_LEVEL: 'info',
      CONTACT_RATE_LIMIT: '100000',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let port: number | null;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}: ${output}`);
  }
  return { child, port: port ?? 0, origin: `http://127.0.0.1:${port ?? 0}`, exit, output: () => output };
}

export { killHard } from '../../packages/embedded-mongo/test/kill-hard';

/** Reads a collection of a stopped (or running) site's embedded database, as another process would. */
export async function readCollection(dataDir: string, collection: string): Promise<Document[]> {
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  try {
    return await client.db('shore-golf-carts').collection(collection).find().toArray();
  } finally {
    await client.close();
    await server.close();
  }
}

/** One POST /api/contact: the status and the stored id (201), or 0 when the connection failed. */
export async function postInquiry(origin: string, body: object = validInquiry): Promise<{ status: number; id?: string; error?: string }> {
  try {
    const response = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { id?: string; error?: string };
    return { status: response.status, ...answer };
  } catch {
    return { status: 0 };
  }
}
