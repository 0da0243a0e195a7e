import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface StoreProcess {
  /** The store's address with the database named in it, as an operator writes MONGODB_URI. */
  uri: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The embedded store as a process of its own (packages/embedded-mongo's runner), as a MongoDB
 * server would run beside the site's instances: its URI is the first line of its output. Its
 * error output is kept and named if it exits before it listens.
 */
export async function startStoreProcess(dataDir: string, database = 'shore-golf-carts'): Promise<StoreProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/embedded-mongo/src/run-embedded-mongo.ts'), '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const bare = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the store exited with ${code} before it listened:\n${stderr}`)));
  });
  return {
    uri: bare.replace('/?', `/${database}?`),
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
