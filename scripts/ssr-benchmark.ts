import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http, { get } from 'node:http';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { generatedCatalog } from '../test/support/generated-catalog';
import { listeningPortInLog } from '../test/support/listening-port';
import { NGINX_BINARY, nginxAvailable, startNginx, type NginxServer } from '../test/support/nginx-server';
import { cpuSecondsByThreadName, cpuSecondsOf, residentMemoryOf, threadCpuSecondsOf } from './process-usage';
import { SEARCH_TERMS, apiPageCount, filteredInventory, listedFilteredPages } from './inventory-addresses';

// npm run bench:ssr [-- --dist dist --sizes 2300,23000 --rounds 4 --seconds 3 --flood-seconds 5 --connections 10 --encoding gzip --tool wrk --cpu-prof]
//
// The production server (run `npm run build` first) against the physical limit: nginx serving the
// very same bytes, pre-compressed (gzip_static), on loopback. For each catalog size it starts the
// built server (dist/server/server.js) with a fresh embedded database holding that many vehicles
// (the shipped 23, or a generated catalog imported with the catalog import command), fetches
// each target once, writes those bytes and their gzip into nginx's root, and starts nginx (Debian's
// package, one process). Then rounds of load, server and nginx alternating (A B, B A, ...) so
// machine drift favours neither: wrk (or autocannon when wrk is missing), 10 connections,
// keep-alive, `Accept-Encoding: gzip`. For each run it reads the CPU time the server process used
// (every thread, /proc) and divides by the requests answered. It reports per target the median CPU
// ms/request and requests/s of each side with their spread (lowest to highest round) and the
// ratio of the medians, the HTML size, and the load average; written to var/reports/ssr.json.
//
// Beside the cached targets, the requests no cache answers (a search, a filtered inventory page
// asked for the first time, the contact page prefilled for a vehicle): one request at a time,
// each a URL not asked before, for the same rounds, in CPU ms per request of the server. Then the
// flood: the cached `/` one request at a time, idle and then beside FLOOD_SEARCHES search loops,
// its p99 beside the searches as a multiple of its idle p99. And the server's resident memory
// (now and at its peak) after all that, per catalog size.

interface CachedTarget {
  name: string;
  path: string;
  file: string;
}

/** The pages nginx is set beside; the framework chunk's hashed name is read from the home page. */
const CACHED_TARGETS: readonly CachedTarget[] = [
  { name: 'home', path: '/', file: 'home.html' },
  { name: 'home with utm_source', path: '/?utm_source=x', file: 'home-utm.html' },
  { name: 'inventory', path: '/inventory', file: 'inventory.html' },
  { name: 'model page', path: '/vehicles/denago-ev-city', file: 'model-page.html' },
  { name: 'town page', path: '/toms-river-township-golf-carts', file: 'town-page.html' },
  { name: 'privacy', path: '/privacy', file: 'privacy.html' },
  { name: 'sitemap', path: '/sitemap.xml', file: 'sitemap.xml' },
  { name: 'vehicles API', path: '/api/vehicles', file: 'vehicles.json' },
];
const CHUNK_TARGET = { name: 'framework chunk', file: 'framework.js' };
const CACHED_TARGET_COUNT = CACHED_TARGETS.length + 1;

/** What the uncached targets' addresses are made from, per catalog size. */
interface CatalogAddresses {
  size: number;
  /** Every filtered inventory page the catalog has (listedFilteredPages). */
  filteredPages: readonly string[];
}

interface UncachedTarget {
  name: string;
  path: string;
  /** The n-th address: one not asked before in the run (searches are never cached, whatever the address). */
  url: (n: number, catalog: CatalogAddresses) => string;
  /** How many addresses there are, when they can run out: the rounds share them evenly. */
  available?: (catalog: CatalogAddresses) => number;
}

/** Requests no cache answers. */
const UNCACHED_TARGETS: readonly UncachedTarget[] = [
  { name: 'search', path: '/inventory?search=nomad (12 terms in turn)', url: (n) => `/inventory?search=${SEARCH_TERMS[n % SEARCH_TERMS.length]}` },
  {
    name: 'filtered miss',
    path: '/inventory?brand=…&category=…&price=…&condition=…[&page=…], pages that exist',
    url: (n, catalog) => {
      const address = catalog.filteredPages[n];
      if (address === undefined) throw new Error(`only ${catalog.filteredPages.length} filtered inventory pages: too few for the rounds`);
      return address;
    },
    available: (catalog) => catalog.filteredPages.length,
  },
  {
    name: 'prefilled contact',
    path: '/contact?interest=sales&topic=quote&vehicle=denago-ev-city-series-N',
    // The generated catalog's copies are series 2, 3, ... of each shipped model.
    url: (n, catalog) => `/contact?interest=sales&topic=quote&vehicle=denago-ev-city-series-${2 + (n % Math.max(1, Math.floor(catalog.size / 23) - 1))}`,
  },
];
const FLOOD_SEARCHES = 2;

/** Cached pages and the API should cost at most this many times nginx's CPU per request. */
const TARGET_CPU_RATIO = 10;
/** Requests no cache answers should cost less than this many CPU ms at 2,300 units (20 at 23,000). */
const TARGET_UNCACHED_MS = 5;
const MAX_MEASURING_SECONDS = 1800;
const REPORT_FILE = 'var/reports/ssr.json';

const { values: options } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    sizes: { type: 'string', default: '2300,23000' },
    seconds: { type: 'string', default: '3' },
    'flood-seconds': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    // nginx here has no brotli module, so both sides answer gzip.
    encoding: { type: 'string', default: 'gzip' },
    tool: { type: 'string', default: 'wrk' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return number;
}

const seconds = positiveInteger('seconds', options.seconds);
const rounds = positiveInteger('rounds', options.rounds);
const connections = positiveInteger('connections', options.connections);
const floodSeconds = positiveInteger('flood-seconds', options['flood-seconds']);
const sizes = options.sizes.split(',').map((size) => positiveInteger('sizes', size.trim()));
const wrkPath = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate));
const tool = options.tool === 'wrk' && wrkPath ? 'wrk' : 'autocannon';
const measuringSeconds = sizes.length * rounds * (CACHED_TARGET_COUNT * 2 * seconds + UNCACHED_TARGETS.length * seconds + 2 * floodSeconds);
if (measuringSeconds > MAX_MEASURING_SECONDS) {
  throw new Error(
    `${sizes.length} sizes x ${rounds} rounds of ${CACHED_TARGET_COUNT} cached targets, ${UNCACHED_TARGETS.length} uncached and the flood is over the ${MAX_MEASURING_SECONDS} s limit`,
  );
}

const distDir = path.resolve(options.dist);
const serverEntry = path.join(distDir, 'server/server.js');
const importEntry = path.join(distDir, 'server/catalog-import.js');
if (!existsSync(serverEntry)) {
  console.error(`No production build at ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}
if (!nginxAvailable()) {
  console.error('nginx is not installed (Debian: apt-get install nginx); the benchmark measures against it.');
  process.exit(1);
}

// Inside the repository, so the server bundle, run from here, resolves node_modules.
const workDir = path.resolve(`var/tmp/ssr-benchmark-${process.pid}`);
const profileDir = path.resolve('var/reports/ssr-cpu-profiles');

interface Sample {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  failures: number;
  cpuSeconds: number | null;
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A response's bytes as sent, without decoding its Content-Encoding (fetch would). */
function rawGet(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });
}

function gunzippedEquals(gzipped: Buffer, bytes: Buffer): boolean {
  try {
    return gunzipSync(gzipped).equals(bytes);
  } catch {
    return false;
  }
}

/** "1.23ms" → 1.23 */
function wrkMilliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const number = Number(match[1]);
  return match[2] === 'us' ? number / 1000 : match[2] === 'ms' ? number : match[2] === 's' ? number * 1000 : number * 60_000;
}

async function loadWithWrk(url: string, duration: number): Promise<Omit<Sample, 'cpuSeconds'>> {
  const { stdout } = await promisify(execFile)(wrkPath!, ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', `Accept-Encoding: ${options.encoding}`, url], {
    encoding: 'utf8',
  });
  const completed = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(stdout);
  if (!completed) throw new Error(`unexpected wrk output:\n${stdout}`);
  const runSeconds = wrkMilliseconds(`${completed[2]}${completed[3]}`) / 1000;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  return {
    requests: Number(completed[1]),
    seconds: runSeconds,
    p50: wrkMilliseconds(/50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
    p99: wrkMilliseconds(/99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
    failures: non2xx + (socketErrors ? socketErrors.slice(1).reduce((total, count) => total + Number(count), 0) : 0),
  };
}

async function loadWithAutocannon(url: string, duration: number): Promise<Omit<Sample, 'cpuSeconds'>> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration, timeout: 10, headers: { 'accept-encoding': options.encoding }, skipAggregateResult: true });
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    if (status >= 200 && status < 300) latencies.push(milliseconds);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(share * latencies.length) - 1))] ?? Number.NaN;
  return { requests: result.totalCompletedRequests, seconds: result.duration, p50: at(0.5), p99: at(0.99), failures: result.errors + result.timeouts + result.non2xx };
}

async function measure(url: string, duration: number, pid: number): Promise<Sample> {
  const cpuBefore = cpuSecondsOf(pid);
  const load = tool === 'wrk' ? await loadWithWrk(url, duration) : await loadWithAutocannon(url, duration);
  const cpuAfter = cpuSecondsOf(pid);
  return { ...load, cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Figure {
  median: number;
  low: number;
  high: number;
}

const figure = (values: number[]): Figure => ({ median: median(values), low: Math.min(...values), high: Math.max(...values) });

function summarize(samples: Sample[]) {
  const cpu = samples.every((sample) => sample.cpuSeconds !== null && sample.requests > 0)
    ? figure(samples.map((sample) => (sample.cpuSeconds! * 1000) / sample.requests))
    : null;
  return {
    cpuMsPerRequest: cpu,
    requestsPerSecond: figure(samples.map((sample) => sample.requests / sample.seconds)),
    p50: median(samples.map((sample) => sample.p50)),
    p99: median(samples.map((sample) => sample.p99)),
    requests: samples.reduce((total, sample) => total + sample.requests, 0),
    failures: samples.reduce((total, sample) => total + sample.failures, 0),
  };
}

/** What a browser asks for: uncached requests are measured as visitors send them. */
const UNCACHED_ENCODING = 'br, gzip';
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One GET on the kept-alive connections, the body read and dropped: status and milliseconds. */
function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { agent, headers: { 'accept-encoding': UNCACHED_ENCODING } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

const percentileOf = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

interface UncachedSample {
  requests: number;
  cpuMs: number | null;
  /** CPU ms per thread name (the web thread, the store's worker, the thread pool, V8's helpers). */
  threadCpuMs: Map<string, number>;
  p50: number;
  statuses: Record<string, number>;
}

/**
 * Measured as a server that has run a while answers them: V8 keeps compiling a request path for
 * its first couple of thousand requests, and until then its compiler threads cost up to 3 ms a
 * search (scripts/search-cpu-benchmark.ts: 11.7 ms CPU a search after 400 searches, 8.3 after
 * 3,000, the same build). Searches and prefilled contact pages are never kept, so they are asked
 * for as measured; the filtered inventory through its JSON (/api/inventory), which runs the
 * catalog's filtered path without using up the addresses the rounds ask for once each (the page
 * around it is the searches' own).
 */
const UNCACHED_WARMUP_REQUESTS = 2000;

async function warmUncached(origin: string, catalog: CatalogAddresses): Promise<void> {
  for (let n = 0; n < UNCACHED_WARMUP_REQUESTS; n += 1) {
    await timedGet(origin + UNCACHED_TARGETS[0]!.url(n, catalog));
    await timedGet(`${origin}/api${filteredInventory(n)}`);
    await timedGet(origin + UNCACHED_TARGETS[2]!.url(n, catalog));
  }
}

/**
 * Requests one at a time, each to the next address (`urlOf(first)`, `urlOf(first + 1)`, ...), for
 * `duration` seconds and at least one, and at most `most`.
 */
async function measureUncached(urlOf: (n: number) => string, first: number, duration: number, most: number, pid: number): Promise<UncachedSample> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = cpuSecondsOf(pid);
  const threadsBefore = threadCpuSecondsOf(pid);
  const until = performance.now() + duration * 1000;
  for (let n = first; latencies.length === 0 || (performance.now() < until && latencies.length < most); n += 1) {
    const { status, ms } = await timedGet(urlOf(n));
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const cpuAfter = cpuSecondsOf(pid);
  const threadSeconds = cpuSecondsByThreadName(threadsBefore, threadCpuSecondsOf(pid));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) * 1000,
    threadCpuMs: new Map([...threadSeconds].map(([name, seconds]) => [name, seconds * 1000])),
    p50: percentileOf(latencies, 0.5),
    statuses,
  };
}

/** Per thread name, the CPU ms per request over all the samples (threads that used none left out), the busiest first. */
function meanByThread(samples: UncachedSample[]): Record<string, number> {
  const requests = samples.reduce((total, sample) => total + sample.requests, 0);
  const used = new Map<string, number>();
  for (const sample of samples) for (const [name, cpuMs] of sample.threadCpuMs) used.set(name, (used.get(name) ?? 0) + cpuMs);
  return Object.fromEntries(
    [...used]
      .filter(([, cpuMs]) => cpuMs > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, cpuMs]) => [name, cpuMs / requests]),
  );
}

interface FloodPhase {
  p50: number;
  p99: number;
  samples: number;
  searched: number;
}

/** The cached `/`, one request at a time for the flood's seconds, with `searches` loops of searches (never cached) beside it. */
async function floodPhase(origin: string, searches: number): Promise<FloodPhase> {
  let running = true;
  let searched = 0;
  const loops = Array.from({ length: searches }, async (_, loop) => {
    for (let n = 0; running; n += 1) {
      await timedGet(`${origin}/inventory?search=${SEARCH_TERMS[(n + loop * 5) % SEARCH_TERMS.length]}`);
      searched += 1;
    }
  });
  const latencies: number[] = [];
  const until = performance.now() + floodSeconds * 1000;
  try {
    while (performance.now() < until) latencies.push((await timedGet(`${origin}/`)).ms);
  } finally {
    // The search loops stop with the phase, also when it failed, so that failure is the one reported.
    running = false;
    await Promise.allSettled(loops);
  }
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return { p50: percentileOf(latencies, 0.5), p99: percentileOf(latencies, 0.99), samples: latencies.length, searched };
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The port the server chose (PORT=0), from the "listening" line of its log file. */
async function waitUntilListening(server: ChildProcess, logFile: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${logTail(logFile)}`);
    const port = listeningPortInLog(readFileSync(logFile, 'utf8'));
    if (port !== null) return port;
    await wait(100);
  }
  throw new Error(`the server did not listen within 60 s:\n${logTail(logFile)}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh database folder holding `size` vehicles: the shipped catalog, or a generated one imported first. */
async function prepareDatabase(size: number, environment: NodeJS.ProcessEnv): Promise<void> {
  if (size === 23) return;
  const file = path.join(workDir, `catalog-${size}.json`);
  await writeFile(file, JSON.stringify(generatedCatalog(size)));
  const started = Date.now();
  const runImport = () => promisify(execFile)(process.execPath, [importEntry, file], { env: environment, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    await runImport();
  } catch (error) {
    // On a busy machine the import's connection can time out while the store writes a large
    // catalog in one go; the import is a sync, so a second run finishes the same catalog.
    console.log(`The import of ${size} vehicles failed (${error instanceof Error ? error.message.split('\n').slice(-2).join(' ') : String(error)}); trying once more.`);
    await runImport();
  }
  console.log(`Imported ${size} vehicles in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function measureCatalogSize(size: number) {
  const dataDir = path.join(workDir, `data-${size}`);
  const mailDir = path.join(workDir, 'mail');
  await mkdir(dataDir, { recursive: true });
  await mkdir(mailDir, { recursive: true });
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The system chooses the port; the server's log names it.
    PORT: '0',
    DATA_DIR: dataDir,
    MAIL_DIR: mailDir,
    LOG_LEVEL: 'info',
    // Searches one after another from one address are what is measured, not refused.
    SEARCH_RATE_LIMIT: '100000000',
  };
  await prepareDatabase(size, environment);

  const logFile = path.join(workDir, `server-${size}.log`);
  const log = openSync(logFile, 'a');
  const server = spawn(process.execPath, [...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), serverEntry], {
    env: environment,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let nginx: NginxServer | undefined;
  try {
    const origin = `http://127.0.0.1:${await waitUntilListening(server, logFile)}`;
    const root = path.join(workDir, `nginx-root-${size}`);
    await mkdir(root, { recursive: true });
    const home = await (await fetch(origin + '/', { headers: { 'accept-encoding': 'identity' } })).text();
    const chunk = /\/assets\/framework-[\w-]+\.js/.exec(home)?.[0];
    if (!chunk) throw new Error('the home page names no framework chunk');
    const targets: CachedTarget[] = [...CACHED_TARGETS, { ...CHUNK_TARGET, path: chunk }];
    const sizesOf: Array<{ bytes: number; gzipBytes: number }> = [];
    const identical: boolean[] = [];
    for (const target of targets) {
      const response = await fetch(origin + target.path, { headers: { 'accept-encoding': 'identity' } });
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const gzipped = gzipSync(bytes, { level: 9 });
      await writeFile(path.join(root, target.file), bytes);
      await writeFile(path.join(root, `${target.file}.gz`), gzipped);
      sizesOf.push({ bytes: bytes.length, gzipBytes: gzipped.length });
    }
    nginx = await startNginx(`
  types { text/html html; application/json json; application/xml xml; text/javascript js; }
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:{port};
    root ${root};
    gzip_static on;
    location / { try_files $uri =404; }
  }`);
    for (const [index, target] of targets.entries()) {
      const copy = await fetch(`${nginx.origin}/${target.file}`, { headers: { 'accept-encoding': 'gzip' } });
      const served = Buffer.from(await copy.arrayBuffer());
      if (copy.status !== 200 || served.length !== sizesOf[index]!.bytes) throw new Error(`nginx does not serve ${target.file} as written`);
      const again = await rawGet(`${origin}${target.path}`, { 'accept-encoding': 'gzip' });
      identical.push(gunzippedEquals(again, served));
    }
    const different = targets.filter((_, index) => !identical[index]).map((target) => target.path);
    if (different.length > 0) console.log(`Not the same bytes a second time (nginx serves the first): ${different.join(', ')}`);

    const sides = { app: { origin, pid: server.pid! }, nginx: { origin: nginx.origin, pid: nginx.pid } };
    const urlOf = (side: keyof typeof sides, index: number) => (side === 'app' ? origin + targets[index]!.path : `${nginx!.origin}/${targets[index]!.file}`);
    console.log(
      `\n${size} vehicles: warming up (${targets.length * 2} x 1 s, and ${UNCACHED_WARMUP_REQUESTS} requests of each uncached kind), then ${rounds} rounds x ${targets.length} targets x 2 sides x ${seconds} s with ${tool}, ${connections} connections, ${UNCACHED_TARGETS.length} uncached targets and the flood ...`,
    );
    for (const index of targets.keys()) {
      await measure(urlOf('app', index), 1, sides.app.pid);
      await measure(urlOf('nginx', index), 1, sides.nginx.pid);
    }
    const samples = targets.map(() => ({ app: [] as Sample[], nginx: [] as Sample[] }));
    const uncachedSamples = UNCACHED_TARGETS.map(() => [] as UncachedSample[]);
    const asked = UNCACHED_TARGETS.map(() => 0);
    const flood: Array<{ idle: FloodPhase; busy: FloodPhase }> = [];
    // The filtered pages the catalog has, from the API, whose answers are kept apart from the pages.
    // Dealt out like cards, so that each round's share holds first pages and deeper ones alike (in
    // the listed order the first round would get the combinations' first pages, many short or empty).
    const listed = await listedFilteredPages((address) => apiPageCount(origin, address));
    const filteredPages = [...Array(rounds).keys()].flatMap((round) => listed.filter((_, index) => index % rounds === round));
    const catalog: CatalogAddresses = { size, filteredPages };
    console.log(`${filteredPages.length} filtered inventory pages to ask for, each once.`);
    // One address of each uncached kind first: the server's first search or contact lookup starts up what it needs.
    for (const [index, target] of UNCACHED_TARGETS.entries()) {
      await rawGet(origin + target.url(0, catalog), { 'accept-encoding': UNCACHED_ENCODING });
      asked[index] = 1;
    }
    await warmUncached(origin, catalog);
    for (let round = 0; round < rounds; round += 1) {
      const uncachedOrder = round % 2 === 0 ? [...UNCACHED_TARGETS.keys()] : [...UNCACHED_TARGETS.keys()].reverse();
      for (const index of uncachedOrder) {
        const target = UNCACHED_TARGETS[index]!;
        // Addresses that can run out are shared evenly by the rounds left.
        const most = target.available ? Math.floor((target.available(catalog) - asked[index]!) / (rounds - round)) : Number.POSITIVE_INFINITY;
        const sample = await measureUncached((n) => origin + target.url(n, catalog), asked[index]!, seconds, most, server.pid!);
        asked[index]! += sample.requests;
        uncachedSamples[index]!.push(sample);
      }
      flood.push({ idle: await floodPhase(origin, 0), busy: await floodPhase(origin, FLOOD_SEARCHES) });
      for (const index of targets.keys()) {
        const order = round % 2 === 0 ? (['app', 'nginx'] as const) : (['nginx', 'app'] as const);
        for (const side of order) samples[index]![side].push(await measure(urlOf(side, index), seconds, sides[side].pid));
      }
    }
    const memory = residentMemoryOf(server.pid!);
    const cached = targets.map((target, index) => {
      const app = summarize(samples[index]!.app);
      const limit = summarize(samples[index]!.nginx);
      return {
        name: target.name,
        path: target.path,
        ...sizesOf[index]!,
        identicalBytes: identical[index]!,
        app,
        nginx: limit,
        cpuRatio: app.cpuMsPerRequest && limit.cpuMsPerRequest ? app.cpuMsPerRequest.median / limit.cpuMsPerRequest.median : null,
        throughputRatio: app.requestsPerSecond.median / limit.requestsPerSecond.median,
      };
    });
    const uncached = UNCACHED_TARGETS.map((target, index) => {
      const measured = uncachedSamples[index]!;
      return {
        name: target.name,
        path: target.path,
        cpuMsPerRequest: measured.every((sample) => sample.cpuMs !== null) ? figure(measured.map((sample) => sample.cpuMs! / sample.requests)) : null,
        roundsCpuMsPerRequest: measured.map((sample) => (sample.cpuMs === null ? null : sample.cpuMs / sample.requests)),
        // Where a round's CPU went: the mean per request over all rounds, by thread.
        threadCpuMsPerRequest: meanByThread(measured),
        p50: figure(measured.map((sample) => sample.p50)),
        requests: measured.reduce((total, sample) => total + sample.requests, 0),
        statuses: measured.reduce<Record<string, number>>((all, sample) => {
          for (const [status, count] of Object.entries(sample.statuses)) all[status] = (all[status] ?? 0) + count;
          return all;
        }, {}),
      };
    });
    const floodSummary = {
      idleP50: figure(flood.map((round) => round.idle.p50)),
      idleP99: figure(flood.map((round) => round.idle.p99)),
      busyP50: figure(flood.map((round) => round.busy.p50)),
      busyP99: figure(flood.map((round) => round.busy.p99)),
      p99Ratio: figure(flood.map((round) => round.busy.p99 / round.idle.p99)),
      cachedRequests: { idle: median(flood.map((round) => round.idle.samples)), busy: median(flood.map((round) => round.busy.samples)) },
      searchesAnswered: median(flood.map((round) => round.busy.searched)),
    };
    return { cached, uncached, flood: floodSummary, residentMemoryMiB: memory };
  } finally {
    await nginx?.stop();
    await stopServer(server);
  }
}

type Results = Awaited<ReturnType<typeof measureCatalogSize>>;

const ms = (value: Figure | null, digits = 3) =>
  value === null ? 'n/a' : `${value.median.toFixed(digits)} (${value.low.toFixed(digits)}-${value.high.toFixed(digits)})`;
const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** Uncached requests should cost under 5 CPU ms at 2,300 units and under 20 at 23,000. */
const uncachedLimitMs = (size: number) => (size <= 2300 ? TARGET_UNCACHED_MS : TARGET_UNCACHED_MS * 4);

function table({ cached: results }: Results): string {
  const rate = (value: Figure) => `${Math.round(value.median)} (${Math.round(value.low)}-${Math.round(value.high)})`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    line(['target', 'path', 'size', 'gzip', 'CPU ms/req', 'nginx CPU ms/req', 'CPU ratio', 'req/s', 'nginx req/s', 'nginx/app req/s']),
    line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...results.map((result) =>
      line([
        result.name,
        `\`${result.path}\``,
        kb(result.bytes),
        kb(result.gzipBytes),
        ms(result.app.cpuMsPerRequest),
        ms(result.nginx.cpuMsPerRequest),
        result.cpuRatio === null ? 'n/a' : `${result.cpuRatio.toFixed(1)}x`,
        rate(result.app.requestsPerSecond),
        rate(result.nginx.requestsPerSecond),
        `${(1 / result.throughputRatio).toFixed(1)}x`,
      ]),
    ),
  ].join('\n');
}

function uncachedTable({ uncached }: Results): string {
  return [
    line(['request (never the same address twice)', 'path', 'CPU ms/req', 'each round', 'by thread, mean ms/req', 'p50 ms', 'requests', 'statuses']),
    line(['---', '---', '---:', '---', '---', '---:', '---:', '---']),
    ...uncached.map((result) =>
      line([
        result.name,
        `\`${result.path}\``,
        ms(result.cpuMsPerRequest, 2),
        result.roundsCpuMsPerRequest.map((cpuMs) => (cpuMs === null ? 'n/a' : cpuMs.toFixed(2))).join(', '),
        Object.entries(result.threadCpuMsPerRequest)
          .map(([name, cpuMs]) => `${name} ${cpuMs.toFixed(2)}`)
          .join(', '),
        ms(result.p50, 2),
        result.requests,
        Object.entries(result.statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
      ]),
    ),
  ].join('\n');
}

function floodLines({ flood, residentMemoryMiB }: Results): string {
  return [
    line(['cached `/`', 'p50 ms', 'p99 ms', 'requests']),
    line(['---', '---:', '---:', '---:']),
    line(['idle', ms(flood.idleP50, 2), ms(flood.idleP99, 2), flood.cachedRequests.idle]),
    line([`beside ${FLOOD_SEARCHES} search loops`, ms(flood.busyP50, 2), ms(flood.busyP99, 2), flood.cachedRequests.busy]),
    '',
    `p99 beside the searches / idle p99: ${ms(flood.p99Ratio, 1)}; searches answered per ${floodSeconds} s: ${flood.searchesAnswered}.`,
    residentMemoryMiB
      ? `Resident memory of the site's process after the run: ${residentMemoryMiB.now.toFixed(0)} MiB (peak ${residentMemoryMiB.peak.toFixed(0)} MiB).`
      : 'Resident memory: not available (no /proc).',
  ].join('\n');
}

async function main(): Promise<void> {
  // Other work on the machine skews both sides; the report says how busy it was.
  const loadBefore = loadAverage();
  console.log(`Load average (1, 5, 15 min): ${loadBefore.join(', ')}`);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  if (options['cpu-prof']) await mkdir(profileDir, { recursive: true });
  const watchdog = setTimeout(
    () => {
      console.error('The benchmark overran its time limit; stopping.');
      process.exit(1);
    },
    // Imports and starts of a large catalog come on top of the measuring time.
    (measuringSeconds + 900) * 1000,
  );
  try {
    const bySize: Array<{ vehicles: number; loadAfter: number[]; results: Results }> = [];
    for (const size of sizes) {
      const results = await measureCatalogSize(size);
      bySize.push({ vehicles: size, loadAfter: loadAverage(), results });
      console.log(
        `\n${size} vehicles (medians of ${rounds} rounds, lowest-highest in brackets; load average now ${loadAverage().join(', ')}):\n\n${table(results)}\n\n${uncachedTable(results)}\n\n${floodLines(results)}`,
      );
    }

    const failures = bySize.flatMap(({ vehicles, results }) =>
      results.cached.filter((result) => result.app.failures + result.nginx.failures > 0).map((result) => `${result.name} at ${vehicles}`),
    );
    const over = bySize.flatMap(({ vehicles, results }) =>
      results.cached
        .filter((result) => result.cpuRatio !== null && result.cpuRatio > TARGET_CPU_RATIO)
        .map((result) => `${result.name} at ${vehicles} (${result.cpuRatio!.toFixed(1)}x)`),
    );
    const slow = bySize.flatMap(({ vehicles, results }) =>
      results.uncached
        .filter((result) => result.cpuMsPerRequest !== null && result.cpuMsPerRequest.median >= uncachedLimitMs(vehicles))
        .map((result) => `${result.name} at ${vehicles} (${result.cpuMsPerRequest!.median.toFixed(1)} ms)`),
    );
    console.log(`\nLoad average before: ${loadBefore.join(', ')}; after: ${loadAverage().join(', ')}.`);
    console.log(
      over.length === 0
        ? `Every target costs at most ${TARGET_CPU_RATIO}x nginx's CPU per request.`
        : `Over ${TARGET_CPU_RATIO}x nginx's CPU per request: ${over.join(', ')}.`,
    );
    console.log(
      slow.length === 0
        ? `Every uncached request costs under ${TARGET_UNCACHED_MS} CPU ms at 2,300 units (${uncachedLimitMs(23_000)} above).`
        : `At or over the uncached limit (${TARGET_UNCACHED_MS} ms at 2,300 units, ${uncachedLimitMs(23_000)} above): ${slow.join(', ')}.`,
    );

    const args = process.argv.slice(2);
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:ssr${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
        os: `${os.type()} ${os.release()}`,
        node: process.version,
        nginx: spawnSync(NGINX_BINARY, ['-v'], { encoding: 'utf8' }).stderr.trim(),
        loadAverage1m5m15m: { before: loadBefore, after: loadAverage() },
      },
      settings: {
        build: path.relative(process.cwd(), distDir) || '.',
        tool,
        connections,
        secondsPerRun: seconds,
        rounds,
        acceptEncoding: options.encoding,
        uncachedAcceptEncoding: UNCACHED_ENCODING,
        floodSeconds,
        floodSearches: FLOOD_SEARCHES,
      },
      targetCpuRatio: TARGET_CPU_RATIO,
      overTarget: over,
      uncachedOverTarget: slow,
      sizes: bySize,
    };
    await mkdir(path.dirname(REPORT_FILE), { recursive: true });
    await writeFile(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Written to ${REPORT_FILE}.`);
    if (failures.length > 0) throw new Error(`errors or non-2xx answers while measuring: ${failures.join(', ')} (see ${REPORT_FILE})`);
  } finally {
    clearTimeout(watchdog);
    agent.destroy();
    if (options['cpu-prof']) console.log(`CPU profiles of the server in ${path.relative(process.cwd(), profileDir)}/.`);
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`SSR benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
