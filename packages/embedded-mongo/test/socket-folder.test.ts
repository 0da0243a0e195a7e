import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killHard } from './kill-hard';

const serverModule = fileURLToPath(new URL('../src/embedded-mongo-server.ts', import.meta.url));

/** A process running the embedded server on `dataDir`, with its temp folder in `temp`; resolves with its socket path. */
function startServerProcess(dataDir: string, temp: string) {
  const script = `const { startEmbeddedMongo } = await import(${JSON.stringify(serverModule)}); const db = await startEmbeddedMongo({ dataDir: ${JSON.stringify(dataDir)} }); console.log(db.socketPath); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, TMPDIR: temp },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const socketPath = new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  return { child, socketPath };
}

describe('the temp socket folder of a data folder whose path is too long for a socket', { timeout: 60_000 }, () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'socket-folder-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('is removed by the next start after the process holding it was killed, and a live one is kept', async () => {
    const temp = path.join(work, 'tmp');
    const dataDir = path.join(work, 'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be'.repeat(2));
    await mkdir(temp);
    const killed = startServerProcess(dataDir, temp);
    const killedFolder = path.dirname(await killed.socketPath);
    await killHard(killed.child);
    expect(path.dirname(killedFolder)).toBe(temp);
    expect(existsSync(killedFolder)).toBe(true);

    const running = startServerProcess(path.join(work, 'other-'.repeat(20)), temp);
    const runningFolder = path.dirname(await running.socketPath);
    try {
      const next = startServerProcess(dataDir + '-next', temp);
      const nextFolder = path.dirname(await next.socketPath);
      await killHard(next.child);
      expect(existsSync(killedFolder)).toBe(false);
      expect(
        (await readdir(temp))
          .filter((name) => name.startsWith('embedded-mongo-'))
          .map((name) => path.join(temp, name))
          .sort(),
      ).toEqual([runningFolder, nextFolder].sort());
    } finally {
      await killHard(running.child);
    }
  });
});
