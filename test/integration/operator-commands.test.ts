import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { afterEach, describe, expect, it } from 'vitest';
import shippedCatalog from '../../seeds/catalog.json';
import { killHard, postInquiry, readCollection, startProductionServer, type ProductionServer } from '../support/production-server';

// The commands an operator runs beside the live site: they share its data folder while it serves.

const cleanups: Array<() => void> = [];
const running: ProductionServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => killHard(server.child)));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workFolder() {
  const root = mkdtempSync(path.join(tmpdir(), 'operator-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, dataDir: path.join(root, 'data'), mailDir: path.join(root, 'mail') };
}

async function start(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}) {
  const server = await startProductionServer(folders, env);
  running.push(server);
  return server;
}

/**
 * Runs an npm script's file the way `npm run` does, against a data folder. Not spawnSync: the test's
 * event loop keeps running meanwhile, so a kept-alive connection to the site that the site closes
 * while the command runs (after 5 idle seconds) is seen closed, not reused for the next request.
 */
function operator(script: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { env: { PATH: process.env.PATH, LOG_LEVEL: '', ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run catalog:import while the site runs', () => {
  it('changes what the site shows within a second, without a restart', async () => {
    const folders = workFolder();
    const site = await start(folders);
    const [first] = shippedCatalog;
    const renamed = shippedCatalog.map((entry) => (entry.slug === first!.slug ? { ...entry, name: `${entry.name} Anniversary Edition` } : entry));
    const file = path.join(folders.root, 'catalog.json');
    writeFileSync(file, JSON.stringify(renamed));

    const result = await operator('catalog-import', [file], { DATA_DIR: folders.dataDir });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`created 0, updated 1, unchanged ${shippedCatalog.length - 1}`);
    const importedAt = Date.now();
    let names: string[] = [];
    while (Date.now() - importedAt < 1_000) {
      const vehicles = (await (await fetch(`${site.origin}/api/vehicles`)).json()) as Array<{ name: string }>;
      names = vehicles.map((vehicle) => vehicle.name);
      if (names.includes(`${first!.name} Anniversary Edition`)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(names).toContain(`${first!.name} Anniversary Edition`);
  });
});

describe('npm run catalog:import with the sample feed while the site runs', () => {
  it('shows the units with their photos within seconds, and a full feed without one answers 410 for it', { timeout: 180_000 }, async () => {
    const folders = workFolder();
    const site = await start(folders);
    const result = await operator('catalog-import', ['seeds/sample-feed.csv'], { DATA_DIR: folders.dataDir });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('created 7, updated 0, sold 0, unchanged 0');

    const onward = `${site.origin}/inventory/2021-club-car-onward-4-passenger-sg2401`;
    await expect.poll(async () => (await fetch(onward)).status, { timeout: 5_000, interval: 100 }).toBe(200);
    const html = await (await fetch(onward)).text();
    const photo = /<source type="image\/avif" srcSet="(\/photos\/[a-f0-9]{32}\/480\.avif) 480w, [^"]*960\.avif 960w, [^"]*1600\.avif 1600w"/.exec(html);
    expect(photo).not.toBeNull();
    const served = await fetch(`${site.origin}${photo![1]}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/avif']);
    const inventory = await (await fetch(`${site.origin}/inventory?condition=used`)).text();
    expect(inventory).toContain('/inventory/2021-club-car-onward-4-passenger-sg2401');

    // The same feed without SG2401, as a full feed. Beside the sample's photos, since a feed's photo
    // paths must stay in its own folder; removed again whatever happens.
    const feed = readFileSync('seeds/sample-feed.csv', 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('SG2401,'))
      .join('\n');
    const withoutOnward = path.resolve(`seeds/.without-sg2401-${process.pid}.csv`);
    writeFileSync(withoutOnward, feed);
    cleanups.push(() => rmSync(withoutOnward, { force: true }));
    const sold = await operator('catalog-import', [withoutOnward, '--full'], { DATA_DIR: folders.dataDir });
    expect(sold.stderr).toBe('');
    expect(sold.stdout.trim()).toBe('created 0, updated 0, sold 1, unchanged 6');
    await expect.poll(async () => (await fetch(onward)).status, { timeout: 5_000, interval: 100 }).toBe(410);
    expect(await (await fetch(onward)).text()).toContain('Has Been Sold');
  });
});

describe('npm run db:backup', () => {
  it('writes a checked, private copy while the site takes inquiries, and the copy restores them', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    const site = await start(folders);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await postInquiry(site.origin)).id!);
    const target = path.join(folders.root, 'backups', 'copy.sqlite');

    const result = await operator('db-backup', [target], { DATA_DIR: folders.dataDir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^backup written to .*copy\.sqlite \(\d+ KB, checked\)$/m);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect((await postInquiry(site.origin)).status).toBe(201);

    const restored = path.join(folders.root, 'restored');
    mkdirSync(restored);
    copyFileSync(target, path.join(restored, 'embedded-mongo.sqlite'));
    expect((await readCollection(restored, 'contact_forms')).map((record) => record.id).sort()).toEqual([...ids].sort());
    expect((await operator('db-backup', [target], { DATA_DIR: folders.dataDir })).stderr).toMatch(/already exists/);
  });
});

describe('npm run db:export and db:import', () => {
  it('move every collection, types intact, into another database; importing twice changes nothing', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    const site = await start(folders);
    const id = (await postInquiry(site.origin)).id!;
    const file = path.join(folders.root, 'site.jsonl');
    const exported = await operator('db-export', [file], { DATA_DIR: folders.dataDir });
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(new RegExp(`contact_forms 1.*vehicles ${shippedCatalog.length}|vehicles ${shippedCatalog.length}.*contact_forms 1`));
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = path.join(folders.root, 'other');
    for (let run = 0; run < 2; run += 1) {
      const imported = await operator('db-import', [file], { DATA_DIR: target });
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toMatch(/contact_forms 1/);
    }
    const server = await startEmbeddedMongo({ dataDir: target });
    const client = new MongoClient(server.uri);
    try {
      const db = client.db('shore-golf-carts');
      expect(await db.collection('vehicles').countDocuments()).toBe(shippedCatalog.length);
      const inquiry = await db.collection('contact_forms').findOne({ id });
      expect(inquiry?.createdAt).toBeInstanceOf(Date);
      expect(await db.collection('contact_forms').countDocuments()).toBe(1);
    } finally {
      await client.close();
      await server.close();
    }
    writeFileSync(path.join(folders.root, 'bad.jsonl'), 'not an export\n');
    expect((await operator('db-import', [path.join(folders.root, 'bad.jsonl')], { DATA_DIR: target })).stderr).toMatch(/not a db:export file|Unexpected token/);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('shore-golf-carts-export/1');
  });
});

describe('npm run inquiries:status', () => {
  it('lists the e-mails still owed and the ones given up, with exit code 2 once any failed', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    // A mail server that is not there: every inquiry stays pending.
    const site = await start(folders, { SMTP_URL: 'smtp://127.0.0.1:9' });
    const ids = [(await postInquiry(site.origin)).id!, (await postInquiry(site.origin)).id!];

    const pending = await operator('inquiries-status', [], { DATA_DIR: folders.dataDir });
    expect(pending.status).toBe(0);
    expect(pending.stdout.split('\n')[0]).toBe('2 pending, 0 failed');
    for (const id of ids) expect(pending.stdout).toContain(`inquiry ${id}`);
    expect(pending.stdout).not.toContain('jane.doe@example.com');
    const ready = (await (await fetch(`${site.origin}/readyz`)).json()) as { deliveries: { pending: number; failed: number } };
    expect(ready.deliveries).toEqual({ pending: 2, failed: 0 });

    const server = await startEmbeddedMongo({ dataDir: folders.dataDir });
    const client = new MongoClient(server.uri);
    await client
      .db('shore-golf-carts')
      .collection('contact_forms')
      .updateOne({ id: ids[0] }, { $set: { 'notification.status': 'failed', 'notification.lastError': '550 Mailbox unavailable' } });
    await client.close();
    await server.close();

    const failed = await operator('inquiries-status', [], { DATA_DIR: folders.dataDir });
    expect(failed.status).toBe(2);
    expect(failed.stdout.split('\n')[0]).toBe('1 pending, 1 failed');
    expect(failed.stdout).toMatch(new RegExp(`^failed .*inquiry ${ids[0]} .*last error: 550 Mailbox unavailable$`, 'm'));
  });
});

describe('npm run staff:invite', () => {
  it('prints a single-use invitation link as its last line while the site runs, and refuses an existing account', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    const site = await start(folders, { PUBLIC_ORIGIN: 'https://carts.example' });

    const invited = await operator('staff-invite', ['Owner@Example.org', '--role', 'owner', '--name', 'Robin Owner'], {
      DATA_DIR: folders.dataDir,
      PUBLIC_ORIGIN: 'https://carts.example',
    });
    expect(invited.stderr).toBe('');
    expect(invited.status).toBe(0);
    const lastLine = invited.stdout.trimEnd().split('\n').at(-1)!;
    expect(lastLine).toMatch(/^https:\/\/carts\.example\/staff\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    // The running site knows the invitation at once: same database, no restart.
    const { pathname, search } = new URL(lastLine);
    const page = await fetch(`${site.origin}${pathname}${search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Robin Owner');
    // Only the token's hash is stored.
    const [invitation] = await readCollection(folders.dataDir, 'staff_invitations');
    expect(JSON.stringify(invitation)).not.toContain(new URL(lastLine).searchParams.get('token'));

    const again = await operator('staff-invite', ['owner@example.org', '--role', 'owner'], { DATA_DIR: folders.dataDir });
    expect(again.status).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('owner@example.org already has a staff account');
    expect(again.stderr).toContain('--reset-factors');
    // The first link still works: the refusal changed nothing.
    expect((await fetch(`${site.origin}${pathname}${search}`)).status).toBe(200);

    const reset = await operator('staff-invite', ['owner@example.org', '--role', 'owner', '--reset-factors'], { DATA_DIR: folders.dataDir });
    expect(reset.status).toBe(0);
    const newLink = new URL(reset.stdout.trimEnd().split('\n').at(-1)!);
    expect(newLink.pathname).toBe('/staff/invitation');
    expect((await fetch(`${site.origin}${newLink.pathname}${newLink.search}`)).status).toBe(200);
    expect((await fetch(`${site.origin}${pathname}${search}`)).status).toBe(404);
  });

  it('answers wrong arguments with the usage and exit code 2', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    const wrongArguments = [
      [],
      ['owner@example.org'],
      ['owner@example.org', '--role', 'boss'],
      ['not-an-address', '--role', 'owner'],
      ['a@example.org', 'b@example.org', '--role', 'sales'],
      ['owner@example.org', '--role', 'owner', '--force'],
    ];
    // Each refused before it opens the data folder, so the runs need not wait for one another.
    const results = await Promise.all(wrongArguments.map((args) => operator('staff-invite', args, { DATA_DIR: folders.dataDir })));
    for (const [index, result] of results.entries()) {
      expect(result.status, wrongArguments[index]!.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('usage: npm run staff:invite -- EMAIL --role owner|manager|sales');
    }
  });
});
