import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { VALID_INQUIRY } from '../test/support/fixtures';
import { startProductionServer, type ProductionServer } from '../test/support/production-server';
import { csvOf } from '../test/support/test-feed';
import { cpuSecondsOf } from './process-usage';
import { startStoreProcess, type StoreProcess } from '../test/support/store-process';

// npm run bench:feed-import [-- --units 23000 --dist dist --store data-dir|process --changed 0.05 --interval-ms 200 --idle-seconds 10]
//
// A full dealer feed of UNITS units imported beside a running site, as an operator does it (run
// `npm run build` first): the built site (dist/server/server.js) and the built import command
// (dist/server/catalog-import.js FEED --full) on the same database. --store data-dir (default):
// both on the same DATA_DIR, each with its embedded store, as the README's Dealer feed section
// runs it; --store process: the embedded store as a process of its own and both on its socket
// through MONGODB_URI, as several servers share one database (issue 25).
//
// The feed's rows are realistic units (the test feed's brands and models, stock numbers, serial
// numbers, prices, colors, hours, showrooms, a few pending), each naming one of a few drawn photos
// beside the feed, which a small first import processes: the timed imports bring no new photos.
// Then: the full feed into a catalog without units (all created), the same feed with about
// CHANGED of the prices changed (updated), and the same feed again (nothing changes). Before and
// during each, a probe asks for the cached home page (`/`) and posts an inquiry (POST /api/contact,
// CONTACT_RATE_LIMIT high) every INTERVAL ms, each on its own schedule whether or not the previous
// one answered, so a site that stops answering shows as long waits, not as fewer samples. It
// reports each import's seconds and the CPU seconds of the import, the site (and the store
// process) from /proc, and p50/p99/max of the page and the post idle and during each import, with
// any failed answers; the load average before and after. Written to var/reports/feed-import.json.

const { values: options } = parseArgs({
  options: {
    units: { type: 'string', default: '23000' },
    dist: { type: 'string', default: 'dist' },
    store: { type: 'string', default: 'data-dir' },
    changed: { type: 'string', default: '0.05' },
    'interval-ms': { type: 'string', default: '200' },
    'idle-seconds': { type: 'string', default: '10' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

const units = Number(options.units);
const changedShare = Number(options.changed);
const intervalMs = Number(options['interval-ms']);
const idleSeconds = Number(options['idle-seconds']);
if (!Number.isInteger(units) || units < 20) throw new Error('--units must be a whole number of at least 20');
if (!(changedShare > 0 && changedShare <= 1)) throw new Error('--changed must be a share above 0, at most 1');
if (!(intervalMs >= 10)) throw new Error('--interval-ms must be at least 10');
if (options.store !== 'data-dir' && options.store !== 'process') throw new Error('--store must be data-dir or process');
const distDir = path.resolve(options.dist);
const serverEntry = path.join(distDir, 'server/server.js');
const importEntry = path.join(distDir, 'server/catalog-import.js');
if (!existsSync(serverEntry) || !existsSync(importEntry)) {
  console.error(`No production build at ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}
// startProductionServer runs dist/server/server.js of the working directory.
if (path.resolve('dist/server/server.js') !== serverEntry) throw new Error('run from the folder whose dist/ is measured');

/** The test feed's kinds of unit, which the generated rows cycle through. */
const KINDS = [
  { brand: 'Club Car', model: 'Onward 4 Passenger', category: 'onward', seats: 4, price: 9495 },
  { brand: 'Tomberlin', model: 'Emerge E4', category: 'emerge', seats: 4, price: 11495 },
  { brand: 'E-Z-GO', model: 'RXV Elite 2 Passenger', category: 'rxv', seats: 2, price: 6995 },
  { brand: 'Denago', model: 'Nomad XL', category: 'nomad', seats: 6, price: 12995 },
  { brand: 'Evolution', model: 'Classic 4 Plus', category: 'classic', seats: 4, price: 10495 },
  { brand: 'Icon', model: 'i40L', category: 'i40', seats: 4, price: 10995 },
];
const COLORS = ['Silver', 'Black', 'Electric Blue', 'White', 'Red', 'Sage Green', 'Champagne'];
const CONDITIONS = ['used', 'certified', 'new'];
const SHOWROOMS = ['bayville', 'waretown', 'pleasantville'];
const PHOTO_COUNT = 12;
const photoName = (index: number) => `photos/unit-${index % PHOTO_COUNT}.jpg`;

/** Row `index` of the generated feed; `repriced` rows quote a different price. */
function feedRow(index: number, repriced = false): string {
  const kind = KINDS[index % KINDS.length]!;
  const stock = `B${String(index + 1).padStart(5, '0')}`;
  const year = 2018 + (index % 7);
  const condition = CONDITIONS[index % CONDITIONS.length]!;
  const price = kind.price + (index % 40) * 25 + (repriced ? 150 : 0);
  const hours = condition === 'new' ? '' : String(40 + (index % 600));
  const status = index % 17 === 0 ? 'pending' : 'available';
  const features = index % 3 === 0 ? 'LED lights|Rear seat kit' : 'Street-legal LSV';
  return [
    stock,
    `SN${String(index * 7919).padStart(9, '0')}`,
    year,
    kind.brand,
    kind.model,
    '',
    condition,
    kind.category,
    price,
    kind.seats,
    COLORS[index % COLORS.length],
    hours,
    SHOWROOMS[index % SHOWROOMS.length],
    status,
    '',
    features,
    photoName(index),
  ].join(',');
}

/** Every `1 / share`-th row repriced: about `share` of the units change. */
const feedCsv = (count: number, share = 0) => {
  const step = share > 0 ? Math.round(1 / share) : 0;
  return csvOf(...Array.from({ length: count }, (_, index) => feedRow(index, step > 0 && index % step === 0)));
};

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const loadAverage = () => os.loadavg().map((load) => round(load, 2));
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface ProbeSample {
  ms: number;
  ok: boolean;
  /** The answer's status, or 0 when none came. */
  status: number;
}

/** Asks for the page and posts an inquiry every intervalMs until stopped, each request on its own schedule. */
function startProbe(origin: string) {
  const page: Array<Promise<ProbeSample>> = [];
  const post: Array<Promise<ProbeSample>> = [];
  const timed = async (request: () => Promise<Response>, expected: number): Promise<ProbeSample> => {
    const started = performance.now();
    try {
      const response = await request();
      await response.arrayBuffer();
      return { ms: performance.now() - started, ok: response.status === expected, status: response.status };
    } catch {
      return { ms: performance.now() - started, ok: false, status: 0 };
    }
  };
  const timer = setInterval(() => {
    page.push(timed(() => fetch(`${origin}/`, { headers: { 'accept-encoding': 'gzip' }, signal: AbortSignal.timeout(120_000) }), 200));
    post.push(
      timed(
        () =>
          fetch(`${origin}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(VALID_INQUIRY),
            signal: AbortSignal.timeout(120_000),
          }),
        201,
      ),
    );
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    const summary = (samples: ProbeSample[]) => {
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        requests: samples.length,
        failed: samples.filter((sample) => !sample.ok).length,
        failedStatuses: [...new Set(samples.filter((sample) => !sample.ok).map((sample) => sample.status))],
        p50: round(percentile(sorted, 0.5)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? NaN),
      };
    };
    return { page: summary(await Promise.all(page)), post: summary(await Promise.all(post)) };
  };
}

/** CPU seconds a process used from now until it exits (or until `until` for a process that goes on). */
function cpuFollower(pid: number) {
  const first = cpuSecondsOf(pid) ?? 0;
  let last = first;
  const timer = setInterval(() => (last = cpuSecondsOf(pid) ?? last), 100);
  return () => {
    clearInterval(timer);
    last = cpuSecondsOf(pid) ?? last;
    return round(last - first);
  };
}

/** The built import command on a feed file, as an operator runs it; its output and its own CPU seconds. */
async function runImport(file: string, env: NodeJS.ProcessEnv, full: boolean, profileDir?: string) {
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), importEntry, file, ...(full ? ['--full'] : [])],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const cpu = cpuFollower(child.pid!);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  const cpuSeconds = cpu();
  // A failed import is a result too (on main, a long write made the driver give up on the store).
  return { seconds: round((performance.now() - started) / 1000, 2), cpuSeconds, exitCode: code, output: output.trim() };
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'bench-feed-import-'));
const dataDir = path.join(workDir, 'data');
const feedDir = path.join(workDir, 'feed');
await mkdir(path.join(feedDir, 'photos'), { recursive: true });
for (let index = 0; index < PHOTO_COUNT; index += 1) {
  const image = sharp({ create: { width: 800, height: 533, channels: 3, background: { r: 40 + index * 15, g: 90, b: 160 - index * 10 } } });
  await writeFile(path.join(feedDir, photoName(index)), await image.jpeg().toBuffer());
}
const firstPhotos = path.join(feedDir, 'photos-first.csv');
const feed = path.join(feedDir, 'units.csv');
const repriced = path.join(feedDir, 'units-repriced.csv');
await writeFile(firstPhotos, feedCsv(PHOTO_COUNT));
await writeFile(feed, feedCsv(units));
await writeFile(repriced, feedCsv(units, changedShare));

const loadAtStart = loadAverage();
let store: StoreProcess | undefined;
let site: ProductionServer | undefined;
const report: Record<string, unknown> = {
  units,
  store: options.store,
  intervalMs,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGiB: round(os.totalmem() / 2 ** 30), node: process.version, kernel: os.release() },
  loadAverageAtStart: loadAtStart,
};
try {
  const shared: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  if (options.store === 'process') {
    store = await startStoreProcess(dataDir);
    shared.MONGODB_URI = store.uri;
    // Processed photos stay in a folder all share, as with several servers on one disk.
    shared.DATA_DIR = dataDir;
  } else {
    shared.DATA_DIR = dataDir;
  }
  await mkdir(dataDir, { recursive: true });
  site = await startProductionServer(
    { dataDir, mailDir: path.join(workDir, 'mail') },
    { ...(shared.MONGODB_URI ? { MONGODB_URI: shared.MONGODB_URI } : {}), CONTACT_RATE_LIMIT: '100000000', NODE_ENV: 'production' },
  );
  if (site.port === 0) throw new Error(`the site did not start: ${site.output()}`);
  const sitePid = site.child.pid!;
  console.log(`${units} units, store: ${options.store}, site at ${site.origin}; load average ${loadAtStart.join(' ')}`);
  const first = await runImport(firstPhotos, shared, false);
  if (first.exitCode !== 0) throw new Error(`the first import exited with ${first.exitCode}: ${first.output}`);
  console.log(`The feed's ${PHOTO_COUNT} photos processed by a first import of ${PHOTO_COUNT} units (${first.seconds} s): ${first.output}`);
  // The home page once, so that it is in the render cache before the probes start.
  await fetch(`${site.origin}/`).then((response) => response.arrayBuffer());

  const idle = async (label: string) => {
    const stop = startProbe(site!.origin);
    await wait(idleSeconds * 1000);
    const probes = await stop();
    console.log(
      `idle (${label}): page p50/p99/max ${probes.page.p50}/${probes.page.p99}/${probes.page.max} ms; post ${probes.post.p50}/${probes.post.p99}/${probes.post.max} ms`,
    );
    return probes;
  };
  const timedImport = async (label: string, file: string) => {
    const siteCpu = cpuFollower(sitePid);
    const storeCpu = store ? cpuFollower(store.pid) : undefined;
    const stop = startProbe(site!.origin);
    const result = await runImport(file, shared, true, options['cpu-prof'] ? path.join(workDir, `profile-${label}`) : undefined);
    const probes = await stop();
    const line = {
      ...result,
      siteCpuSeconds: siteCpu(),
      ...(storeCpu ? { storeCpuSeconds: storeCpu() } : {}),
      probes,
      loadAverageAfter: loadAverage(),
    };
    console.log(
      `${label}: ${result.exitCode === 0 ? '' : `FAILED (exit ${result.exitCode}) after `}${result.seconds} s (${result.output}); import CPU ${result.cpuSeconds} s, site CPU ${line.siteCpuSeconds} s${storeCpu ? `, store CPU ${line.storeCpuSeconds} s` : ''}; ` +
        `page p50/p99/max ${probes.page.p50}/${probes.page.p99}/${probes.page.max} ms (${probes.page.failed} of ${probes.page.requests} failed${probes.page.failed > 0 ? `: ${probes.page.failedStatuses.join(', ')}` : ''}); ` +
        `post ${probes.post.p50}/${probes.post.p99}/${probes.post.max} ms (${probes.post.failed} of ${probes.post.requests} failed${probes.post.failed > 0 ? `: ${probes.post.failedStatuses.join(', ')}` : ''}); load average ${line.loadAverageAfter.join(' ')}`,
    );
    return line;
  };

  report.idleBefore = await idle('before');
  report.created = await timedImport('full feed, every unit new', feed);
  report.idleBetween = await idle('between');
  report.repriced = await timedImport(`the same feed with ${changedShare * 100}% of the prices changed`, repriced);
  report.again = await timedImport('the same feed again', repriced);
  report.loadAverageAtEnd = loadAverage();
  console.log(`load average at the end ${(report.loadAverageAtEnd as number[]).join(' ')}${options['cpu-prof'] ? `; CPU profiles in ${workDir}` : ''}`);
  await mkdir('var/reports', { recursive: true });
  await writeFile('var/reports/feed-import.json', `${JSON.stringify(report, null, 2)}\n`);
} finally {
  if (site) {
    site.child.kill('SIGTERM');
    await site.exit;
  }
  await store?.stop();
  if (!options['cpu-prof']) await rm(workDir, { recursive: true, force: true });
}
