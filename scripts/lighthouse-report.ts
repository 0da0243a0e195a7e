import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { listeningPort } from '../test/support/listening-port';

// npm run bench:lighthouse: Lighthouse (mobile preset: emulated phone, simulated throttling) on
// every page type of the production build (npm run build first), one Chromium, pages in turn,
// against the built server started here on a free loopback port with throwaway data. Writes
// var/reports/lighthouse.json (plus each page's full Lighthouse result in var/reports/lighthouse/)
// and prints a Markdown table of the four scores and the key metrics, then every failed audit.
// npm run test:lighthouse (--ci, part of npm test) runs only the three categories that do not
// depend on machine speed and fails unless each is 100 on every page type; the Performance
// score and the metrics are reported by the bench, never asserted.
// Options: --runs N (bench: N runs a page, the median by Performance is reported), --pages
// home,contact (a subset, by name), --dist path (another copy of the build; or
// LIGHTHOUSE_DIST_DIR), --timeout-seconds N (the whole run; 900 by default), --lanes N (only with --ci:
// the page types split over N processes run at once, each with its own server and Chromium, their
// reports merged; the three asserted categories do not depend on the machine's speed, and a page
// load waits for quiet far more than it computes, so two lanes take about half the time on two
// cores. Lighthouse itself cannot run twice in one process).
// Beside Lighthouse's metrics the bench reports, from the same trace, the page's main-thread CPU
// time during the load and the blocking time that CPU time gives at Lighthouse's 4x slowdown: on a
// busy machine a task waits for a core and Lighthouse's TBT (wall time x 4) grows with the load,
// while these stay what the page itself costs (see mainThreadCpu below).

const { values: options } = parseArgs({
  options: {
    ci: { type: 'boolean', default: false },
    pages: { type: 'string' },
    dist: { type: 'string', default: process.env.LIGHTHOUSE_DIST_DIR ?? 'dist' },
    out: { type: 'string' },
    runs: { type: 'string', default: '1' },
    lanes: { type: 'string', default: '1' },
    'timeout-seconds': { type: 'string', default: '900' },
  },
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ASSERTED = ['accessibility', 'best-practices', 'seo'] as const;
const CATEGORIES = ['performance', ...ASSERTED] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<CategoryId, string> = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best Practices', seo: 'SEO' };
/**
 * The CI run measures nothing against the clock, so it waits less after the load than the bench
 * (1 s each by default); hydration and its console output are long over by then.
 */
const CI_WAITS = { pauseAfterFcpMs: 250, pauseAfterLoadMs: 500, networkQuietThresholdMs: 500, cpuQuietThresholdMs: 500 };
/** The metrics reported, by their label: the Lighthouse audit that measures each (all in ms but CLS). */
const METRICS = {
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  FCP: 'first-contentful-paint',
  SI: 'speed-index',
} as const;
type MetricLabel = keyof typeof METRICS;
const METRIC_LABELS = Object.keys(METRICS) as MetricLabel[];

interface PageType {
  name: string;
  path: string | ((vehicleId: string) => string);
  /**
   * The page answers with this error status on purpose (the 404 page). Lighthouse is told to audit
   * it anyway, and the audits that only report that status are expected to fail: the SEO checks
   * for a successful status and for indexability (an error page says noindex), and the browser's
   * own console line about the document's status.
   */
  errorStatus?: number;
  /** A dealer feed the page needs, imported by the operator command before the server starts. */
  feed?: string;
}

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: '/' },
  { name: 'inventory', path: '/inventory' },
  { name: 'model page', path: '/vehicles/denago-ev-city' },
  { name: 'model entry', path: (id) => `/vehicle/${id}` },
  // A used unit from the sample feed (seeds/sample-feed.csv), with its processed photos.
  { name: 'unit page', path: '/inventory/2021-club-car-onward-4-passenger-sg2401', feed: 'seeds/sample-feed.csv' },
  { name: 'brand (DENAGO)', path: '/denago' },
  { name: 'brand (Evolution)', path: '/evolution' },
  { name: 'town page', path: '/toms-river-township-golf-carts' },
  { name: 'contact', path: '/contact' },
  { name: 'thank-you', path: '/thank-you' },
  { name: 'rentals', path: '/rentals' },
  { name: 'about', path: '/about' },
  { name: 'showroom', path: '/showroom' },
  { name: 'services', path: '/services' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  { name: 'not found', path: '/no-such-page', errorStatus: 404 },
];

interface FailedAudit {
  category: CategoryId;
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  details: string[];
  /** Fails only because the page answers with its intended error status. */
  expected: boolean;
}

/**
 * What the page made its main thread do, from the trace's thread time (CPU time, which a busy
 * machine does not inflate as it does wall time): `cpuMs`, every task of the page's renderer main
 * thread from navigation to the end of the trace; `cpuBlockingMs`, the total blocking time those
 * tasks would make at Lighthouse's 4x CPU slowdown (each task after the first contentful paint
 * counts 4 x its CPU time, less 50 ms); `longTasks`, how many such tasks are over 50 ms.
 */
interface MainThreadCpu {
  cpuMs: number;
  cpuBlockingMs: number;
  longTasks: number;
}

/** The CPU slowdown of Lighthouse's mobile preset (simulated throttling). */
const CPU_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; navigationId?: string } };
}

function mainThreadCpu(trace: { traceEvents: TraceEvent[] } | undefined, url: string): MainThreadCpu | undefined {
  const events = trace?.traceEvents ?? [];
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url);
  if (!navigation) return undefined;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === navigation.pid);
  if (!main) return undefined;
  const paint = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid && event.args?.data?.navigationId === navigation.args?.data?.navigationId,
  );
  let cpuMs = 0;
  let cpuBlockingMs = 0;
  let longTasks = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== main.pid || event.tid !== main.tid || event.ts < navigation.ts) continue;
    const slowed = ((event.tdur ?? 0) / 1000) * CPU_SLOWDOWN;
    cpuMs += (event.tdur ?? 0) / 1000;
    if (paint && event.ts >= paint.ts && slowed > 50) {
      cpuBlockingMs += slowed - 50;
      longTasks += 1;
    }
  }
  return { cpuMs: Math.round(cpuMs), cpuBlockingMs: Math.round(cpuBlockingMs), longTasks };
}

interface PageReport {
  name: string;
  path: string;
  scores: Partial<Record<CategoryId, number>>;
  metrics: Partial<Record<MetricLabel, number>>;
  lcpElement?: string;
  failedAudits: FailedAudit[];
  /** What breaks the assertion: unexpected failed audits, or a category without a score. */
  problems: string[];
  runtimeError?: string;
  /** Each run's Performance score when the bench runs a page more than once (the median is reported). */
  performanceRuns?: number[];
  /** The reported run's main-thread CPU (bench only). */
  mainThread?: MainThreadCpu;
  /** Each run's figures when the bench runs a page more than once, in the order they ran. */
  runs?: Array<{ performance: number; LCP?: number; TBT?: number } & Partial<MainThreadCpu>>;
}

const categories: readonly CategoryId[] = options.ci ? ASSERTED : CATEGORIES;
const selected = options.pages ? new Set(options.pages.split(',').map((name) => name.trim())) : null;
const pageTypes = selected ? PAGE_TYPES.filter((page) => selected.has(page.name) || selected.has(page.name.split(' ')[0]!)) : PAGE_TYPES;
const distDir = path.resolve(options.dist);
const reportPath = path.resolve(options.out ?? (options.ci ? 'var/reports/lighthouse-ci.json' : 'var/reports/lighthouse.json'));
const lhrDir = path.join(path.dirname(reportPath), 'lighthouse');
const deadline = Number(options['timeout-seconds']) * 1000;
const runs = options.ci ? 1 : Math.max(1, Number(options.runs));
const MAX_RETRIES = 2;

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up failed:', error);
    }
  }
}

async function startServer(): Promise<{ origin: string; child: ChildProcess }> {
  const serverEntry = path.join(distDir, 'server/server.js');
  if (!existsSync(serverEntry)) throw new Error(`${path.relative(process.cwd(), serverEntry)} is missing: run npm run build first`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The system chooses the port; the server's "listening" log line names it, and the public
    // origin defaults to it (an empty variable counts as unset).
    PORT: '0',
    PUBLIC_ORIGIN: '',
    DATA_DIR: path.join(root, 'data'),
    MAIL_DIR: path.join(root, 'mail'),
    LOG_LEVEL: 'info',
  };
  // The shipped models, then each feed a selected page needs (its photos processed now, as a dealer's import would).
  const feeds = [...new Set(pageTypes.flatMap((page) => (page.feed ? [path.resolve(page.feed)] : [])))];
  if (feeds.length > 0) {
    for (const args of [[], ...feeds.map((feed) => [feed])]) {
      const imported = spawnSync(process.execPath, [path.join(distDir, 'server/catalog-import.js'), ...args], { env, encoding: 'utf8' });
      if (imported.status !== 0) throw new Error(`catalog import ${args.join(' ')} failed:\n${imported.stderr}`);
    }
  }
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  cleanups.push(() => stopProcess(child));
  const port = await listeningPort(child, 60_000);
  if (port === null) throw new Error(`the server exited with code ${child.exitCode}:\n${stderr}`);
  return { origin: `http://127.0.0.1:${port}`, child };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One line per table row of an audit's details: the element, URL or message it is about. */
function describeItems(details: unknown): string[] {
  if (!details || typeof details !== 'object' || !('items' in details) || !Array.isArray(details.items)) return [];
  return (details.items as Array<Record<string, unknown>>).slice(0, 8).map((item) => {
    const node = item.node as { snippet?: string; selector?: string; explanation?: string } | undefined;
    if (node?.snippet) return `${node.snippet} ${node.explanation ? `— ${node.explanation.replace(/\s+/g, ' ')}` : ''}`.trim();
    const parts = ['description', 'value', 'source', 'url', 'issueType', 'label']
      .map((key) => item[key])
      .map((value) => {
        if (typeof value === 'string') return value;
        if (value && typeof value === 'object' && 'snippet' in value) return String(value.snippet);
        if (value && typeof value === 'object' && 'url' in value) return String(value.url);
        return undefined;
      })
      .filter((value) => value !== undefined);
    const location = item.sourceLocation as { url?: string } | undefined;
    if (location?.url) parts.push(location.url);
    if (Array.isArray((item.subItems as { items?: unknown[] } | undefined)?.items)) {
      parts.push(JSON.stringify((item.subItems as { items: unknown[] }).items.slice(0, 3)));
    }
    return (parts.length > 0 ? parts.join(' · ') : JSON.stringify(item)).slice(0, 300);
  });
}

function isExpectedFailure(page: PageType, auditId: string, details: unknown, url: string): boolean {
  if (!page.errorStatus) return false;
  if (auditId === 'http-status-code' || auditId === 'is-crawlable') return true;
  if (auditId !== 'errors-in-console') return false;
  const items = (details as { items?: Array<{ description?: string; sourceLocation?: { url?: string } }> } | undefined)?.items ?? [];
  return items.every((item) => item.sourceLocation?.url === url && item.description?.includes(`status of ${page.errorStatus}`));
}

function summarise(page: PageType, pathname: string, lhr: Result): PageReport {
  const report: PageReport = { name: page.name, path: pathname, scores: {}, metrics: {}, failedAudits: [], problems: [] };
  if (lhr.runtimeError) report.runtimeError = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category) continue;
    report.scores[id] = category.score === null ? NaN : Math.round(category.score * 100);
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0) continue;
      const errored = audit.scoreDisplayMode === 'error';
      if (!errored && (audit.score === null || audit.score >= 1)) continue;
      if (!errored && audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric' && audit.scoreDisplayMode !== 'metricSavings') continue;
      if (id === 'performance' && ref.group === 'metrics') continue;
      report.failedAudits.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        details: errored ? [`the audit could not run: ${audit.errorMessage ?? 'unknown error'}`] : describeItems(audit.details),
        expected: isExpectedFailure(page, ref.id, audit.details, lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl),
      });
    }
  }
  for (const id of ASSERTED) {
    if (!categories.includes(id)) continue;
    const unexpected = report.failedAudits.filter((audit) => audit.category === id && !audit.expected);
    report.problems.push(...unexpected.map((audit) => `${CATEGORY_NAMES[id]}: ${audit.id} (${audit.title})`));
    // A category without a score had an audit error out: it proves nothing.
    if (Number.isNaN(report.scores[id])) report.problems.push(`${CATEGORY_NAMES[id]} has no score`);
    else if (unexpected.length === 0 && report.scores[id] !== 100 && !page.errorStatus) report.problems.push(`${CATEGORY_NAMES[id]} is ${report.scores[id]}`);
  }
  if (report.runtimeError) report.problems.push(report.runtimeError);
  if (categories.includes('performance')) {
    for (const label of METRIC_LABELS) {
      const value = lhr.audits[METRICS[label]]?.numericValue;
      if (typeof value === 'number') report.metrics[label] = label === 'CLS' ? Number(value.toFixed(3)) : Math.round(value);
    }
    const lcpElement = describeItems((lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined)?.items?.[0]);
    if (lcpElement[0]) report.lcpElement = lcpElement[0];
  }
  return report;
}

function markdownTable(reports: PageReport[]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const score = (value: number | undefined) => (value === undefined ? '—' : String(value));
  const metricCell = (report: PageReport, label: MetricLabel) => {
    const value = report.metrics[label];
    if (value === undefined) return '—';
    return label === 'CLS' ? value.toFixed(3) : `${(value / 1000).toFixed(1)} s`;
  };
  const withMetrics = categories.includes('performance');
  // The main thread's CPU time and the blocking time it gives at 4x (mainThreadCpu): what the page costs, whatever the load.
  const cpuLabels = withMetrics ? ['main-thread CPU', 'TBT from CPU'] : [];
  const cpuCells = (report: PageReport) => {
    if (!withMetrics) return [];
    if (!report.mainThread) return ['—', '—'];
    return [`${report.mainThread.cpuMs} ms`, `${(report.mainThread.cpuBlockingMs / 1000).toFixed(1)} s`];
  };
  const rows = [
    line(['page type', 'path', ...categories.map((id) => CATEGORY_NAMES[id]), ...(withMetrics ? METRIC_LABELS : []), ...cpuLabels]),
    line(['---', '---', ...categories.map(() => '---:'), ...(withMetrics ? METRIC_LABELS.map(() => '---:') : []), ...cpuLabels.map(() => '---:')]),
  ];
  for (const report of reports) {
    rows.push(
      line([
        report.name,
        `\`${report.path.replace(/\/vehicle\/.+/, '/vehicle/{id}')}\``,
        ...categories.map((id) => score(report.scores[id])),
        ...(withMetrics ? METRIC_LABELS.map((label) => metricCell(report, label)) : []),
        ...cpuCells(report),
      ]),
    );
  }
  return rows.join('\n');
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const { origin } = await startServer();
  const vehicles = (await (await fetch(`${origin}/api/vehicles`)).json()) as Array<{ id: string }>;
  const vehicleId = vehicles[0]?.id;
  if (!vehicleId) throw new Error('GET /api/vehicles returned no vehicles');

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  cleanups.push(() => chrome.kill());
  const chromiumVersion = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;

  // A server that has just started compiles its code on the first requests; measure it warm.
  const pathOf = (page: PageType) => (typeof page.path === 'function' ? page.path(vehicleId) : page.path);
  for (let round = 0; round < 3; round += 1) {
    for (const page of pageTypes) await (await fetch(`${origin}${pathOf(page)}`)).arrayBuffer();
  }

  const reports: PageReport[] = [];
  for (const page of pageTypes) {
    const pathname = pathOf(page);
    const began = Date.now();
    const results: Array<{ lhr: Result; cpu?: MainThreadCpu }> = [];
    for (let attempt = 1; results.length < runs; attempt += 1) {
      const result = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        ignoreStatusCode: page.errorStatus !== undefined,
        disableFullPageScreenshot: true,
        ...(options.ci ? CI_WAITS : {}),
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${pathname}`);
      // Lighthouse's own advice for a broken trace (NO_NAVSTART and the like) is to run it again.
      const broken =
        result.lhr.runtimeError ??
        (categories.some((id) => result.lhr.categories[id]?.score === null) ? { code: 'AUDIT_ERROR', message: 'a category has no score' } : undefined);
      if (broken && attempt < runs + MAX_RETRIES) {
        console.error(`${page.name} (${pathname}): ${broken.code}, running it again`);
        continue;
      }
      const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      results.push({ lhr: result.lhr, cpu: options.ci ? undefined : mainThreadCpu(trace, `${origin}${pathname}`) });
    }
    const inOrder = [...results];
    // The median run by Performance score (all runs alike in CI, where there is one).
    const median = results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0))[Math.floor((results.length - 1) / 2)]!;
    const lhr = median.lhr;
    if (!options.ci) {
      mkdirSync(lhrDir, { recursive: true });
      writeFileSync(
        path.join(
          lhrDir,
          `${page.name
            .replace(/[^a-z0-9]+/gi, '-')
            .replace(/-$/, '')
            .toLowerCase()}.json`,
        ),
        JSON.stringify(lhr),
      );
    }
    const report = summarise(page, pathname, lhr);
    if (median.cpu) report.mainThread = median.cpu;
    if (runs > 1) {
      report.performanceRuns = inOrder.map((run) => Math.round((run.lhr.categories.performance?.score ?? NaN) * 100));
      report.runs = inOrder.map((run) => ({
        performance: Math.round((run.lhr.categories.performance?.score ?? NaN) * 100),
        LCP: run.lhr.audits[METRICS.LCP]?.numericValue,
        TBT: run.lhr.audits[METRICS.TBT]?.numericValue,
        ...run.cpu,
      }));
    }
    reports.push(report);
    const scores = categories.map((id) => `${CATEGORY_NAMES[id]} ${report.scores[id]}`).join(', ');
    console.error(
      `${page.name} (${pathname}): ${scores}${report.performanceRuns ? ` (Performance runs: ${report.performanceRuns.join(', ')})` : ''} in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
  }

  return reportAndJudge(reports, startedAt, loadAtStart, machineOf(chromiumVersion));
}

const lighthouseVersion = () => (JSON.parse(readFileSync(path.resolve('node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;

/** The machine, Node, Chromium and Lighthouse, as the report names them. */
const machineOf = (chromiumVersion: string) =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${chromiumVersion}, Lighthouse ${lighthouseVersion()}`;

/** Writes the report file, prints the table and every failed audit; 1 unless the asserted categories are 100 on every page type. */
function reportAndJudge(reports: PageReport[], startedAt: Date, loadAtStart: string, machine: string): number {
  // Performance depends on what else the machine is doing: say so next to the figures.
  const load = `load average ${loadAtStart} (1 min) at the start, ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} (1/5/15 min) at the end`;
  const extra = process.argv.slice(2).filter((arg) => arg !== '--ci');
  const command = `npm run ${options.ci ? 'test:lighthouse' : 'bench:lighthouse'}${extra.length > 0 ? ` -- ${extra.join(' ')}` : ''}`;
  mkdirSync(path.dirname(reportPath), { recursive: true });
  writeFileSync(
    reportPath,
    `${JSON.stringify({ date: startedAt.toISOString(), machine, load, command, runs, preset: 'mobile (emulated Moto G Power, simulated slow 4G throttling)', pages: reports }, null, 2)}\n`,
  );

  console.log(
    `Lighthouse ${lighthouseVersion()}, mobile preset, ${startedAt.toISOString().slice(0, 10)}, ${machine}; ${load}${runs > 1 ? `; median of ${runs} runs by Performance` : ''}\n`,
  );
  console.log(markdownTable(reports));
  for (const report of reports) {
    if (report.lcpElement) console.log(`\nLCP element on ${report.name}: ${report.lcpElement}`);
  }
  const withFailures = reports.filter((report) => report.failedAudits.length > 0 || report.runtimeError);
  for (const report of withFailures) {
    console.log(`\n${report.name} (${report.path}):${report.runtimeError ? ` ${report.runtimeError}` : ''}`);
    for (const audit of report.failedAudits) {
      console.log(
        `  [${CATEGORY_NAMES[audit.category]}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${audit.expected ? ' — expected: the page answers with its error status' : ''}`,
      );
      for (const detail of audit.details) console.log(`      ${detail}`);
    }
  }
  console.log(`\nReport: ${path.relative(process.cwd(), reportPath)}`);

  const problems = reports.flatMap((report) => report.problems.map((problem) => `${report.name} (${report.path}): ${problem}`));
  if (problems.length > 0) {
    console.error(`\nLighthouse: Accessibility, Best Practices and SEO must be 100 on every page type:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    return 1;
  }
  return 0;
}

const timer = setTimeout(() => {
  console.error(`Lighthouse run exceeded ${deadline / 1000} s; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, deadline);

/** The selected page types in `count` lanes of about equal work: a page whose feed must be imported first counts as three. */
function splitIntoLanes(pages: PageType[], count: number): PageType[][] {
  const lanes = Array.from({ length: count }, () => ({ pages: [] as PageType[], work: 0 }));
  for (const page of [...pages].sort((a, b) => Number(Boolean(b.feed)) - Number(Boolean(a.feed)))) {
    const lightest = lanes.reduce((least, lane) => (lane.work < least.work ? lane : least));
    lightest.pages.push(page);
    lightest.work += page.feed ? 3 : 1;
  }
  return lanes.map((lane) => lane.pages).filter((lane) => lane.length > 0);
}

/** This command once per lane, at once (--pages, --out), then their reports as one, in the page types' order. */
async function inLanes(count: number): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-lanes-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const passed = process.argv
    .slice(2)
    .filter((arg, index, args) => !['--pages', '--out', '--lanes'].some((name) => arg === name || args[index - 1] === name || arg.startsWith(`${name}=`)));
  const lanes = splitIntoLanes(pageTypes, count).map((pages, index) => {
    const out = path.join(folder, `lane-${index}.json`);
    const args = [...process.execArgv, process.argv[1]!, ...passed, '--pages', pages.map((page) => page.name).join(','), '--out', out];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    cleanups.push(() => stopProcess(child));
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    return new Promise<{ out: string; stdout: string }>((resolve) => child.once('exit', () => resolve({ out, stdout })));
  });
  const reports: PageReport[] = [];
  let machine = '';
  for (const { out, stdout } of await Promise.all(lanes)) {
    if (!existsSync(out)) {
      process.stdout.write(stdout);
      throw new Error('a Lighthouse lane ended without its report (its output is above)');
    }
    const lane = JSON.parse(readFileSync(out, 'utf8')) as { machine: string; pages: PageReport[] };
    // The lanes ran on this machine with the same Chromium.
    machine = lane.machine;
    reports.push(...lane.pages);
  }
  const order = (report: PageReport) => PAGE_TYPES.findIndex((page) => page.name === report.name);
  return reportAndJudge(
    reports.sort((a, b) => order(a) - order(b)),
    startedAt,
    loadAtStart,
    machine,
  );
}

const lanes = Math.max(1, Number(options.lanes));
let exitCode = 1;
try {
  exitCode = options.ci && lanes > 1 && pageTypes.length > 1 ? await inLanes(lanes) : await main();
} catch (error) {
  console.error(error);
} finally {
  clearTimeout(timer);
  await cleanUp();
}
process.exit(exitCode);
