import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startProductionServer } from '../support/production-server';

const failOnSignal = pathToFileURL(path.resolve('test/support/fail-on-signal.mjs')).href;
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function jsonLine(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

describe('an error nothing handles in the running server', () => {
  it.each([
    ['a promise rejection nobody handles', 'rejection', 'unhandled rejection: boom'],
    ['an exception nobody catches', 'exception', 'uncaught exception: boom'],
  ])('%s is logged as one fatal JSON line and the process exits 1', async (_what, kind, msg) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'unhandled-'));
    folders.push(folder);
    const server = await startProductionServer(
      { dataDir: path.join(folder, 'data'), mailDir: path.join(folder, 'mail') },
      { NODE_OPTIONS: `--import=${failOnSignal}`, UNHANDLED: kind },
    );
    expect(server.port).toBeGreaterThan(0);

    server.child.kill('SIGUSR2');

    expect(await server.exit).toBe(1);
    const lines = server.output().split('\n');
    const fatal = lines.map(jsonLine).filter((entry) => entry?.level === 60);
    expect(fatal).toEqual([expect.objectContaining({ msg, err: expect.objectContaining({ name: 'Error', message: 'boom' }) })]);
    // Nothing but that line speaks of it: no stack trace of Node's own on stderr beside it.
    expect(lines.filter((text) => text.includes('boom') && jsonLine(text) === null)).toEqual([]);
  });
});
