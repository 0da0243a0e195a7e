import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The production entry as an operator runs it (needs `npm run build`, which runs before the tests). */
const entry = path.resolve('dist/server/server.js');
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startProductionServer() {
  expect(existsSync(entry), 'run npm run build first').toBe(true);
  const folder = mkdtempSync(path.join(tmpdir(), 'lifecycle-'));
  folders.push(folder);
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(folder, 'data'), MAIL_DIR: path.join(folder, 'mail'), LOG_LEVEL: 'warn' },
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) return { child, port, exit };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

describe('the server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('closes its listener and exits 0 on %s, even with a keep-alive connection open', async (signal) => {
    const { child, port, exit } = await startProductionServer();
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/services', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    child.kill(signal);
    expect(await exit).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    agent.destroy();
  });

  it('refuses to start on a bad configuration, with one line per bad variable', () => {
    const result = spawnSync(process.execPath, [entry], {
      env: { PATH: process.env.PATH, PORT: 'eighty', PUBLIC_ORIGIN: 'not a url' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toMatch(/^\s+PORT: .+$/m);
    expect(result.stderr).toMatch(/^\s+PUBLIC_ORIGIN: .+$/m);
  });
});
