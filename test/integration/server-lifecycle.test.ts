import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverEntry, startProductionServer } from '../support/production-server';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function startServer() {
  const folder = mkdtempSync(path.join(tmpdir(), 'lifecycle-'));
  folders.push(folder);
  return startProductionServer({ dataDir: path.join(folder, 'data'), mailDir: path.join(folder, 'mail') });
}

describe('the server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('closes its listener and exits 0 on %s, even with a keep-alive connection open', async (signal) => {
    const { child, port, exit } = await startServer();
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
    const result = spawnSync(process.execPath, [serverEntry], {
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
