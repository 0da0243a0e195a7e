import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { killHard, postInquiry, startProductionServer, type ProductionServer } from '../test/support/production-server';
import { generatedCatalog } from '../test/support/generated-catalog';

// npm run bench:data [-- --rounds 3]: what the data layer costs as it fills up, on the production
// build (npm run build first) with the embedded store.
// - POST /api/contact latency (p50, p95) with 0 / 10,000 / 50,000 inquiries already stored;
// - the outbox: time to mail 300 pending inquiries with 0 / 50,000 stored (.eml files);
// - the catalog import of 23 / 230 / 2,300 vehicles into an empty store (the whole command).
// Sizes are measured in turn within each round (A B C, A B C, ...), so drift hits all alike;
// figures are medians over the rounds with their min-max. Takes about three minutes.

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const POSTS = 150;
const root = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** A stored inquiry as the site writes one, already mailed (or pending when asked). */
function storedInquiry(n: number, pending: boolean) {
  const createdAt = new Date(Date.now() - (n + 1) * 60_000);
  return {
    id: randomUUID(),
    firstName: `Visitor${n}`,
    lastName: 'Doe',
    email: `visitor${n}@example.com`,
    phone: '(609) 555-0100',
    interest: 'sales',
    message: `Question number ${n} about a four-seater in blue, and whether it can be delivered to the shore.`,
    createdAt,
    notification: pending ? { status: 'pending', attempts: 0, nextAttemptAt: createdAt } : { status: 'sent', attempts: 0, nextAttemptAt: createdAt, sentAt: createdAt },
  };
}

/** A data folder holding `stored` mailed inquiries and `pending` unmailed ones, plus the catalog. */
async function preparedDataDir(name: string, stored: number, pending: number): Promise<string> {
  const dataDir = path.join(root, name);
  // The site creates the collections and indexes; then the inquiries go in, in bulk.
  const site = await startProductionServer({ dataDir, mailDir: path.join(root, `${name}-mail`) }, { SMTP_URL: 'smtp://127.0.0.1:9' });
  await killHard(site.child);
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  const inquiries = client.db('shore-golf-carts').collection('contact_forms');
  for (let start = 0; start < stored + pending; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, stored + pending - start) }, (_, i) => storedInquiry(start + i, start + i >= stored));
    await inquiries.insertMany(batch);
  }
  await client.close();
  await server.close();
  return dataDir;
}

async function postLatencies(site: ProductionServer): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < POSTS; i += 1) {
    const started = performance.now();
    const answer = await postInquiry(site.origin);
    if (answer.status !== 201) throw new Error(`POST /api/contact answered ${answer.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.slice(10);
}

async function outboxSeconds(dataDir: string, mailDir: string): Promise<number> {
  const started = performance.now();
  const site = await startProductionServer({ dataDir, mailDir });
  try {
    for (;;) {
      const ready = (await (await fetch(`${site.origin}/readyz`)).json()) as { deliveries?: { pending: number } };
      if (ready.deliveries?.pending === 0) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await killHard(site.child);
  }
}

function importSeconds(size: number, round: number): number {
  const file = path.join(root, `catalog-${size}.json`);
  writeFileSync(file, JSON.stringify(generatedCatalog(size)));
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog-import.ts', file], {
    env: { PATH: process.env.PATH, DATA_DIR: path.join(root, `import-${size}-${round}`), SEED_CATALOG: 'false' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${rounds} rounds`,
  );
  const postSizes = [0, 10_000, 50_000];
  const postDirs = new Map<number, string>();
  for (const size of postSizes) postDirs.set(size, await preparedDataDir(`posts-${size}`, size, 0));
  const outboxSizes = [0, 50_000];
  const latencies = new Map<number, { p50: number[]; p95: number[] }>(postSizes.map((size) => [size, { p50: [], p95: [] }]));
  const outbox = new Map<number, number[]>(outboxSizes.map((size) => [size, []]));
  const imports = new Map<number, number[]>([23, 230, 2300].map((size) => [size, []]));

  for (let round = 0; round < rounds; round += 1) {
    for (const size of postSizes) {
      const site = await startProductionServer({ dataDir: postDirs.get(size)!, mailDir: path.join(root, `posts-${size}-mail`) }, { SMTP_URL: 'smtp://127.0.0.1:9' });
      const measured = await postLatencies(site);
      await killHard(site.child);
      latencies.get(size)!.p50.push(percentile(measured, 0.5));
      latencies.get(size)!.p95.push(percentile(measured, 0.95));
    }
    for (const size of outboxSizes) {
      const dataDir = await preparedDataDir(`outbox-${size}-${round}`, size, 300);
      outbox.get(size)!.push(await outboxSeconds(dataDir, path.join(root, `outbox-${size}-${round}-mail`)));
    }
    for (const size of imports.keys()) imports.get(size)!.push(importSeconds(size, round));
    console.log(`round ${round + 1} done; load average ${loadavg()[0]!.toFixed(2)}`);
  }

  console.log('\n| inquiries stored | POST /api/contact p50 ms (min-max) | p95 ms (min-max) | p50 vs empty |');
  console.log('|---|---|---|---|');
  const empty = median(latencies.get(0)!.p50);
  for (const size of postSizes) {
    const { p50, p95 } = latencies.get(size)!;
    console.log(
      `| ${size.toLocaleString('en-US')} | ${median(p50).toFixed(1)} (${spread(p50)}) | ${median(p95).toFixed(1)} (${spread(p95)}) | ${(median(p50) / empty).toFixed(2)}x |`,
    );
  }
  console.log('\n| inquiries stored | outbox: 300 pending mailed, s (min-max) |');
  console.log('|---|---|');
  for (const [size, seconds] of outbox) console.log(`| ${size.toLocaleString('en-US')} | ${median(seconds).toFixed(2)} (${spread(seconds)}) |`);
  console.log('\n| vehicles | catalog:import into an empty store, s (min-max) |');
  console.log('|---|---|');
  for (const [size, seconds] of imports) console.log(`| ${size.toLocaleString('en-US')} | ${median(seconds).toFixed(2)} (${spread(seconds)}) |`);
  console.log(
    `\nload average at end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(root, { recursive: true, force: true }));
