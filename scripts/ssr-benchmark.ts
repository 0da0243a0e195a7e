import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

// npm run bench:ssr [-- --dist dist --seconds 4 --rounds 2 --encoding "gzip, deflate, br, zstd" --cpu-prof]
//
// Server-rendering throughput next to static-file throughput, on loopback, from the production
// build (run `npm run build` first). It copies the build to a private folder, starts its server
// (dist/server/server.js) as a child process with a fresh embedded database, fetches each target
// once and writes those very bytes into the copy's client folder, so the same Express process
// (same logging, security headers and compression) also serves them as a static file. Then, with
// autocannon, it measures page and file alternately, the order flipping each round so machine
// drift favours neither, and prints requests/s, p50 and p99 latency and the page/static ratio,
// also written to var/reports/ssr.json. On Linux it also reads the server's CPU time per request
// (/proc), which other work on the machine disturbs far less than requests/s. Bounded: about 90 s
// with the defaults; it stops itself.

const TARGETS = [
  { name: 'home', path: '/', file: 'home.html' },
  { name: 'inventory', path: '/inventory', file: 'inventory.html' },
  { name: 'model page', path: '/vehicles/denago-ev-city', file: 'model-page.html' },
  { name: 'town page', path: '/toms-river-township-golf-carts', file: 'town-page.html' },
  { name: 'vehicles API', path: '/api/vehicles', file: 'vehicles.json' },
] as const;

/** Every page type should serve at least this share of the static-file throughput. */
const TARGET_RATIO = 0.5;
/** Where the copied bytes are served from: a folder only the benchmark's copy of the build has. */
const STATIC_PREFIX = '/__ssr-benchmark';
/** The whole measurement (both sides, every round) may not take longer than this. */
const MAX_MEASURING_SECONDS = 150;
const REPORT_FILE = 'var/reports/ssr.json';

const { values: options } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    // What Chromium sends: the compression middleware answers with gzip or brotli, as for a visitor.
    encoding: { type: 'string', default: 'gzip, deflate, br, zstd' },
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
const measuringSeconds = TARGETS.length * 2 * rounds * seconds;
if (measuringSeconds > MAX_MEASURING_SECONDS) {
  throw new Error(`${TARGETS.length} targets x 2 sides x ${rounds} rounds x ${seconds} s is over the ${MAX_MEASURING_SECONDS} s limit`);
}

const distDir = path.resolve(options.dist);
const serverEntry = path.join(distDir, 'server/server.js');
if (!existsSync(serverEntry)) {
  console.error(`No production build at ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}

// Inside the repository, so the copied server bundle resolves node_modules.
const workDir = path.resolve(`var/tmp/ssr-benchmark-${process.pid}`);
const logFile = path.join(workDir, 'server.log');
const profileDir = path.resolve('var/reports/ssr-cpu-profiles');

interface Sample {
  completed: number;
  seconds: number;
  latencies: number[];
  errors: number;
  non2xx: number;
  /** CPU seconds the server process used meanwhile (all its threads), when the system says. */
  serverCpuSeconds: number | null;
}

interface Side {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  seconds: number;
  errors: number;
  non2xx: number;
  perRound: number[];
  /** Server CPU milliseconds per request: steadier than requests/s on a busy machine. */
  cpuMsPerRequest: number | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function logTail(): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitUntilReady(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${logTail()}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await wait(100);
  }
  throw new Error(`the server was not ready within 30 s:\n${logTail()}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process has used (user + system, every thread), from /proc on Linux; else null. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** One autocannon run; latencies come from its per-response event, in fractional milliseconds. */
async function measure(url: string, duration: number, serverPid?: number): Promise<Sample> {
  const latencies: number[] = [];
  const cpuBefore = cpuSecondsOf(serverPid);
  const instance = autocannon({ url, connections, duration, timeout: 10, headers: { 'accept-encoding': options.encoding }, skipAggregateResult: true });
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    if (status >= 200 && status < 300) latencies.push(milliseconds);
  });
  const result = await instance;
  const cpuAfter = cpuSecondsOf(serverPid);
  return {
    completed: result.totalCompletedRequests,
    seconds: result.duration,
    latencies,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

function combine(samples: Sample[]): Side {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const requests = samples.reduce((total, sample) => total + sample.completed, 0);
  const totalSeconds = samples.reduce((total, sample) => total + sample.seconds, 0);
  const cpu = samples.every((sample) => sample.serverCpuSeconds !== null) ? samples.reduce((total, sample) => total + sample.serverCpuSeconds!, 0) : null;
  return {
    requestsPerSecond: requests / totalSeconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requests,
    seconds: totalSeconds,
    errors: samples.reduce((total, sample) => total + sample.errors, 0),
    non2xx: samples.reduce((total, sample) => total + sample.non2xx, 0),
    perRound: samples.map((sample) => Math.round(sample.completed / sample.seconds)),
    cpuMsPerRequest: cpu === null || requests === 0 ? null : (cpu * 1000) / requests,
  };
}

const loadAverage = () => os.loadavg().map((load) => Math.round(load * 100) / 100);

async function main(): Promise<void> {
  // Other work on the machine skews both sides; the report says how busy it was.
  const loadBefore = loadAverage();
  await rm(workDir, { recursive: true, force: true });
  await mkdir(path.join(workDir, 'data'), { recursive: true });
  await mkdir(path.join(workDir, 'mail'), { recursive: true });
  const buildCopy = path.join(workDir, 'dist');
  await cp(distDir, buildCopy, { recursive: true });
  const staticDir = path.join(buildCopy, 'client', STATIC_PREFIX.slice(1));
  await mkdir(staticDir, { recursive: true });
  if (options['cpu-prof']) await mkdir(profileDir, { recursive: true });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, 'a');
  const server = spawn(
    process.execPath,
    [...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), path.join(buildCopy, 'server/server.js')],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: origin,
        DATA_DIR: path.join(workDir, 'data'),
        MAIL_DIR: path.join(workDir, 'mail'),
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  // However it ends, the server and the copy go.
  const watchdog = setTimeout(() => {
    console.error('The benchmark overran its time limit; stopping.');
    server.kill('SIGKILL');
    process.exit(1);
  }, (measuringSeconds + 120) * 1000);

  try {
    await waitUntilReady(origin, server);
    const sizes: number[] = [];
    for (const target of TARGETS) {
      const response = await fetch(origin + target.path, { headers: { 'accept-encoding': 'identity' } });
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      await writeFile(path.join(staticDir, target.file), bytes);
      const copy = await fetch(`${origin}${STATIC_PREFIX}/${target.file}`, { headers: { 'accept-encoding': 'identity' } });
      const copyBytes = Buffer.from(await copy.arrayBuffer());
      if (copy.status !== 200 || !copyBytes.equals(bytes)) throw new Error(`the static copy of ${target.path} is not served as written`);
      sizes.push(bytes.length);
    }

    console.log(`Warming up (${TARGETS.length * 2} x 1 s) ...`);
    for (const target of TARGETS) {
      await measure(origin + target.path, 1);
      await measure(`${origin}${STATIC_PREFIX}/${target.file}`, 1);
    }

    const samples = TARGETS.map(() => ({ page: [] as Sample[], static: [] as Sample[] }));
    console.log(`Measuring ${measuringSeconds} s: ${rounds} rounds x ${TARGETS.length} targets x (page + static) x ${seconds} s, ${connections} connections ...`);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, target] of TARGETS.entries()) {
        const sides = round % 2 === 0 ? (['page', 'static'] as const) : (['static', 'page'] as const);
        for (const side of sides) {
          const url = side === 'page' ? origin + target.path : `${origin}${STATIC_PREFIX}/${target.file}`;
          samples[index]![side].push(await measure(url, seconds, server.pid));
        }
      }
    }

    const results = TARGETS.map((target, index) => {
      const page = combine(samples[index]!.page);
      const staticFile = combine(samples[index]!.static);
      const cpuRatio = page.cpuMsPerRequest && staticFile.cpuMsPerRequest ? staticFile.cpuMsPerRequest / page.cpuMsPerRequest : null;
      return { name: target.name, path: target.path, bytes: sizes[index]!, page, static: staticFile, ratio: page.requestsPerSecond / staticFile.requestsPerSecond, cpuRatio };
    });

    const ms = (value: number) => value.toFixed(2);
    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    const table = [
      line(['target', 'path', 'size', 'req/s', 'p50 ms', 'p99 ms', 'static req/s', 'static p50 ms', 'static p99 ms', 'page/static', 'CPU ms/req', 'static CPU ms/req', 'static/page CPU']),
      line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
      ...results.map((result) =>
        line([
          result.name,
          `\`${result.path}\``,
          `${(result.bytes / 1024).toFixed(1)} KB`,
          Math.round(result.page.requestsPerSecond),
          ms(result.page.p50),
          ms(result.page.p99),
          Math.round(result.static.requestsPerSecond),
          ms(result.static.p50),
          ms(result.static.p99),
          `${Math.round(result.ratio * 100)}%`,
          result.page.cpuMsPerRequest === null ? 'n/a' : ms(result.page.cpuMsPerRequest),
          result.static.cpuMsPerRequest === null ? 'n/a' : ms(result.static.cpuMsPerRequest),
          result.cpuRatio === null ? 'n/a' : `${Math.round(result.cpuRatio * 100)}%`,
        ]),
      ),
    ].join('\n');
    console.log(`\n${table}\n`);

    const failures = results.filter((result) => result.page.errors + result.page.non2xx + result.static.errors + result.static.non2xx > 0);
    const below = results.filter((result) => result.ratio < TARGET_RATIO).map((result) => result.name);
    console.log(`Load average (1, 5, 15 min) before: ${loadBefore.join(', ')}; after: ${loadAverage().join(', ')}.`);
    console.log(below.length === 0 ? `Every target serves at least ${TARGET_RATIO * 100}% of its static-file throughput.` : `Below ${TARGET_RATIO * 100}% of static: ${below.join(', ')}.`);

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
        loadAverage1m5m15m: { before: loadBefore, after: loadAverage() },
      },
      settings: { build: path.relative(process.cwd(), distDir) || '.', connections, secondsPerMeasurement: seconds, rounds, acceptEncoding: options.encoding },
      targetRatio: TARGET_RATIO,
      belowTarget: below,
      results,
    };
    await mkdir(path.dirname(REPORT_FILE), { recursive: true });
    await writeFile(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Written to ${REPORT_FILE}.`);
    if (failures.length > 0) {
      throw new Error(`errors or non-2xx answers while measuring: ${failures.map((result) => result.name).join(', ')} (see ${REPORT_FILE})`);
    }
  } finally {
    clearTimeout(watchdog);
    await stopServer(server);
    if (options['cpu-prof']) console.log(`CPU profile of the server in ${path.relative(process.cwd(), profileDir)}/.`);
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`SSR benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
