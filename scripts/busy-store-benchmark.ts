import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { generatedCatalog } from '../test/support/generated-catalog';
import { listeningPort } from '../test/support/listening-port';

// npm run bench:busy-store -- BEFORE_CHECKOUT AFTER_CHECKOUT [UNITS]
// A cached page's latency while searches keep the embedded store busy, for two builds of the site
// (each checkout built with `npm run build`) side by side: each server gets its own data folder
// with UNITS catalog entries (2,300 by default), then, in rounds in alternating order, the cached
// `/` is fetched one request at a time for a few seconds idle and for as long beside SEARCHES
// searches that never hit the cache. Prints p50 and p99 (medians over the rounds, [min–max]), the
// busy p99 as a multiple of the idle one, and the load average before and after.

const ROUNDS = 4;
const PHASE_MS = 6_000;
const SEARCHES = 2;

const [beforeRoot, afterRoot] = process.argv.slice(2, 4).map((root) => path.resolve(root));
const units = Number(process.argv[4] ?? 2300);
if (!beforeRoot || !afterRoot) throw new Error('usage: npm run bench:busy-store -- BEFORE_CHECKOUT AFTER_CHECKOUT [UNITS]');

interface Site {
  label: string;
  child: ChildProcess;
  port: number;
  folder: string;
}

async function start(label: string, root: string): Promise<Site> {
  const entry = path.join(root, 'dist/server/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: npm run build in ${root}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), `busy-store-${label}-`));
  const env = { PATH: process.env.PATH, DATA_DIR: path.join(folder, 'data'), MAIL_DIR: path.join(folder, 'mail'), LOG_LEVEL: 'warn' };
  const catalog = path.join(folder, 'catalog.json');
  writeFileSync(catalog, JSON.stringify(generatedCatalog(units)));
  execFileSync(process.execPath, [path.join(root, 'dist/server/catalog-import.js'), catalog], { cwd: root, env, stdio: 'ignore' });
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEARCH_RATE_LIMIT: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await listeningPort(child);
  child.stdout!.resume();
  if (!port) throw new Error(`${label} exited before listening`);
  return { label, child, port, folder };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(port: number, pathname: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

/** Latencies of the cached `/`, one request at a time, for PHASE_MS; with `searches` search loops running beside it. */
async function phase(site: Site, searches: number): Promise<{ p50: number; p99: number; samples: number; searched: number }> {
  let running = true;
  let searched = 0;
  const loops = Array.from({ length: searches }, async (_, loop) => {
    for (let i = 0; running; i += 1) {
      await get(site.port, `/inventory?search=nomad${(loop * 1_000_000 + i) % 7 ? '' : '+lithium'}&n=${loop}-${i}`);
      searched += 1;
    }
  });
  const latencies: number[] = [];
  const until = performance.now() + PHASE_MS;
  while (performance.now() < until) latencies.push(await get(site.port, '/'));
  running = false;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), samples: latencies.length, searched };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(
  `load average before: ${loadAverage()} (${os.cpus().length} CPUs); ${units} units; ${SEARCHES} searches at a time; ${ROUNDS} rounds of ${PHASE_MS / 1000} s per phase`,
);
const sites = [await start('before', beforeRoot), await start('after', afterRoot)];
for (const site of sites) for (let i = 0; i < 20; i += 1) await get(site.port, '/');
const results = new Map<string, Array<{ idle: Awaited<ReturnType<typeof phase>>; busy: Awaited<ReturnType<typeof phase>> }>>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const site of round % 2 ? [...sites].reverse() : sites) {
    const idle = await phase(site, 0);
    const busy = await phase(site, SEARCHES);
    results.set(site.label, [...(results.get(site.label) ?? []), { idle, busy }]);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figure = (values: number[], digits = 1) => `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
console.log('| build | idle p50 ms | idle p99 ms | busy p50 ms | busy p99 ms | busy p99 / idle p99 | cached requests (idle / busy) | searches answered |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [label, rounds] of results) {
  const ratio = rounds.map(({ idle, busy }) => busy.p99 / idle.p99);
  console.log(
    `| ${label} | ${figure(rounds.map((r) => r.idle.p50))} | ${figure(rounds.map((r) => r.idle.p99))} | ${figure(rounds.map((r) => r.busy.p50))} | ${figure(rounds.map((r) => r.busy.p99))} | ${figure(ratio)} | ${median(rounds.map((r) => r.idle.samples))} / ${median(rounds.map((r) => r.busy.samples))} | ${median(rounds.map((r) => r.busy.searched))} |`,
  );
}
console.log(`load average after: ${loadAverage()}`);
for (const site of sites) {
  site.child.kill('SIGTERM');
  await new Promise((resolve) => site.child.once('exit', resolve));
  rmSync(site.folder, { recursive: true, force: true });
}
agent.destroy();
