import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { afterEach, describe, expect, it } from 'vitest';
import { killHard, postInquiry, startProductionServer } from '../support/production-server';

// `npm run db:backup` when things go wrong: another user on the machine, the command killed, the
// backup disk full. A backup holds every inquiry, so no one else may read any of it, and a backup
// that did not finish leaves nothing behind that could be taken for one. And the backups the site
// makes by itself (BACKUP_INTERVAL_HOURS).

const cleanups: Array<() => void> = [];
const running: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => killHard(child)));
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A data folder with `megabytes` of inquiries in its database, and a backups folder everyone may list (0755), as an operator might make it. */
async function siteFolders(megabytes: number): Promise<{ root: string; dataDir: string; backupDir: string; inquiries: number }> {
  const root = mkdtempSync(path.join(tmpdir(), 'backup-faults-'));
  chmodSync(root, 0o755);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  mkdirSync(backupDir, { mode: 0o755 });
  chmodSync(backupDir, 0o755);
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  const inquiries = megabytes * 1000;
  const collection = client.db('shore-golf-carts').collection('contact_forms');
  for (let batch = 0; batch < inquiries; batch += 1000) {
    await collection.insertMany(
      Array.from({ length: 1000 }, (_, i) => ({ id: `inquiry-${batch + i}`, email: `visitor${batch + i}@example.com`, message: 'x'.repeat(900) })),
    );
  }
  await client.close();
  await server.close();
  return { root, dataDir, backupDir, inquiries };
}

function backupCommand(target: string, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', target], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether the unprivileged user nobody can read a file. */
function readableByNobody(file: string): boolean {
  return spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'head', '-c', '1', file]).status === 0;
}

async function countInquiries(databaseFile: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-restored-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  execFileSync('cp', [databaseFile, path.join(dataDir, 'embedded-mongo.sqlite')]);
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  try {
    return await client.db('shore-golf-carts').collection('contact_forms').countDocuments();
  } finally {
    await client.close();
    await server.close();
  }
}

describe('npm run db:backup killed part way', () => {
  it('never lets another user read what it has written, leaves nothing under the name, and the next run takes the same name', { timeout: 180_000 }, async () => {
    const site = await siteFolders(30);
    // The command is stopped (SIGSTOP) the moment its first file appears in the folder, looked at,
    // then killed. A run that finished before the stop landed does not count: try again.
    let caught: string | undefined;
    for (let attempt = 1; attempt <= 5 && !caught; attempt += 1) {
      const target = path.join(site.backupDir, `embedded-mongo-attempt-${attempt}.sqlite`);
      const before = new Set(readdirSync(site.backupDir));
      const appeared = new Promise<void>((resolve) => {
        const watcher = watch(site.backupDir, () => {
          watcher.close();
          resolve();
        });
      });
      const child = backupCommand(target, site.dataDir);
      await Promise.race([appeared, exited(child)]);
      child.kill('SIGSTOP');
      const written = readdirSync(site.backupDir).filter((name) => !before.has(name));
      for (const name of written) {
        const file = path.join(site.backupDir, name);
        expect({ name, mode: (statSync(file, { throwIfNoEntry: false })?.mode ?? 0) & 0o077, readable: readableByNobody(file) }).toEqual({
          name,
          mode: 0,
          readable: false,
        });
      }
      child.kill('SIGKILL');
      await exited(child);
      if (child.signalCode !== 'SIGKILL') continue;
      if (existsSync(target)) {
        // Killed after the copy was in place: it must be whole.
        expect(await countInquiries(target)).toBe(site.inquiries);
        continue;
      }
      caught = target;
    }
    expect(caught, 'no backup was caught part way in five runs').toBeDefined();

    const again = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', caught!], {
      env: { PATH: process.env.PATH, DATA_DIR: site.dataDir, LOG_LEVEL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(/^backup written to .*attempt-\d\.sqlite \(\d+ KB, checked\)$/m);
    // Only whole backups are left: nothing of the killed run, no partial file, no journal.
    expect(readdirSync(site.backupDir).filter((name) => !/^embedded-mongo-attempt-\d\.sqlite$/.test(name))).toEqual([]);
    expect(statSync(caught!).mode & 0o777).toBe(0o600);
    expect(await countInquiries(caught!)).toBe(site.inquiries);
  });
});

describe('npm run db:backup onto a full disk', () => {
  it('fails with one line saying the disk is full and leaves nothing behind', { timeout: 120_000 }, async () => {
    const site = await siteFolders(3);
    const disk = path.join(site.root, 'small-disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0755', 'tmpfs', disk]);
    cleanups.push(() => execFileSync('umount', ['-l', disk]));
    const target = path.join(disk, 'embedded-mongo-full.sqlite');

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', target], {
      env: { PATH: process.env.PATH, DATA_DIR: site.dataDir, LOG_LEVEL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^no backup made: the disk holding ${disk} is full`))]);
    expect(readdirSync(disk)).toEqual([]);
  });
});

describe('scheduled backups (BACKUP_INTERVAL_HOURS)', () => {
  it('are made by the running site when due, checked and private, keeping the newest BACKUP_KEEP and every other backup', { timeout: 120_000 }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'backup-schedule-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folders = { dataDir: path.join(root, 'data'), mailDir: path.join(root, 'mail') };
    const backupDir = path.join(root, 'backups');
    const first = await startProductionServer(folders);
    running.push(first.child);
    expect((await postInquiry(first.origin)).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    mkdirSync(backupDir, { mode: 0o700 });
    const old = ['2000-01-01', '2000-01-02', '2000-01-03'].map((day) => `embedded-mongo-${day}T00-00-00-000Z-scheduled.sqlite`);
    for (const name of [...old, 'embedded-mongo-by-hand.sqlite']) writeFileSync(path.join(backupDir, name), 'an earlier backup');

    // The newest scheduled backup is long past due: the site makes one as soon as it starts.
    const site = await startProductionServer(folders, { BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' });
    running.push(site.child);
    const deadline = Date.now() + 60_000;
    let made: string[] = [];
    while (made.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      made = readdirSync(backupDir).filter((name) => name.endsWith('-scheduled.sqlite') && !name.startsWith('embedded-mongo-2000-'));
    }
    expect(made).toHaveLength(1);
    await expect.poll(() => site.output(), { timeout: 10_000 }).toMatch(/"msg":"scheduled backup written"/);
    expect(readdirSync(backupDir).sort()).toEqual(['embedded-mongo-2000-01-03T00-00-00-000Z-scheduled.sqlite', 'embedded-mongo-by-hand.sqlite', made[0]!].sort());
    const backup = path.join(backupDir, made[0]!);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    expect(await countInquiries(backup)).toBe(1);
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
  });
});
