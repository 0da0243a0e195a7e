import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { InquiryCollection } from '../models/inquiry.model';
import { createAuditLog } from '../services/audit-log.service';
import { createLeads } from '../services/leads/leads.service';
import { leadTimingOf } from '../services/leads/lead-state';
import { currentBusinessMoment } from '../src/business/business-moment';
import { businessProfile } from '../src/config/business-profile.server';
import { loadBusinessFile } from '../src/config/load-business-file.server';
import { connectDatabase } from '../src/db/connect-database.server';
import { leadDueAt } from '../src/leads/lead-due';
import { leadSearchKeys } from '../src/leads/lead-search';
import type { LeadFilter, LeadStatus } from '../src/leads/leads';
import { createLogger } from '../src/logging/logger.server';
import { siteData } from '../src/route-context/site-data.server';
import type { StaffRequest } from '../src/staff/staff-request';
import { createActiveStaff } from '../test/support/staff-session';

// npm run bench:leads -- [--sizes 0,50000,500000] [--rounds 12] [--per-round 3] [--dir var/bench] [--seed-only]
// The leads inbox on the embedded store at each size of stored inquiries, all sizes measured in ONE
// run and interleaved: each size's store is opened in its own process (the store in its worker
// thread, as the site runs it), kept on disk under <dir>/leads-<size>/ and reused when its marker
// says the seeding finished. After a warm-up, every round runs each operation PER_ROUND times on
// every size, the sizes in an order that rotates with the round, so that the machine's load falls
// on all sizes alike. Printed per operation and size: p50 and p95 wall ms over all samples, the
// ratio of p50 to the empty store's (the median of the rounds' ratios, with their range), and the
// CPU ms per call of the store's thread (/proc schedstat) and of the calling thread; with the load
// average at the start and the end. Inquiries are seeded in bulk through the driver with lead state
// as the site stores it: three years of inquiries, most answered and assigned among five sales
// accounts, 3 % still new, a week's worth recent; plus the benchmark's own 40 newest leads (all
// the "empty" store holds), and 30 that give each search a full page at every size.

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '0,50000,500000' },
    rounds: { type: 'string', default: '12' },
    'per-round': { type: 'string', default: '3' },
    dir: { type: 'string', default: 'var/bench' },
    'seed-only': { type: 'boolean', default: false },
    serve: { type: 'string' },
  },
});
const USAGE = 'usage: npm run bench:leads -- [--sizes 0,50000,500000] [--rounds 12] [--per-round 3] [--dir var/bench] [--seed-only]';
const sizes = options.sizes.split(',').map(Number);
const rounds = Number(options.rounds);
const perRound = Number(options['per-round']);
if (sizes.some((size) => !Number.isInteger(size) || size < 0) || !Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(perRound) || perRound < 1) {
  throw new Error(USAGE);
}
const baseFolder = path.resolve(options.dir);

const NOW = new Date('2026-06-10T15:00:00Z');
const YEARS_MS = 3 * 365 * 86_400_000;
const FIRST_NAMES =
  'james mary robert patricia john jennifer michael linda david elizabeth william barbara richard susan joseph jessica thomas sarah charles karen christopher lisa daniel nancy matthew betty anthony sandra mark margaret donald ashley steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian melissa george deborah timothy stephanie ronald rebecca edward sharon jason laura jeffrey cynthia ryan dorothy jacob amy gary kathleen nicholas angela eric shirley jonathan brenda stephen emma larry anna justin pamela scott nicole brandon samantha benjamin katherine samuel christine gregory debra alexander rachel frank carolyn patrick janet raymond maria jack olivia dennis heather jerry helen'.split(
    ' ',
  );
const LAST_NAMES =
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan bell coleman butler henderson barnes gonzales fisher vasquez simmons romero jordan patterson alexander hamilton graham reynolds griffin wallace moreno west cole hayes bryant herrera gibson ellis tran medina aguilar stevens murray ford castro marshall owens harrison fernandez mcdonald woods washington kennedy wells vargas henry chen freeman webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva shaw snyder mason dixon munoz hunt hicks holmes palmer wagner black robertson boyd rose stone salazar fox warren mills meyer rice schmidt garza daniels ferguson nichols stephens soto weaver ryan gardner payne grant dunn kelley spencer hawkins arnold pierce vazquez hansen peters santos hart bradley knight elliott cunningham duncan armstrong hudson carroll lane riley andrews alvarado ray delgado berry perkins hoffman johnston matthews pena richards contreras willis carpenter lawrence sandoval'.split(
    ' ',
  );
const DOMAINS = ['gmail.com', 'yahoo.com', 'aol.com', 'comcast.net', 'verizon.net', 'outlook.com', 'icloud.com', 'hotmail.com'];
const AREA_CODES = ['609', '732', '856', '908', '201', '215', '848', '973'];
const INTERESTS = ['sales', 'sales', 'sales', 'service', 'parts', 'general'] as const;
const SHOWROOMS = ['bayville', 'ocean-view'];

const business = loadBusinessFile(undefined);
const profile = businessProfile(business, 'http://127.0.0.1');
const timing = leadTimingOf(profile);

/** A deterministic generator (mulberry32), so every run seeds the same inquiries. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One stored inquiry with its lead state, as the site stores them; `index` 0 is the newest. */
function inquiry(index: number, total: number, next: () => number, staff: mongoose.Types.ObjectId[]) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const contact = {
    firstName: firstName[0]!.toUpperCase() + firstName.slice(1),
    lastName: lastName[0]!.toUpperCase() + lastName.slice(1),
    email: `${firstName}.${lastName}${Math.floor(next() * 1000)}@${pick(DOMAINS)}`,
    phone: `(${pick(AREA_CODES)}) 555-${String(Math.floor(next() * 10_000)).padStart(4, '0')}`,
  };
  const createdAt = new Date(NOW.getTime() - 3_600_000 - Math.floor((index / Math.max(total, 1)) * YEARS_MS));
  const dueAt = leadDueAt(createdAt, timing.schedule, timing.thresholdMinutes);
  const roll = next();
  const status: LeadStatus = roll < 0.03 ? 'new' : roll < 0.06 ? 'spam' : pick(['contacted', 'qualified', 'won', 'lost', 'lost'] as const);
  const answered = status !== 'new' && status !== 'spam';
  const assignee = answered || next() < 0.5 ? pick(staff) : undefined;
  const respondedAt = new Date(createdAt.getTime() + Math.floor(next() * 86_400_000));
  const interest = pick(INTERESTS);
  return {
    id: crypto.randomUUID(),
    ...contact,
    interest,
    message: 'Hi, is the 2025 four-seater in blue still available? What would the out-the-door price be with the lift kit, and can I see it on Saturday?',
    ...(interest === 'sales' && next() < 0.5
      ? { vehicleOfInterest: { slug: 'evolution-d5-ranger-4-plus', name: 'EVOLUTION D5 Ranger 4 Plus', brand: 'evolution', year: 2025, condition: 'new' } }
      : {}),
    source: { landingPage: '/inventory', referrer: 'https://www.google.com/' },
    createdAt,
    notification: { status: 'sent', attempts: 1, nextAttemptAt: createdAt, sentAt: createdAt },
    lead: {
      status,
      ...(assignee ? { assigneeId: assignee } : {}),
      dueAt,
      ...(next() < 0.4 ? { showroom: pick(SHOWROOMS) } : {}),
      searchKeys: leadSearchKeys(contact),
      ...(answered ? { firstResponse: { at: respondedAt, byId: assignee, businessSeconds: Math.floor(next() * 20_000) } } : {}),
      history: answered ? [{ at: respondedAt, byId: assignee, change: 'status', from: 'new', to: status }] : [],
      notes: next() < 0.2 ? [{ id: crypto.randomUUID(), at: respondedAt, byId: assignee ?? staff[0], text: 'Left a voicemail; will try again tomorrow.' }] : [],
    },
  };
}

/** What a seeded store's marker records; written only once the seeding has finished. */
interface SeedMarker {
  size: number;
  managerId: string;
  targetId: string;
  targetLastName: string;
  targetEmail: string;
  targetPhone: string;
  seededSeconds: number;
  /** Whether the 30 leads that give each search a full page at every size are stored. */
  pageFillers?: boolean;
}

const MARKER = 'seeded.json';

/** Inserts `count` inquiries in batches through the driver (Mongoose's validation and casting left out, unordered). */
async function seed(count: number, staff: mongoose.Types.ObjectId[]): Promise<void> {
  const started = performance.now();
  const next = random(count + 1);
  const batch = 1_000;
  for (let from = 0; from < count; from += batch) {
    const documents = Array.from({ length: Math.min(batch, count - from) }, (_, offset) => inquiry(from + offset, count, next, staff));
    await InquiryCollection.collection.insertMany(documents, { ordered: false });
    if ((from / batch) % 50 === 49)
      process.stdout.write(`  [${count}] seeded ${(from + batch).toLocaleString('en-US')} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
}

/** Nanoseconds a thread of this process has run on a CPU (the first field of its schedstat). */
const threadCpuNs = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);

type Operation =
  | 'first page'
  | 'filtered: contacted + sales'
  | 'filtered: unassigned'
  | 'search: surname'
  | 'search: e-mail local part'
  | 'search: phone last 4'
  | 'status change'
  | 'dashboard';
const OPERATIONS: Operation[] = [
  'first page',
  'filtered: contacted + sales',
  'filtered: unassigned',
  'search: surname',
  'search: e-mail local part',
  'search: phone last 4',
  'status change',
  'dashboard',
];

interface Timing {
  wallMs: number;
  storeCpuMs: number;
  callerCpuMs: number;
}

/**
 * One size's store, in this process: opened (seeded first when its marker is missing), then the
 * operations the parent asks for over IPC, each answered with its wall time and the CPU time of
 * the store's worker thread and of this (the calling) thread.
 */
async function serve(size: number): Promise<void> {
  const folder = path.join(baseFolder, `leads-${size}`);
  const markerFile = path.join(folder, MARKER);
  const seeded = existsSync(markerFile);
  if (!seeded) rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const logger = createLogger({ LOG_LEVEL: 'silent' });
  const tasksBefore = new Set(readdirSync('/proc/self/task'));
  const database = await connectDatabase(
    { DATA_DIR: path.join(folder, 'data'), DATA_START_EMPTY: !seeded, BACKUP_INTERVAL_HOURS: undefined, BACKUP_KEEP: 7, MONGODB_URI: undefined },
    logger,
  );
  const newTasks = readdirSync('/proc/self/task').filter((tid) => !tasksBefore.has(tid));
  let marker: SeedMarker;
  if (seeded) {
    marker = JSON.parse(readFileSync(markerFile, 'utf8')) as SeedMarker;
  } else {
    const started = performance.now();
    await InquiryCollection.init();
    const members = await Promise.all(Array.from({ length: 5 }, (_, n) => createActiveStaff({ role: 'sales', now: NOW, name: `Seller ${n + 1}` })));
    const manager = await createActiveStaff({ role: 'manager', now: NOW, name: 'Manager' });
    const staff = members.map((member) => new mongoose.Types.ObjectId(member.id));
    if (size > 0) await seed(size, staff);
    // The benchmark's own leads, newest: present at every size (the empty store holds only these).
    const next = random(7);
    const own = Array.from({ length: 40 }, () => inquiry(0, 1, next, staff)).map((lead, n) => ({ ...lead, createdAt: new Date(NOW.getTime() - 60_000 * (n + 1)) }));
    await InquiryCollection.collection.insertMany(own);
    const target = own[0]!;
    marker = {
      size,
      managerId: manager.id,
      targetId: target.id,
      targetLastName: target.lastName,
      targetEmail: target.email,
      targetPhone: target.phone,
      seededSeconds: Math.round((performance.now() - started) / 1000),
    };
    writeFileSync(markerFile, JSON.stringify(marker, null, 2));
    console.log(`  [${size}] ${size.toLocaleString('en-US')} inquiries seeded in ${marker.seededSeconds} s`);
  }

  if (!marker.pageFillers) {
    // 30 more leads with the target's surname, its e-mail's local part (other domains) and its
    // phone's last 4 digits (other numbers), older than the benchmark's own 40: each search then
    // fills a page at every size, so the empty store's page decodes and lists as many rows as the
    // 500,000's and the ratio is the store's growth, not 1 row against 25.
    const next = random(11);
    const local = marker.targetEmail.slice(0, marker.targetEmail.indexOf('@'));
    const fillers = Array.from({ length: 30 }, (_, n) => {
      const lead = inquiry(0, 1, next, [new mongoose.Types.ObjectId(marker.managerId)]);
      const contact = {
        firstName: lead.firstName,
        lastName: marker.targetLastName,
        email: `${local}@${DOMAINS[n % DOMAINS.length]!}`,
        phone: `(${AREA_CODES[n % AREA_CODES.length]!}) ${String(200 + n * 7)}-${marker.targetPhone.slice(-4)}`,
      };
      return { ...lead, ...contact, createdAt: new Date(NOW.getTime() - 60_000 * (41 + n)), lead: { ...lead.lead, searchKeys: leadSearchKeys(contact) } };
    });
    await InquiryCollection.collection.insertMany(fillers);
    marker = { ...marker, pageFillers: true };
    writeFileSync(markerFile, JSON.stringify(marker, null, 2));
  }

  const clock = () => NOW;
  const moment = currentBusinessMoment(profile, business.promotions, clock);
  const leads = createLeads({ clock, audit: createAuditLog({ clock, logger }), site: () => ({ ...siteData(profile), moment: moment() }) });
  const request: StaffRequest = {
    session: {
      id: 'bench',
      purpose: 'staff',
      staff: { id: marker.managerId, email: 'manager@example.org', name: 'Manager', role: 'manager' },
      signedInWith: 'password+code',
      createdAt: NOW,
      reauthenticatedAt: NOW,
    },
    client: { address: '127.0.0.1', userAgent: 'bench', requestId: 'bench' },
    formToken: null,
    presented: { sessionToken: null, knownBrowserToken: null },
    cookies: {},
    origin: 'http://127.0.0.1',
  };
  const list = (filter: LeadFilter) => () => leads.list(filter, request);
  let statusFlip = 0;
  const run: Record<Operation, () => Promise<unknown>> = {
    'first page': list({}),
    'filtered: contacted + sales': list({ status: 'contacted', kind: 'sales' }),
    'filtered: unassigned': list({ assignee: 'unassigned' }),
    'search: surname': list({ q: marker.targetLastName }),
    'search: e-mail local part': list({ q: marker.targetEmail.slice(0, marker.targetEmail.indexOf('@')) }),
    'search: phone last 4': list({ q: marker.targetPhone.slice(-4) }),
    'status change': () => leads.setStatus(marker.targetId, statusFlip++ % 2 === 0 ? 'qualified' : 'contacted', request),
    dashboard: () => leads.dashboard(request),
  };
  // The store's thread: of the threads the store's start added, the one that has run the most.
  const storeThread = newTasks.sort((a, b) => threadCpuNs(b) - threadCpuNs(a))[0];
  const callerThread = String(process.pid);
  if (!storeThread) throw new Error('the embedded store started no thread in this process');

  process.on('message', (message: { op: Operation } | { close: true }) => {
    void (async () => {
      if ('close' in message) {
        await database.close();
        process.exit(0);
      }
      const store = threadCpuNs(storeThread);
      const caller = threadCpuNs(callerThread);
      const started = performance.now();
      await run[message.op]();
      const timing: Timing = {
        wallMs: performance.now() - started,
        storeCpuMs: (threadCpuNs(storeThread) - store) / 1e6,
        callerCpuMs: (threadCpuNs(callerThread) - caller) / 1e6,
      };
      process.send!(timing);
    })();
  });
  process.send!({ ready: true, seededSeconds: marker.seededSeconds, seededNow: !seeded });
}

/** A size's serving process, and a way to ask it for one operation at a time. */
function startStore(size: number): Promise<{ ask: (op: Operation) => Promise<Timing>; close: () => Promise<void> }> {
  const child: ChildProcess = fork(process.argv[1]!, ['--serve', String(size), '--dir', baseFolder], { stdio: 'inherit' });
  let waiting: ((timing: Timing) => void) | undefined;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the store of ${size} ended (${code}) before it was ready`)));
    child.on('message', (message: Timing | { ready: true }) => {
      if ('ready' in message) {
        child.removeAllListeners('exit');
        resolve({
          ask: (op) =>
            new Promise((answered) => {
              waiting = answered;
              child.send({ op });
            }),
          close: () =>
            new Promise((closed) => {
              child.once('exit', () => closed());
              child.send({ close: true });
            }),
        });
      } else {
        waiting?.(message);
      }
    });
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]!;
const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

async function main(): Promise<void> {
  console.log(`load average at the start: ${loadAverage()} (${os.cpus().length} CPUs); sizes ${sizes.join(', ')}; stores under ${baseFolder}`);
  const started = performance.now();
  const stores = await Promise.all(sizes.map((size) => startStore(size)));
  console.log(`stores open in ${((performance.now() - started) / 1000).toFixed(0)} s (load average ${loadAverage()})`);
  if (options['seed-only']) {
    await Promise.all(stores.map((store) => store.close()));
    return;
  }
  // Warm-up: every operation twice on every size.
  for (const op of OPERATIONS) for (const store of stores) for (let n = 0; n < 2; n++) await store.ask(op);

  // samples[op][size index] = every call's timing; roundMedians[op][size index][round] = that round's median wall ms.
  const samples = new Map(OPERATIONS.map((op) => [op, sizes.map((): Timing[] => [])]));
  const roundMedians = new Map(OPERATIONS.map((op) => [op, sizes.map((): number[] => [])]));
  for (let round = 0; round < rounds; round++) {
    for (const op of OPERATIONS) {
      for (let k = 0; k < sizes.length; k++) {
        const index = (round + k) % sizes.length;
        const taken: Timing[] = [];
        for (let n = 0; n < perRound; n++) taken.push(await stores[index]!.ask(op));
        samples.get(op)![index]!.push(...taken);
        roundMedians.get(op)![index]!.push(median(taken.map((timing) => timing.wallMs)));
      }
    }
    process.stdout.write(`  round ${round + 1}/${rounds} done (load average ${loadAverage()})\n`);
  }
  await Promise.all(stores.map((store) => store.close()));

  console.log(`\n${rounds} rounds × ${perRound} calls per operation and size, sizes in rotating order; load average at the end: ${loadAverage()}`);
  console.log('operation | size | p50 / p95 wall ms | p50 ratio to empty: median of rounds (min–max) | CPU ms per call: store thread / caller thread (medians)');
  for (const op of OPERATIONS) {
    sizes.forEach((size, index) => {
      const taken = samples.get(op)![index]!;
      const walls = taken.map((timing) => timing.wallMs);
      const ratios = roundMedians.get(op)![index]!.map((ms, round) => ms / roundMedians.get(op)![0]![round]!);
      const ratio = index === 0 ? '' : `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
      console.log(
        `${op.padEnd(28)} | ${size.toLocaleString('en-US').padStart(7)} | ${format(median(walls))} / ${format(percentile(walls, 0.95))} | ${ratio.padEnd(20)} | ${format(median(taken.map((timing) => timing.storeCpuMs)))} / ${format(median(taken.map((timing) => timing.callerCpuMs)))}`,
      );
    });
  }
}

if (options.serve !== undefined) await serve(Number(options.serve));
else await main();
