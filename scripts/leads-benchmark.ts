import { mkdtempSync, rmSync } from 'node:fs';
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

// npm run bench:leads -- [--sizes 0,50000,500000] [--samples 40]
// The leads inbox on the embedded store (in its worker thread, as the site runs it) at each size
// of stored inquiries: the service's first page, a filtered page, searches (a surname, an e-mail
// prefix, a phone's last 4 digits) and a status change, SAMPLES times each after a warm-up;
// printed: p50 and p95 wall ms and each as a ratio to the empty store (which holds only the
// benchmark's own 40 leads), with the load average. Inquiries are seeded in bulk through the
// driver with lead state as the site stores it: three years of inquiries, most answered and
// assigned among five sales accounts, 3 % still new, a week's worth recent.

const { values: options } = parseArgs({ options: { sizes: { type: 'string', default: '0,50000,500000' }, samples: { type: 'string', default: '40' } } });
const sizes = options.sizes.split(',').map(Number);
const samples = Number(options.samples);
if (sizes.some((size) => !Number.isInteger(size) || size < 0) || !Number.isInteger(samples) || samples < 5) {
  throw new Error('usage: npm run bench:leads -- [--sizes 0,50000,500000] [--samples 40]');
}

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

/** Inserts `count` inquiries in batches through the driver (Mongoose's validation and casting left out). */
async function seed(count: number, staff: mongoose.Types.ObjectId[]): Promise<number> {
  const started = performance.now();
  const next = random(count + 1);
  const batch = 5_000;
  for (let from = 0; from < count; from += batch) {
    const documents = Array.from({ length: Math.min(batch, count - from) }, (_, offset) => inquiry(from + offset, count, next, staff));
    await InquiryCollection.collection.insertMany(documents, { ordered: false });
    if ((from / batch) % 10 === 9) process.stdout.write(`  seeded ${(from + batch).toLocaleString('en-US')} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  return (performance.now() - started) / 1000;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

async function measure(run: (sample: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 5; warm++) await run(-1 - warm);
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await run(sample);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

type Results = Map<string, { p50: number; p95: number }>;

async function runAt(size: number): Promise<Results> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-leads-'));
  const logger = createLogger({ LOG_LEVEL: 'silent' });
  const database = await connectDatabase({ DATA_DIR: folder, DATA_START_EMPTY: false, BACKUP_INTERVAL_HOURS: undefined, BACKUP_KEEP: 7, MONGODB_URI: undefined }, logger);
  try {
    await InquiryCollection.init();
    const members = await Promise.all(Array.from({ length: 5 }, (_, n) => createActiveStaff({ role: 'sales', now: NOW, name: `Seller ${n + 1}` })));
    const manager = await createActiveStaff({ role: 'manager', now: NOW, name: 'Manager' });
    const staff = members.map((member) => new mongoose.Types.ObjectId(member.id));
    if (size > 0) console.log(`${size.toLocaleString('en-US')} inquiries seeded in ${(await seed(size, staff)).toFixed(0)} s`);
    // The benchmark's own leads, newest: present at every size (the empty store holds only these).
    const next = random(7);
    const own = Array.from({ length: 40 }, (_, n) => ({ ...inquiry(0, 1, next, staff), createdAt: new Date(NOW.getTime() - 60_000 * (n + 1)) }));
    await InquiryCollection.collection.insertMany(own);
    const target = own[0]!;

    const clock = () => NOW;
    const moment = currentBusinessMoment(profile, business.promotions, clock);
    const leads = createLeads({ clock, audit: createAuditLog({ clock, logger }), site: () => ({ ...siteData(profile), moment: moment() }) });
    const request: StaffRequest = {
      session: { id: 'bench', purpose: 'staff', staff: manager, signedInWith: 'password+code', createdAt: NOW, reauthenticatedAt: NOW },
      client: { address: '127.0.0.1', userAgent: 'bench', requestId: 'bench' },
      formToken: null,
      presented: { sessionToken: null, knownBrowserToken: null },
      cookies: {},
      origin: 'http://127.0.0.1',
    };
    const list = (filter: LeadFilter) => () => leads.list(filter, request);
    const results: Results = new Map();
    results.set('first page', await measure(list({})));
    results.set('filtered page (contacted, sales)', await measure(list({ status: 'contacted', kind: 'sales' })));
    results.set('filtered page (unassigned)', await measure(list({ assignee: 'unassigned' })));
    results.set(`search: surname "${target.lastName}"`, await measure(list({ q: target.lastName })));
    results.set('search: e-mail prefix', await measure(list({ q: target.email.slice(0, target.email.indexOf('@')) })));
    results.set('search: phone last 4', await measure(list({ q: target.phone.slice(-4) })));
    results.set('status change', await measure((sample) => leads.setStatus(target.id, sample % 2 === 0 ? 'qualified' : 'contacted', request)));
    results.set('dashboard', await measure(() => leads.dashboard(request)));
    return results;
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const all = new Map<number, Results>();
for (const size of sizes) {
  console.log(
    `\n${size.toLocaleString('en-US')} stored inquiries (load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  );
  const results = await runAt(size);
  all.set(size, results);
  const empty = all.get(sizes[0]!)!;
  for (const [name, { p50, p95 }] of results) {
    const base = empty.get(name) ?? [...empty.entries()].find(([other]) => other.split(':')[0] === name.split(':')[0])?.[1];
    const ratio = base ? ` (${(p50 / base.p50).toFixed(2)}× / ${(p95 / base.p95).toFixed(2)}×)` : '';
    console.log(`  ${name.padEnd(40)} p50 ${format(p50)} ms, p95 ${format(p95)} ms${ratio}`);
  }
}
console.log(
  `\nload average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}; ${os.cpus().length} CPUs`,
);
