import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shippedCatalog from '../../seeds/catalog.json';
import { startLeaseRepository } from '../../models/start-lease.repository';
import { vehicleRepository } from '../../models/vehicle.repository';
import { seedCatalogOnce } from '../../services/catalog-seed.service';
import { createLogger } from '../../src/logging/logger.server';
import { listeningPort } from '../support/listening-port';
import { logLines } from '../support/log-lines';
import { startTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { startStoreProcess } from '../support/store-process';

// Issue 25: several instances started at once on an empty database (a first deployment, compose's
// replicas) seed the shipped catalog once between them; none fails, none seeds it again, and each
// lists the whole catalog from its first answer. The instances load first and are then told to
// start at one moment, so that they reach the empty catalog together, as compose's replicas can.

const INSTANCES = 3;

interface Instance {
  child: ChildProcess;
  port: number | null;
  output(): string;
  exit: Promise<number | null>;
}

/** One instance of the site from the source tree, as an operator starts it, on the shared store. */
function startInstance(env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/source-server.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', START_ON_STDIN: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, port: null, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** Resolves once the instance has loaded its code and waits for the word to start. */
function loaded(instance: Instance): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (instance.output().includes('{"msg":"loaded"}')) {
        instance.child.stdout!.off('data', check);
        resolve();
      }
    };
    instance.child.stdout!.on('data', check);
    void instance.exit.then((code) => reject(new Error(`an instance exited with ${code} before it loaded:\n${instance.output()}`)));
  });
}

const logRecords = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; created?: number });

describe('instances started together on an empty database', { timeout: 120_000 }, () => {
  let work: string;
  let store: Awaited<ReturnType<typeof startStoreProcess>>;
  const instances: Instance[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'first-start-'));
    await mkdir(path.join(work, 'store'));
    store = await startStoreProcess(path.join(work, 'store'));
    for (let index = 0; index < INSTANCES; index += 1) {
      await mkdir(path.join(work, `machine-${index}`));
      instances.push(
        startInstance({
          MONGODB_URI: store.uri,
          SEED_CATALOG: 'true',
          DATA_DIR: path.join(work, `machine-${index}`),
          MAIL_DIR: path.join(work, `machine-${index}`, 'mail'),
        }),
      );
    }
    await Promise.all(instances.map(loaded));
    const listening = instances.map(async (instance) => (instance.port = await listeningPort(instance.child, 60_000)));
    for (const instance of instances) instance.child.stdin!.end('start\n');
    await Promise.all(listening);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exit));
    await store?.stop();
    await rm(work, { recursive: true, force: true });
  }, 30_000);

  it('every instance starts, exactly one seeds the shipped catalog, and each lists all of it once', async () => {
    for (const instance of instances) expect(instance.port, instance.output()).not.toBeNull();
    const seeds = instances.flatMap((instance) => logRecords(instance.output()).filter((record) => record.msg.startsWith('seeded the empty catalog')));
    expect(seeds).toHaveLength(1);
    expect(seeds[0]).toMatchObject({ created: shippedCatalog.length });

    const client = new MongoClient(store.uri);
    try {
      const vehicles = await client.db().collection<{ slug: string }>('vehicles').find().toArray();
      expect(vehicles.map((vehicle) => vehicle.slug).sort()).toEqual(shippedCatalog.map((entry) => entry.slug).sort());
    } finally {
      await client.close();
    }
    for (const instance of instances) {
      const listed = (await (await fetch(`http://127.0.0.1:${instance.port}/api/vehicles`)).json()) as Array<{ slug: string }>;
      expect(listed).toHaveLength(shippedCatalog.length);
    }
  });

  it('each stops cleanly', async () => {
    for (const instance of instances) instance.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((instance) => instance.exit))).toEqual(instances.map(() => 0));
  });
});

describe('an instance that dies while seeding', () => {
  it('leaves its lease to run out; another instance then seeds the catalog', async () => {
    const clock = testClock(new Date('2026-06-01T12:00:00Z'));
    const site = await startTestApp({ SEED_CATALOG: false }, { clock: clock.now });
    try {
      // The instance that took the lease a moment ago is gone, the catalog still empty.
      expect(await startLeaseRepository.claim('catalog-seed', { token: 'gone', now: clock.now(), leaseUntil: new Date(clock.now().getTime() + 60_000) })).toBe(true);
      const log = logLines();
      let polls = 0;
      const seeding = seedCatalogOnce({
        logger: createLogger({ LOG_LEVEL: 'info' }, log.destination),
        // Each look at the lease moves the clock on 20 s: the third finds it run out.
        clock: () => {
          polls += 1;
          if (polls > 1) clock.advance(20_000);
          return clock.now();
        },
        pollMs: 1,
      });
      expect(await seeding).toMatchObject({ created: shippedCatalog.length });
      expect(polls).toBeGreaterThan(3);
      expect(await vehicleRepository.isEmpty()).toBe(false);
      // Given back: the next start finds the catalog there and the lease free.
      expect(await startLeaseRepository.claim('catalog-seed', { token: 'next', now: clock.now(), leaseUntil: clock.now() })).toBe(true);
    } finally {
      await site.close();
    }
  });
});
