import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { VALID_INQUIRY } from '../test/support/fixtures';
import { listeningPort } from '../test/support/listening-port';
import { cpuSecondsOf } from './process-usage';

// npm run bench:outbox -- BEFORE_CHECKOUT AFTER_CHECKOUT [--pending 10000] [--rounds 3] [--seconds 8]
// What a backlog of unsent e-mails costs, for two builds of the site (each checkout built with
// `npm run build`) side by side. Each checkout's own server first creates its collections and
// indexes in a data folder; then PENDING inquiries whose staff e-mail is due go in, in bulk. In
// rounds, alternating which build goes first, each server starts on a fresh copy of its folder
// (mail to .eml files: the outbox drains as fast as it can claim) and, once the first e-mail is
// out, is measured for SECONDS while it only drains (its CPU time from /proc per e-mail written),
// then for SECONDS while POST /api/contact is sent one at a time beside the draining. The same
// posts against an empty outbox give the idle figure. Medians over the rounds with [min–max].

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pending: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
  },
});
const pending = Number(options.pending);
const rounds = Number(options.rounds);
const phaseMs = Number(options.seconds) * 1000;
const roots = positionals.slice(0, 2).map((root) => path.resolve(root));
if (roots.length !== 2 || ![pending, rounds, phaseMs].every((value) => Number.isInteger(value) && value > 0)) {
  throw new Error('usage: npm run bench:outbox -- BEFORE_CHECKOUT AFTER_CHECKOUT [--pending 10000] [--rounds 3] [--seconds 8]');
}
const labels = ['before', 'after'] as const;
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));

interface Site {
  child: ChildProcess;
  origin: string;
  mailDir: string;
}

async function startSite(root: string, dataDir: string, mailDir: string): Promise<Site> {
  const entry = path.join(root, 'dist/server/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: npm run build in ${root}`);
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, MAIL_DIR: mailDir, LOG_LEVEL: 'info', CONTACT_RATE_LIMIT: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await listeningPort(child, 120_000);
  child.stdout!.resume();
  if (!port) throw new Error(`the server of ${root} exited before listening`);
  return { child, origin: `http://127.0.0.1:${port}`, mailDir };
}

async function stopSite(site: Site): Promise<void> {
  if (site.child.exitCode !== null || site.child.signalCode !== null) return;
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  site.child.kill('SIGTERM');
  const timer = setTimeout(() => site.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** A pending inquiry as the site stores one, its staff e-mail due since it arrived. */
function pendingInquiry(n: number, now: number) {
  const createdAt = new Date(now - (pending - n) * 1000);
  return {
    id: randomUUID(),
    ...VALID_INQUIRY,
    email: `visitor${n}@example.com`,
    message: `Question number ${n} about a four-seater in blue, and whether it can be delivered to the shore.`,
    createdAt,
    notification: { status: 'pending', attempts: 0, nextAttemptAt: createdAt },
  };
}

/** A data folder of this build holding `count` pending inquiries: the build's own server makes the collections and indexes. */
async function preparedFolder(label: string, root: string, count: number): Promise<string> {
  const dataDir = path.join(work, `${label}-${count}`);
  await stopSite(await startSite(root, dataDir, path.join(work, `${label}-prepare-mail`)));
  if (count === 0) return dataDir;
  const store = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(store.uri);
  try {
    const inquiries = client.db('shore-golf-carts').collection('contact_forms');
    const now = Date.now();
    for (let start = 0; start < count; start += 1000) {
      await inquiries.insertMany(Array.from({ length: Math.min(1000, count - start) }, (_, i) => pendingInquiry(start + i, now)));
    }
  } finally {
    await client.close();
    await store.close();
  }
  return dataDir;
}

const sentCount = (mailDir: string) => (existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length : 0);
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** CPU ms per e-mail while the outbox only drains, and e-mails a second. */
async function drainPhase(site: Site): Promise<{ cpuMsPerEmail: number; emailsPerSecond: number }> {
  const deadline = Date.now() + 60_000;
  while (sentCount(site.mailDir) === 0 && Date.now() < deadline) await wait(50);
  const pid = site.child.pid!;
  const [cpuBefore, sentBefore, started] = [cpuSecondsOf(pid)!, sentCount(site.mailDir), performance.now()];
  await wait(phaseMs);
  const [cpuAfter, sentAfter, ended] = [cpuSecondsOf(pid)!, sentCount(site.mailDir), performance.now()];
  const sent = sentAfter - sentBefore;
  return { cpuMsPerEmail: sent > 0 ? ((cpuAfter - cpuBefore) * 1000) / sent : Number.NaN, emailsPerSecond: (sent * 1000) / (ended - started) };
}

/** POST /api/contact one after another for the phase: p50 and p95 in ms. */
async function postPhase(site: Site): Promise<{ p50: number; p95: number; posts: number }> {
  const latencies: number[] = [];
  const until = performance.now() + phaseMs;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${site.origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_INQUIRY),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`POST /api/contact answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
  return { p50: at(0.5), p95: at(0.95), posts: latencies.length };
}

interface Round {
  cpuMsPerEmail: number;
  emailsPerSecond: number;
  drainingP50: number;
  drainingP95: number;
  idleP50: number;
}

async function measureRound(label: string, root: string, folders: { backlog: string; empty: string }, round: number): Promise<Round> {
  const idleSite = await startSite(root, folders.empty, path.join(work, `${label}-${round}-idle-mail`));
  const idle = await postPhase(idleSite).finally(() => stopSite(idleSite));
  const dataDir = path.join(work, `${label}-${round}-backlog`);
  cpSync(folders.backlog, dataDir, { recursive: true });
  const site = await startSite(root, dataDir, path.join(work, `${label}-${round}-mail`));
  try {
    const drain = await drainPhase(site);
    const draining = await postPhase(site);
    return { ...drain, drainingP50: draining.p50, drainingP95: draining.p95, idleP50: idle.p50 };
  } finally {
    await stopSite(site);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  console.log(`load average before: ${loadAverage()} (${os.cpus().length} CPUs); ${pending} pending e-mails; ${rounds} rounds of ${phaseMs / 1000} s per phase`);
  mkdirSync(work, { recursive: true });
  const folders = await Promise.all(
    labels.map(async (label, index) => ({
      backlog: await preparedFolder(label, roots[index]!, pending),
      empty: await preparedFolder(`${label}-empty`, roots[index]!, 0),
    })),
  );
  const results = new Map<string, Round[]>(labels.map((label) => [label, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const index of round % 2 ? [1, 0] : [0, 1]) {
      const label = labels[index]!;
      results.get(label)!.push(await measureRound(label, roots[index]!, folders[index]!, round));
      console.log(`round ${round + 1}, ${label} done; load average ${loadAverage()}`);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figure = (values: number[], digits = 1) => `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
  console.log(
    `\n| build | CPU ms per e-mail while draining | e-mails/s | POST /api/contact p50 ms, empty outbox | p50 ms while draining | p95 ms while draining | p50 draining / empty |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [index, label] of labels.entries()) {
    const measured = results.get(label)!;
    console.log(
      `| ${label} (${path.basename(roots[index]!)}) | ${figure(measured.map((r) => r.cpuMsPerEmail))} | ${figure(measured.map((r) => r.emailsPerSecond))} | ${figure(measured.map((r) => r.idleP50))} | ${figure(measured.map((r) => r.drainingP50))} | ${figure(measured.map((r) => r.drainingP95))} | ${figure(
        measured.map((r) => r.drainingP50 / r.idleP50),
        2,
      )} |`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
