import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killHard, startProductionServer, type ProductionServer } from '../support/production-server';

// What the site does at start when its folders are not as it left them: folders another user owns.
// Each test runs the production build as its own process, as root (chown, mount), as CI does.

const cleanups: Array<() => void> = [];
const running: ProductionServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => killHard(server.child)));
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const NOBODY = 65534;

function workFolder(): { root: string; dataDir: string; mailDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'store-start-faults-'));
  chmodSync(root, 0o755);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, dataDir: path.join(root, 'data'), mailDir: path.join(root, 'mail') };
}

async function start(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<ProductionServer> {
  const server = await startProductionServer(folders, env);
  running.push(server);
  return server;
}

/** The log lines at error level or above. */
function errorLines(site: ProductionServer): string[] {
  return site
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
}

/** A start that must be refused: exit 1 and exactly one fatal line, its message returned. */
async function refusedStart(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<string> {
  const site = await start(folders, env);
  expect(site.port, site.output()).toBe(0);
  expect(await site.exit).toBe(1);
  const lines = errorLines(site);
  expect(lines, site.output()).toHaveLength(1);
  return String((JSON.parse(lines[0]!) as { msg: string }).msg);
}

describe('a data or mail folder that another user owns', () => {
  it('refuses to start, naming the folder and its owner, and touches nothing in it', async () => {
    const folders = workFolder();
    mkdirSync(folders.dataDir, { mode: 0o700 });
    chownSync(folders.dataDir, NOBODY, NOBODY);

    const message = await refusedStart(folders);
    expect(message).toMatch(new RegExp(`${folders.dataDir} belongs to nobody \\(uid ${NOBODY}\\), not to root \\(uid 0\\)`));
    expect(readdirSync(folders.dataDir)).toEqual([]);
  });

  it('refuses a mail folder another user owns when e-mails are written to files', async () => {
    const folders = workFolder();
    mkdirSync(folders.mailDir, { mode: 0o700 });
    chownSync(folders.mailDir, NOBODY, NOBODY);

    const message = await refusedStart(folders);
    expect(message).toMatch(new RegExp(`MAIL_DIR ${folders.mailDir} belongs to nobody \\(uid ${NOBODY}\\)`));
    expect(readdirSync(folders.mailDir)).toEqual([]);
  });
});
