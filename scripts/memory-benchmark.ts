import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { generatedCatalog } from '../test/support/generated-catalog';
import { cpuSecondsOf, residentMemoryOf } from './process-usage';
import { SEARCH_TERMS, filteredInventory } from './inventory-addresses';
import { listeningOrigin, perBuild, stopServer } from './built-server';

// npm run bench:memory -- --build before=/path/to/dist --build after=dist [--size 23000 --rounds 3]
//     [--env after:MALLOC_ARENA_MAX=2] [--node-arg after:--max-old-space-size=1024] [--report] [--cached-only]
//
// The site's resident memory after a realistic run (issue 26: under 400 MB at 23,000 units), for
// one or more builds side by side. One store of SIZE generated units is imported once (with the
// first build's catalog import command, as bench:ssr does) and every run starts a build's server
// on a fresh copy of it. The builds take turns (A B A B …, the order rotating each round) so that
// the machine's drift favours none. A run: the pages warmed and then asked for one at a time
// (cached: the CPU per request), 10 concurrent /api/vehicles while the cached /privacy is asked
// for every 50 ms, a catalog change imported from another process, the same again, /sitemap.xml,
// 24 searches, 30 filtered inventory pages, 30 prefilled contact pages and 20 API requests, then
// a few seconds' rest. Resident memory (VmRSS, VmHWM) comes from /proc/<pid>/status, CPU from
// /proc/<pid>/stat (every thread: the web thread, the store's worker, the thread pool, V8's
// helpers), where the memory is from /proc/<pid>/smaps. The figures are medians over the rounds
// with the lowest and highest round, beside the load average; the report goes to
// var/reports/memory.json. --cached-only stops each run after the cached pages (their CPU alone). With --report, each run also writes Node's diagnostic report at its end
// (heap spaces of the web thread and of the store's worker) into var/bench-memory/reports.

const CACHED_PAGES = ['/', '/inventory', '/vehicles/denago-ev-city', '/toms-river-township-golf-carts', '/privacy', '/contact'];
const WARMED_PAGES = [...CACHED_PAGES, '/rentals', '/services', '/showroom', '/about', '/denago', '/evolution', '/terms'];
/** Every this-many-th generated entry is repriced for the catalog change. */
const REPRICED_EVERY = 20;

const { values: options } = parseArgs({
  options: {
    build: { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
    'node-arg': { type: 'string', multiple: true, default: [] },
    size: { type: 'string', default: '23000' },
    rounds: { type: 'string', default: '3' },
    'cached-requests': { type: 'string', default: '1200' },
    'rest-seconds': { type: 'string', default: '5,30' },
    report: { type: 'boolean', default: false },
    'cached-only': { type: 'boolean', default: false },
  },
});

interface Build {
  name: string;
  dist: string;
  env: Record<string, string>;
  nodeArgs: string[];
}

const envs = perBuild(options.env, 'env');
const nodeArgs = perBuild(options['node-arg'], 'node-arg');
const builds: Build[] = options.build.map((entry) => {
  const [name, dist] = entry.split('=');
  if (!name || !dist || !existsSync(path.join(dist, 'server/server.js'))) throw new Error(`--build name=dist: no server build at ${String(dist)}`);
  const env = Object.fromEntries(
    (envs.get(name) ?? []).map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 1) throw new Error(`--env ${name}:KEY=VALUE, not ${pair}`);
      return [pair.slice(0, equals), pair.slice(equals + 1)];
    }),
  );
  return { name, dist: path.resolve(dist), env, nodeArgs: nodeArgs.get(name) ?? [] };
});
if (builds.length === 0) throw new Error('name at least one --build name=dist');
for (const name of [...envs.keys(), ...nodeArgs.keys()]) if (!builds.some((build) => build.name === name)) throw new Error(`no build named ${name}`);
const size = Number(options.size);
const rounds = Number(options.rounds);
const cachedRequests = Number(options['cached-requests']);
const restSeconds = options['rest-seconds'].split(',').map(Number);
if (!Number.isInteger(size) || size < 23) throw new Error('--size: at least 23 units');
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: at least 1');
if (restSeconds.length < 1 || restSeconds.some((seconds, index) => !(seconds >= (restSeconds[index - 1] ?? 0))))
  throw new Error('--rest-seconds: rising numbers of seconds, such as 5,30');

// Inside the repository, so that the servers' bundles, run from here, resolve node_modules.
const workDir = path.resolve('var/bench-memory');
const storeDir = path.join(workDir, `store-${size}`);
const reportDir = path.join(workDir, 'reports');
const REPORT_FILE = 'var/reports/memory.json';

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
};
const spread = (values: number[], digits: number) =>
  values.length === 0 ? 'n/a' : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** Asks for a URL and reads its whole (compressed) answer: its status, bytes and time. */
function request(url: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function expectOk(url: string): Promise<{ bytes: number; ms: number }> {
  const answer = await request(url);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return answer;
}

/** The generated catalog's copies are series 2, 3, … of each shipped model. */
const seriesCount = Math.max(1, Math.floor(size / 23) - 1);
const contactPage = (n: number) => `/contact?interest=sales&topic=quote&vehicle=denago-ev-city-series-${2 + ((n * 37) % seriesCount)}`;
/** The API requests of a run's end: the kept list, its count and a few vehicles by slug (never kept). */
const apiRequest = (n: number) =>
  n % 4 === 0
    ? '/api/vehicles'
    : n % 4 === 1
      ? '/api/vehicles/count'
      : `/api/vehicles?${Array.from({ length: 6 }, (_, k) => `slug=denago-ev-city-series-${2 + ((n * 53 + k * 7) % seriesCount)}`).join('&')}`;

function environment(build: Build, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    MAIL_DIR: path.join(workDir, 'mail'),
    LOG_LEVEL: 'info',
    // The searches one after another from one address are what is measured, not refused.
    SEARCH_RATE_LIMIT: '100000000',
    ...build.env,
  };
}

async function runImport(build: Build, dataDir: string, file: string): Promise<number> {
  const started = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await promisify(execFile)(process.execPath, [path.join(build.dist, 'server/catalog-import.js'), file], {
        env: environment(build, dataDir),
        maxBuffer: 64 * 1024 * 1024,
      });
      return (performance.now() - started) / 1000;
    } catch (error) {
      // On a busy machine the import's connection can time out while the store writes a large
      // catalog; the import is a sync, so another run finishes the same catalog.
      if (attempt === 3) throw error;
      console.log(`the import of ${file} failed (${(error as Error).message.split('\n').slice(-2).join(' ')}); trying again`);
    }
  }
}

/** The store every run starts from (imported once and kept), and the catalog file of the change. */
async function prepare(): Promise<string> {
  await mkdir(path.join(workDir, 'mail'), { recursive: true });
  const catalog = generatedCatalog(size);
  const changedFile = path.join(workDir, `catalog-${size}-changed.json`);
  await writeFile(
    changedFile,
    JSON.stringify(catalog.map((entry, index) => (index % REPRICED_EVERY === 0 && entry.price !== null ? { ...entry, price: entry.price + 5 } : entry))),
  );
  if (existsSync(path.join(storeDir, 'imported'))) return changedFile;
  await rm(storeDir, { recursive: true, force: true });
  await mkdir(storeDir, { recursive: true });
  const file = path.join(workDir, `catalog-${size}.json`);
  await writeFile(file, JSON.stringify(catalog));
  const seconds = await runImport(builds[0]!, storeDir, file);
  await writeFile(path.join(storeDir, 'imported'), `${new Date().toISOString()}\n`);
  console.log(`imported ${size} units with ${builds[0]!.name}'s import command in ${seconds.toFixed(1)} s`);
  return changedFile;
}

async function startServer(build: Build, dataDir: string, logFile: string): Promise<{ server: ChildProcess; origin: string }> {
  const log = openSync(logFile, 'w');
  const reportArgs = options.report ? ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reportDir}`] : [];
  const server = spawn(process.execPath, [...build.nodeArgs, ...reportArgs, path.join(build.dist, 'server/server.js')], {
    env: environment(build, dataDir),
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { server, origin: await listeningOrigin(server, logFile, build.name) };
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps, in MiB: the node binary's own pages,
 * other files (libraries, the database's), glibc's main heap ([heap]), thread stacks, and the other
 * anonymous memory (V8's heaps, glibc's per-thread arenas, buffers).
 */
function residentByKind(pid: number): Record<string, number> {
  const kinds: Record<string, number> = { binary: 0, files: 0, 'malloc heap': 0, stacks: 0, anonymous: 0 };
  let kind = 'anonymous';
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (mapping) {
        const name = mapping[1]!;
        kind =
          name === ''
            ? 'anonymous'
            : name === '[heap]'
              ? 'malloc heap'
              : name.startsWith('[stack')
                ? 'stacks'
                : name.startsWith('[')
                  ? 'anonymous'
                  : path.basename(name) === 'node'
                    ? 'binary'
                    : 'files';
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) kinds[kind]! += Number(rss[1]) / 1024;
    }
  } catch {
    // No smaps (not Linux): nothing to break down.
  }
  return kinds;
}

/** CPU ticks of each thread of a process, by thread name (the web thread by its own name). */
function ticksByThread(pid: number): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'web thread' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(name, (ticks.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return ticks;
}

interface RunFigures {
  build: string;
  round: number;
  load: string;
  /** MiB */
  residentAfterApi: number;
  residentAfterChange: number;
  residentAfterSitemap: number;
  residentAfterSearches: number;
  /** After each of --rest-seconds without requests. */
  residentAtRest: number[];
  peak: number;
  residentByKind: Record<string, number>;
  /** CPU ms per request */
  cachedCpu: number;
  searchCpu: number;
  filteredCpu: number;
  contactCpu: number;
  apiBuildCpu: number;
  sitemapCpu: number;
  /** ms */
  slowestPrivacyWhileApiBuilt: number;
  apiBuildSeconds: number;
  changeImportSeconds: number;
  /** The store worker's ticks of the whole run, and the web thread's, in CPU seconds. */
  threadSeconds: Record<string, number>;
}

/** A run cut short after the cached pages (--cached-only): their CPU per request alone. */
function cachedOnly(build: string, round: number, load: string, cachedCpu: number): RunFigures {
  return {
    build,
    round,
    load,
    residentAfterApi: Number.NaN,
    residentAfterChange: Number.NaN,
    residentAfterSitemap: Number.NaN,
    residentAfterSearches: Number.NaN,
    residentAtRest: restSeconds.map(() => Number.NaN),
    peak: Number.NaN,
    residentByKind: {},
    cachedCpu,
    searchCpu: Number.NaN,
    filteredCpu: Number.NaN,
    contactCpu: Number.NaN,
    apiBuildCpu: Number.NaN,
    sitemapCpu: Number.NaN,
    slowestPrivacyWhileApiBuilt: Number.NaN,
    apiBuildSeconds: Number.NaN,
    changeImportSeconds: Number.NaN,
    threadSeconds: {},
  };
}

async function measureRun(build: Build, round: number, changedFile: string): Promise<RunFigures> {
  const dataDir = path.join(workDir, `run-${build.name}`);
  await rm(dataDir, { recursive: true, force: true });
  await cp(storeDir, dataDir, { recursive: true });
  const load = loadAverage();
  const { server, origin } = await startServer(build, dataDir, path.join(workDir, `${build.name}-server.log`));
  const pid = server.pid!;
  const resident = () => residentMemoryOf(pid)!.now;
  const cpu = () => cpuSecondsOf(pid)!;
  const ticksAtStart = ticksByThread(pid);
  const cpuPerRequest = async (urls: string[], concurrency = 1): Promise<number> => {
    const before = cpu();
    for (let start = 0; start < urls.length; start += concurrency) await Promise.all(urls.slice(start, start + concurrency).map(expectOk));
    return ((cpu() - before) * 1000) / urls.length;
  };
  try {
    // The pages warmed (rendered and kept), then asked for one at a time: what a cached page costs.
    for (const page of WARMED_PAGES) await expectOk(origin + page);
    await cpuPerRequest(CACHED_PAGES.map((page) => origin + page));
    const cachedCpu = await cpuPerRequest(Array.from({ length: cachedRequests }, (_, n) => origin + CACHED_PAGES[n % CACHED_PAGES.length]!));
    if (options['cached-only']) return cachedOnly(build.name, round, load, cachedCpu);

    // The whole list built by 10 visitors at once, while a cached page is asked for every 50 ms.
    const apiBuild = async () => {
      let building = true;
      let slowest = 0;
      const privacy = (async () => {
        while (building) {
          slowest = Math.max(slowest, (await expectOk(`${origin}/privacy`)).ms);
          await wait(50);
        }
      })();
      const started = performance.now();
      const before = cpu();
      await Promise.all(Array.from({ length: 10 }, () => expectOk(`${origin}/api/vehicles`)));
      const cpuMs = (cpu() - before) * 1000;
      const seconds = (performance.now() - started) / 1000;
      building = false;
      await privacy;
      return { slowest, seconds, cpuMs };
    };
    const first = await apiBuild();
    const residentAfterApi = resident();
    // A catalog change from another process (the catalog import command), seen within a second.
    const changeImportSeconds = await runImport(build, dataDir, changedFile);
    await wait(1500);
    const second = await apiBuild();
    const residentAfterChange = resident();
    const sitemapCpu = await cpuPerRequest([`${origin}/sitemap.xml`]);
    const residentAfterSitemap = resident();
    const searchCpu = await cpuPerRequest(Array.from({ length: 24 }, (_, n) => `${origin}/inventory?search=${SEARCH_TERMS[n % SEARCH_TERMS.length]}`));
    const residentAfterSearches = resident();
    const filteredCpu = await cpuPerRequest(Array.from({ length: 30 }, (_, n) => origin + filteredInventory(n + round * 30)));
    const contactCpu = await cpuPerRequest(Array.from({ length: 30 }, (_, n) => origin + contactPage(n + round * 30)));
    await cpuPerRequest(Array.from({ length: 20 }, (_, n) => origin + apiRequest(n)));
    const ended = performance.now();
    const residentAtRest: number[] = [];
    for (const seconds of restSeconds) {
      await wait(Math.max(0, seconds * 1000 - (performance.now() - ended)));
      residentAtRest.push(resident());
    }
    const memory = residentMemoryOf(pid)!;
    if (options.report) {
      server.kill('SIGUSR2');
      await wait(2000);
    }
    const threadSeconds: Record<string, number> = {};
    for (const [name, ticks] of ticksByThread(pid)) {
      const used = (ticks - (ticksAtStart.get(name) ?? 0)) / 100;
      if (used > 0) threadSeconds[name] = used;
    }
    return {
      build: build.name,
      round,
      load,
      residentAfterApi,
      residentAfterChange,
      residentAfterSitemap,
      residentAfterSearches,
      residentAtRest,
      peak: memory.peak,
      residentByKind: residentByKind(pid),
      cachedCpu,
      searchCpu,
      filteredCpu,
      contactCpu,
      apiBuildCpu: median([first.cpuMs, second.cpuMs]),
      sitemapCpu,
      slowestPrivacyWhileApiBuilt: Math.max(first.slowest, second.slowest),
      apiBuildSeconds: median([first.seconds, second.seconds]),
      changeImportSeconds,
      threadSeconds,
    };
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const changedFile = await prepare();
if (options.report) await mkdir(reportDir, { recursive: true });
const runs: RunFigures[] = [];
const loads = [loadAverage()];
for (let round = 0; round < rounds; round += 1) {
  for (const offset of builds.keys()) {
    const build = builds[(offset + round) % builds.length]!;
    const figures = await measureRun(build, round, changedFile);
    runs.push(figures);
    if (options['cached-only']) console.log(`round ${round + 1}, ${build.name}: cached pages ${figures.cachedCpu.toFixed(3)} CPU ms/request; load ${figures.load}`);
    else
      console.log(
        `round ${round + 1}, ${build.name}: ${figures.residentAtRest.map((mib) => mib.toFixed(0)).join(' / ')} MiB after ${restSeconds.join(' / ')} s (peak ${figures.peak.toFixed(0)}); after the API ${figures.residentAfterApi.toFixed(0)}, the change ${figures.residentAfterChange.toFixed(0)}, the sitemap ${figures.residentAfterSitemap.toFixed(0)}, the searches ${figures.residentAfterSearches.toFixed(0)}; load ${figures.load}`,
      );
  }
  loads.push(loadAverage());
}

const rows: Array<[label: string, pick: (run: RunFigures) => number, digits: number]> = [
  ...restSeconds.map((seconds, index): [string, (run: RunFigures) => number, number] => [
    `resident memory ${seconds} s after the run, MiB`,
    (run) => run.residentAtRest[index]!,
    0,
  ]),
  ['peak (VmHWM), MiB', (run) => run.peak, 0],
  ['after the first API build, MiB', (run) => run.residentAfterApi, 0],
  ['after the change and the second build, MiB', (run) => run.residentAfterChange, 0],
  ['after the sitemap, MiB', (run) => run.residentAfterSitemap, 0],
  ['after the searches, MiB', (run) => run.residentAfterSearches, 0],
  ...Object.keys(runs[0]!.residentByKind).map((kind): [string, (run: RunFigures) => number, number] => [
    `  after the last rest: ${kind}, MiB`,
    (run) => run.residentByKind[kind] ?? 0,
    0,
  ]),
  ['cached page, CPU ms/request', (run) => run.cachedCpu, 3],
  ['search, CPU ms/request', (run) => run.searchCpu, 1],
  ['filtered page, CPU ms/request', (run) => run.filteredCpu, 1],
  ['prefilled contact, CPU ms/request', (run) => run.contactCpu, 1],
  ['/sitemap.xml built, CPU ms', (run) => run.sitemapCpu, 0],
  ['/api/vehicles x10 built, CPU ms', (run) => run.apiBuildCpu, 0],
  ['/api/vehicles x10 built, s', (run) => run.apiBuildSeconds, 1],
  ['slowest /privacy while built, ms', (run) => run.slowestPrivacyWhileApiBuilt, 0],
];
console.log(`\n${size} units, ${rounds} rounds, builds in turn; load average (1, 5, 15 min) at the start and after each round: ${loads.join(' | ')}`);
console.log(`| | ${builds.map((build) => build.name).join(' | ')} |`);
console.log(`| --- |${builds.map(() => ' ---: |').join('')}`);
for (const [label, pick, digits] of rows.filter(([, pick]) => runs.some((run) => Number.isFinite(pick(run))))) {
  console.log(`| ${label} | ${builds.map((build) => spread(runs.filter((run) => run.build === build.name).map(pick), digits)).join(' | ')} |`);
}
for (const build of builds) {
  const threads = new Map<string, number[]>();
  for (const run of runs.filter((each) => each.build === build.name)) {
    for (const [name, seconds] of Object.entries(run.threadSeconds)) threads.set(name, [...(threads.get(name) ?? []), seconds]);
  }
  const busiest = [...threads.entries()].sort((a, b) => median(b[1]) - median(a[1])).slice(0, 6);
  console.log(`${build.name}: CPU s of a run by thread (median): ${busiest.map(([name, seconds]) => `${name} ${median(seconds).toFixed(1)}`).join(', ')}`);
}
await mkdir(path.dirname(REPORT_FILE), { recursive: true });
await writeFile(
  REPORT_FILE,
  `${JSON.stringify({ size, rounds, loads, builds: builds.map(({ name, dist, env, nodeArgs: args }) => ({ name, dist, env, nodeArgs: args })), runs }, null, 2)}\n`,
);
console.log(`report: ${REPORT_FILE}`);
agent.destroy();
