import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { VALID_INQUIRY as validInquiry } from './fixtures';

/** The production entry as an operator runs it (needs `npm run build`, which runs before the tests). */
export const serverEntry = path.resolve('dist/server/server.js');

export interface ProductionServer {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Resolves with the exit code (null after a signal). */
  exit: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts dist/server/server.js as its own process with its own data and mail folders, and waits
 * until /healthz answers. Contact submissions are not rate-limited, so load tests can post freely.
 */
export async function startProductionServer(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<ProductionServer> {
  if (!existsSync(serverEntry)) throw new Error('run npm run build first');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folders.dataDir,
      MAIL_DIR: folders.mailDir,
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '100000',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, origin: `http://127.0.0.1:${port}`, exit, output: () => output };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return server;
    if (await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(1_000) }).then((response) => response.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output}`);
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

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
