import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killHard, postInquiry, readCollection, startProductionServer, type ProductionServer } from '../support/production-server';

// What the site does at start when its folders are not as it left them: a database file deleted
// or emptied, its write-ahead log lost after a crash, a full disk, folders another user owns.
// Each test runs the production build as its own process, as root (chown, mount), as CI does.

const cleanups: Array<() => void> = [];
const running: ProductionServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => killHard(server.child)));
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const NOBODY = 65534;

function workFolder(): { root: string; dataDir: string; mailDir: string; backupDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'store-start-faults-'));
  chmodSync(root, 0o755);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, dataDir: path.join(root, 'data'), mailDir: path.join(root, 'mail'), backupDir: path.join(root, 'backups') };
}

async function start(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<ProductionServer> {
  const server = await startProductionServer(folders, env);
  running.push(server);
  return server;
}

/** A site that took some inquiries and stopped: cleanly (SIGTERM), or killed (SIGKILL) with its log not yet folded in. */
async function siteWithInquiries(folders: { dataDir: string; mailDir: string }, count: number, stop: 'SIGTERM' | 'SIGKILL'): Promise<string[]> {
  const site = await start(folders);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await postInquiry(site.origin);
    expect(answer.status).toBe(201);
    ids.push(answer.id!);
  }
  if (stop === 'SIGKILL') await killHard(site.child);
  else {
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
  }
  return ids.sort();
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

async function storedIds(dataDir: string): Promise<string[]> {
  return (await readCollection(dataDir, 'contact_forms')).map((record) => String(record.id)).sort();
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

// Each test starts the site two or three times: a slow machine needs more than the default 20 s.
describe('a database file that is gone or empty while its folder shows it held one', { timeout: 90_000 }, () => {
  it.each([
    ['deleted after a clean stop', 'SIGTERM', (file: string) => rmSync(file)],
    ['emptied to 0 bytes', 'SIGTERM', (file: string) => truncateSync(file, 0)],
    ['deleted after a crash, its -wal still beside it', 'SIGKILL', (file: string) => rmSync(file)],
  ] as const)('is refused when %s, and starts empty only when asked to', async (_case, stop, lose) => {
    const folders = workFolder();
    await siteWithInquiries(folders, 3, stop);
    const file = path.join(folders.dataDir, 'embedded-mongo.sqlite');
    lose(file);

    const message = await refusedStart(folders);
    expect(message).toMatch(new RegExp(`embedded database ${file} is (missing|empty)`));
    expect(message).toMatch(/restore/);
    expect(message).toMatch(/DATA_START_EMPTY=true/);

    // Starting empty is a choice: the old files are set aside, never deleted.
    const empty = await start(folders, { DATA_START_EMPTY: 'true', SEED_CATALOG: 'false' });
    expect(empty.port, empty.output()).toBeGreaterThan(0);
    expect((await fetch(`${empty.origin}/readyz`)).status).toBe(200);
    expect(empty.output()).toMatch(/"level":40.*started an empty embedded database/);
    empty.child.kill('SIGTERM');
    expect(await empty.exit).toBe(0);
    expect(readdirSync(folders.dataDir).filter((name) => name.startsWith('set-aside-'))).toHaveLength(1);
    expect(await storedIds(folders.dataDir)).toEqual([]);
  });

  it('names the newest backup when the whole data folder is gone, and the restore it describes brings the inquiries back', async () => {
    const folders = workFolder();
    const ids = await siteWithInquiries(folders, 3, 'SIGTERM');
    mkdirSync(folders.backupDir);
    const backup = path.join(folders.backupDir, 'embedded-mongo-2026-01-02T03-04-05-000Z.sqlite');
    copyFileSync(path.join(folders.dataDir, 'embedded-mongo.sqlite'), backup);
    rmSync(folders.dataDir, { recursive: true });

    const message = await refusedStart(folders);
    expect(message).toMatch(/is missing/);
    expect(message).toContain(backup);

    mkdirSync(folders.dataDir, { mode: 0o700 });
    copyFileSync(backup, path.join(folders.dataDir, 'embedded-mongo.sqlite'));
    expect(await storedIds(folders.dataDir)).toEqual(ids);
  });

  it('starts a new, empty site in a folder that never held a database', async () => {
    const folders = workFolder();
    const site = await start(folders);
    expect((await fetch(`${site.origin}/readyz`)).status).toBe(200);
    expect(errorLines(site)).toEqual([]);
  });
});

describe('a write-ahead log lost after a crash', { timeout: 90_000 }, () => {
  it('is refused at start, and the inquiries are all there once the -wal is put back', async () => {
    const folders = workFolder();
    const ids = await siteWithInquiries(folders, 20, 'SIGKILL');
    const wal = path.join(folders.dataDir, 'embedded-mongo.sqlite-wal');
    const setAside = path.join(folders.root, 'wal-moved-away');
    expect(existsSync(wal)).toBe(true);
    renameSync(wal, setAside);
    rmSync(path.join(folders.dataDir, 'embedded-mongo.sqlite-shm'), { force: true });

    const message = await refusedStart(folders);
    expect(message).toMatch(new RegExp(`write-ahead log ${wal}, .*is missing`));
    expect(message).toMatch(/put .* back/);

    renameSync(setAside, wal);
    expect(await storedIds(folders.dataDir)).toEqual(ids);
  });
});

describe('a full disk at start', { timeout: 90_000 }, () => {
  it('is told apart from damage, with advice that loses nothing, and the site starts once space returns', async () => {
    const folders = workFolder();
    const mount = path.join(folders.root, 'small-disk');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0755', 'tmpfs', mount]);
    cleanups.push(() => execFileSync('umount', ['-l', mount]));
    const onDisk = { dataDir: path.join(mount, 'data'), mailDir: folders.mailDir };
    const ids = await siteWithInquiries(onDisk, 3, 'SIGTERM');
    const filler = path.join(mount, 'filler');
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { encoding: 'utf8' });

    const message = await refusedStart(onDisk);
    expect(message).toMatch(/disk .* is full/);
    expect(message).toMatch(/is not damaged/);
    expect(message).not.toMatch(/is damaged|start empty|move it aside/);
    expect(message).toMatch(/free space/i);

    rmSync(filler);
    const site = await start(onDisk);
    expect((await fetch(`${site.origin}/readyz`)).status).toBe(200);
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
    expect(await storedIds(onDisk.dataDir)).toEqual(ids);
  });
});
