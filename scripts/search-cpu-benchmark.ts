import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { generatedCatalog } from '../test/support/generated-catalog';
import { cpuSecondsByThreadName, cpuSecondsOf, threadCpuSecondsOf } from './process-usage';
import { SEARCH_TERMS, apiPageCount, filteredInventory, listedFilteredPages } from './inventory-addresses';
import { listeningOrigin, perBuild, stopServer } from './built-server';

// The inventory search alone (issue 26), several builds side by side: per catalog size each
// build imports the generated catalog into its own data folder (kept under var/bench-search and
// reused), then all the builds' servers run at once and are asked in turn, in rotating order
// over the rounds, the same searches one at a time (`/inventory?search=<term>`, 12 terms in
// turn, never cached). CPU is the whole server process (web thread, the store's worker, the
// thread pool, V8's helpers) from /proc/<pid>/stat, and per thread from /proc/<pid>/task; the
// figures are the median over the rounds of CPU ms per request, with the lowest and highest
// round, beside the load average. Each server first answers `--warmup` requests (2,000),
// unmeasured: searches, and with `--target filtered` every other one a filtered address's JSON.
// With `--target filtered`, filtered inventory pages instead of searches, each page the catalog has
// asked for once, so that every one misses the render cache.
//
//   npx tsx scripts/search-cpu-benchmark.ts --build before=/work/wt-a/dist --build after=/work/wt-b/dist [--target filtered]
//     [--node-arg after:--max-semi-space-size=32]

const { values: options } = parseArgs({
  options: {
    build: { type: 'string', multiple: true, default: [] },
    // `name:--flag`: a V8 or Node flag for one build's server (the same build twice with and without a flag compares the flag).
    'node-arg': { type: 'string', multiple: true, default: [] },
    sizes: { type: 'string', default: '2300,23000' },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '36' },
    page: { type: 'string', default: '1' },
    // `filtered`: instead of searches, filtered inventory pages each asked for once (every cache misses).
    target: { type: 'string', default: 'search' },
    // Searches asked before the measured rounds, so that V8 has compiled the request path as a
    // server that has run for a while has: for the first few hundred requests after a start, its
    // optimising compilers' threads cost as much as 6 ms a request, still 2.2 after 400 searches,
    // 0.7 after 3,000 (2,300 units: 10.3 and 8.3 ms CPU a search in all).
    warmup: { type: 'string', default: '2000' },
  },
});

const nodeArgs = perBuild(options['node-arg'], 'node-arg');
const builds = options.build.map((entry) => {
  const [name, dist] = entry.split('=');
  if (!name || !dist || !existsSync(path.join(dist, 'server/server.js'))) throw new Error(`--build name=dist: no server build at ${String(dist)}`);
  return { name, dist: path.resolve(dist), nodeArgs: nodeArgs.get(name) ?? [] };
});
for (const name of nodeArgs.keys()) if (!builds.some((build) => build.name === name)) throw new Error(`--node-arg: no build named ${name}`);
if (builds.length === 0) throw new Error('name at least one --build name=dist');
type Build = (typeof builds)[number];
const sizes = options.sizes.split(',').map(Number);
const rounds = Number(options.rounds);
const requestsPerRound = Number(options.requests);
const page = Number(options.page);
const warmup = Number(options.warmup);
if (options.target !== 'search' && options.target !== 'filtered') throw new Error('--target search|filtered');
const filtered = options.target === 'filtered';
const workDir = path.resolve('var/bench-search');

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function prepare(build: Build, size: number): Promise<string> {
  const dataDir = path.join(workDir, `${build.name}-${size}`);
  const marker = path.join(dataDir, 'imported');
  if (existsSync(marker)) return dataDir;
  await mkdir(dataDir, { recursive: true });
  const catalog = path.join(workDir, `catalog-${size}.json`);
  if (!existsSync(catalog)) await writeFile(catalog, JSON.stringify(generatedCatalog(size)));
  const started = Date.now();
  const runImport = () =>
    promisify(execFile)(process.execPath, [path.join(build.dist, 'server/catalog-import.js'), catalog], { env: environment(dataDir), maxBuffer: 64 * 1024 * 1024 });
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runImport();
      break;
    } catch (error) {
      // On a busy machine the import's connection can time out while the store writes a large
      // catalog in one go; the import is a sync, so another run finishes the same catalog.
      if (attempt === 3) throw error;
      console.log(`${build.name}: the import of ${size} units failed (${(error as Error).message.split('\n').slice(-2).join(' ')}); trying again`);
    }
  }
  await writeFile(marker, `${new Date().toISOString()}\n`);
  console.log(`${build.name}: imported ${size} units in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}

function environment(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    MAIL_DIR: path.join(workDir, 'mail'),
    LOG_LEVEL: 'info',
    SEARCH_RATE_LIMIT: '100000000',
  };
}

async function startServer(build: Build, dataDir: string): Promise<{ server: ChildProcess; origin: string }> {
  const logFile = path.join(workDir, `${build.name}-server.log`);
  const log = openSync(logFile, 'w');
  const server = spawn(process.execPath, [...build.nodeArgs, path.join(build.dist, 'server/server.js')], { env: environment(dataDir), stdio: ['ignore', log, log] });
  closeSync(log);
  return { server, origin: await listeningOrigin(server, logFile, build.name) };
}

for (const size of sizes) {
  await mkdir(path.join(workDir, 'mail'), { recursive: true });
  const running = [];
  for (const build of builds) running.push({ build, ...(await startServer(build, await prepare(build, size))) });
  try {
    const searchUrl = (origin: string, n: number) => `${origin}/inventory?search=${SEARCH_TERMS[n % SEARCH_TERMS.length]}${page > 1 ? `&page=${page}` : ''}`;
    // Each build is asked for the same filtered pages in the same order, none of them twice: pages
    // the catalog has (listedFilteredPages), read once the servers are warm.
    let filteredPages: string[] = [];
    const asked = new Map<string, number>();
    const url = (origin: string, n: number) => {
      if (!filtered) return searchUrl(origin, n);
      const next = asked.get(origin) ?? 0;
      asked.set(origin, next + 1);
      const address = filteredPages[next];
      if (address === undefined) throw new Error(`only ${filteredPages.length} filtered inventory pages: fewer than --rounds x --requests`);
      return `${origin}${address}`;
    };
    // Warm up: each term once, answered, so no first-use cost is measured (a server's first
    // inventory request writes what the catalog lacks and counts the filter choices, which can
    // take longer than the store's timeout on a busy machine: asked again until it answers).
    for (const side of running) {
      for (const n of SEARCH_TERMS.keys()) {
        const deadline = Date.now() + 300_000;
        while ((await getStatus(searchUrl(side.origin, n))) !== 200) {
          if (Date.now() > deadline) throw new Error(`${side.build.name}: ${searchUrl(side.origin, n)} did not answer 200 within 300 s`);
          await wait(1000);
        }
      }
      // With --target filtered, every other one is the same filtered address's JSON (/api/inventory),
      // which runs the catalog's filtered path without keeping the page the rounds will ask for.
      for (let n = SEARCH_TERMS.length; n < warmup; n += 1) {
        await getStatus(filtered && n % 2 === 0 ? `${side.origin}/api${filteredInventory(n)}` : searchUrl(side.origin, n));
      }
    }
    if (filtered) {
      // Every build is asked for the page counts, so that each holds the same kept API answers; the lists agree.
      for (const side of running) {
        const listed = await listedFilteredPages((address) => apiPageCount(side.origin, address));
        if (filteredPages.length > 0 && listed.join('\n') !== filteredPages.join('\n'))
          throw new Error(`${side.build.name} lists other filtered pages than ${running[0]!.build.name}`);
        filteredPages = listed;
      }
    }
    const failures = running.map(() => 0);
    const perRequest = running.map(() => [] as number[]);
    const threads = running.map(() => new Map<string, number>());
    const loads: string[] = [load()];
    for (let round = 0; round < rounds; round += 1) {
      const order = running.map((_, index) => (index + round) % running.length);
      for (const index of order) {
        const side = running[index]!;
        const pid = side.server.pid!;
        const before = cpuSecondsOf(pid)!;
        const threadsBefore = threadCpuSecondsOf(pid);
        for (let n = 0; n < requestsPerRound; n += 1) {
          const status = await getStatus(url(side.origin, n));
          if (status !== 200) failures[index]! += 1;
        }
        perRequest[index]!.push(((cpuSecondsOf(pid)! - before) * 1000) / requestsPerRound);
        for (const [name, seconds] of cpuSecondsByThreadName(threadsBefore, threadCpuSecondsOf(pid)))
          threads[index]!.set(name, (threads[index]!.get(name) ?? 0) + seconds);
      }
      loads.push(load());
    }
    const what = filtered
      ? '/inventory?brand=…&category=…&price=…&condition=…[&page=…], each once'
      : `/inventory?search=<12 terms in turn>${page > 1 ? ` page ${page}` : ''}`;
    console.log(`\n${size} units, ${what}: ${rounds} rounds x ${requestsPerRound} requests per build`);
    console.log(`load average (1, 5, 15 min) at the start and after each round: ${loads.join(' | ')}`);
    for (const [index, side] of running.entries()) {
      const samples = perRequest[index]!;
      const byThread = [...threads[index]!.entries()]
        .filter(([, seconds]) => seconds > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([name, seconds]) => `${name} ${((seconds * 1000) / (rounds * requestsPerRound)).toFixed(1)}`)
        .join(', ');
      console.log(
        `${side.build.name}: ${median(samples).toFixed(1)} ms CPU/request (${Math.min(...samples).toFixed(1)}-${Math.max(...samples).toFixed(1)}); by thread (mean ms): ${byThread}${failures[index] ? `; ${failures[index]} requests not answered 200` : ''}`,
      );
    }
  } finally {
    for (const side of running) await stopServer(side.server);
  }
}
