import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INQUIRY } from '../support/fixtures';
import { startMotoServer, type MotoServer } from '../support/moto-server';
import { startNginx, type NginxServer } from '../support/nginx-server';
import { textOf } from '../support/page-html';
import { serverEntry, startProductionServer, type ProductionServer } from '../support/production-server';
import { createTestStaffAccount } from '../support/staff-accounts';
import { pageFormToken } from '../support/staff-session';
import { csvOf, TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';
import { startStoreProcess, type StoreProcess } from '../support/store-process';

// Issue 25, point 4: the site as a dealer group runs it on two machines. The store runs as its own
// process (as a MongoDB server would), two instances of the production build use it through
// MONGODB_URI and keep their photos in an S3-compatible bucket (moto's server), and Debian's nginx
// sends visitors to both with deploy/nginx.conf as shipped, its upstream listing the two. Nothing
// an instance keeps to itself may show: a photo, a staff session, the catalog, an inquiry, the
// contact form's limit; and killing one instance outright loses no inquiry it acknowledged.

const BUCKET = 'dealer-photos';
const ONWARD_PAGE = '/inventory/2021-club-car-onward-4-passenger-t100';
const RXV_PAGE = '/inventory/2020-e-z-go-rxv-elite-2-passenger-t300';
/** The rxv unit with a new price, as the dealer's feed lists it on the next fetch. */
const REPRICED_RXV = TEST_FEED_ROWS.rxv.replace(',6995,', ',7450,');

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Runs the production build's catalog import (`node dist/server/catalog-import.js FILE`) as an operator does on a machine. */
function importOnMachine(file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.resolve('dist/server/catalog-import.js'), file], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One HTTP request from a loopback address of the test's choosing (127.0.0.0/8 is all this
 * machine's), so that the contact form's limit, counted per visitor's address, sees many visitors.
 * Status 0: the connection failed.
 */
function send(origin: string, pathname: string, options: { method?: string; from?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(pathname, origin);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: { ...options.headers, ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), headers: res.headers }));
        res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '', headers: {} }));
    req.end(options.body);
  });
}

/** POST /api/contact from `from`; the id the site answered with when it acknowledged it (201). */
async function sendInquiry(origin: string, from: string, marker: string): Promise<{ status: number; id?: string }> {
  const body = JSON.stringify({ ...VALID_INQUIRY, message: `Is the blue four-seater still there? (${marker})` });
  const answer = await send(origin, '/api/contact', { method: 'POST', from, headers: { 'content-type': 'application/json' }, body });
  if (answer.status !== 201) return { status: answer.status };
  return { status: 201, id: (JSON.parse(answer.body) as { id: string }).id };
}

/** The request lines an instance logged for posted inquiries. */
const inquiriesAnswered = (instance: ProductionServer) => instance.output().match(/"method":"POST","path":"\/api\/contact"/g)?.length ?? 0;

/**
 * Waits until nginx sends requests to each of the instances: after a reload, once its new worker
 * answers; and one that failed a request (a reset on a busy machine) is left out for 10 s
 * (max_fails=1 fail_timeout=10s), longer than a burst of inquiries takes. Each probe is an address
 * nginx has not cached, so it reaches an instance, on a connection of its own (the old worker
 * closes its kept-alive ones as it stops after a reload).
 */
async function untilInRotation(proxy: NginxServer, ...instances: ProductionServer[]): Promise<void> {
  const seen = (instance: ProductionServer) => instance.output().match(/"method":"GET","path":"\/privacy"/g)?.length ?? 0;
  const before = instances.map(seen);
  const deadline = Date.now() + 30_000;
  for (let probe = 0; Date.now() < deadline; probe += 1) {
    await send(proxy.origin, `/privacy?rotation-probe=${probe}-${Date.now()}`);
    if (instances.every((instance, index) => seen(instance) > before[index]!)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nginx did not send requests to all ${instances.length} instances within 30 s:\n${proxy.errorLog()}`);
}

/** The staff e-mails written so far into the mail folders, by inquiry id (each file names its Message-ID). */
async function staffMailsByInquiry(mailDirs: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const folder of mailDirs) {
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const id = /-inquiry-([0-9a-f-]{36})-staff-/.exec(name)?.[1];
      if (id && name.endsWith('.eml')) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/** The processed photos a page names, by content hash, in order. */
const photoHashes = (html: string) => [...new Set([...html.matchAll(/\/photos\/([a-f0-9]{32})\//g)].map((match) => match[1]!))];

/** Every file under a folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

describe('two instances behind nginx on one database and one bucket', { timeout: 120_000 }, () => {
  let work: string;
  let moto: MotoServer;
  let store: StoreProcess;
  let proxy: NginxServer;
  let shippedNginxConf: string;
  let feedServer: Server | undefined;
  const machines = { a: { dataDir: '', mailDir: '' }, b: { dataDir: '', mailDir: '' } };
  let a: ProductionServer | undefined;
  let b: ProductionServer | undefined;
  /** What both instances are started with: one database, one bucket, the proxy in front. */
  let sharedEnv: Record<string, string>;
  /** The staff session cookie made by signing in on A. */
  let staffCookie: string;

  /**
   * An instance on a port the system chooses (PORT=0), which it names once it listens: no port is
   * picked beforehand, for another test's process to take before the instance binds it.
   */
  const start = (machine: typeof machines.a, extra: Record<string, string> = {}) =>
    startProductionServer({ dataDir: machine.dataDir, mailDir: machine.mailDir }, { ...sharedEnv, ...extra });

  /**
   * nginx's configuration: the shipped one as it is, on a loopback port and a private cache
   * folder, its upstream listing the instances that run, each on the port it bound. nginx starts
   * before either (the instances are told its address) and takes each one up by a reload once it
   * listens, as an operator adds a machine: an instance that refused a connection would be left
   * out for 10 s, and with all left out nginx answers 502 without trying any. Until then its one
   * server is marked down, which nginx never connects to.
   */
  function proxyConfig(instances: ProductionServer[]) {
    const replaced = (text: string, from: string, to: string) => {
      if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer contains ${from}`);
      return text.replace(from, to);
    };
    const servers = instances.length === 0 ? ['server 127.0.0.1:3000 down;'] : instances.map((instance) => `server 127.0.0.1:${instance.port};`);
    return [
      ['/var/cache/nginx/shore-golf-carts', '{prefix}/cache'],
      ['server 127.0.0.1:3000;', servers.join('\n  ')],
      ['listen 80;', 'listen 127.0.0.1:{port};'],
    ].reduce((text, [from, to]) => replaced(text, from!, to!), shippedNginxConf);
  }

  beforeAll(async () => {
    if (!existsSync(serverEntry)) throw new Error('run npm run build first: this test starts the production build');
    work = await mkdtemp(path.join(tmpdir(), 'several-servers-'));
    for (const [name, machine] of Object.entries(machines)) {
      machine.dataDir = path.join(work, `machine-${name}`, 'data');
      machine.mailDir = path.join(work, `machine-${name}`, 'mail');
      await mkdir(machine.dataDir, { recursive: true });
      await mkdir(machine.mailDir, { recursive: true });
    }
    // Each instance is told nginx's address (PUBLIC_ORIGIN) as it starts. nginx cannot take port 0:
    // startNginx starts it again on another port when another process takes the one it picked.
    shippedNginxConf = await readFile('deploy/nginx.conf', 'utf8');
    proxy = await startNginx(proxyConfig([]), { masterProcess: true });
    await mkdir(path.join(work, 'store'));
    [moto, store] = await Promise.all([startMotoServer(), startStoreProcess(path.join(work, 'store'))]);
    await moto.createBucket(BUCKET);

    sharedEnv = {
      NODE_ENV: 'production',
      MONGODB_URI: store.uri,
      PHOTO_STORE_URL: `s3://${BUCKET}/site`,
      ...moto.env,
      PUBLIC_ORIGIN: proxy.origin,
      TRUST_PROXY: '1',
      SEED_CATALOG: 'false',
      CONTACT_RATE_LIMIT: '5',
      CONTACT_RATE_WINDOW_SECONDS: '600',
      // A claim outlives any one file write by far; an instance killed mid-send leaves its claims to the other within this.
      MAIL_LEASE_SECONDS: '10',
    };
    // The test's own look into the database, and where it makes a staff account as `npm run staff:invite` and enrolment would.
    await mongoose.connect(store.uri, { serverSelectionTimeoutMS: 5000 });
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exit;
      }
    }
    await proxy?.stop();
    await new Promise((resolve) => (feedServer ? feedServer.close(resolve) : resolve(undefined)));
    await mongoose.disconnect();
    await store?.stop();
    await moto?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 30_000);

  it("serves a photo imported on machine A from machine B, and no photo lands on either machine's disk", async () => {
    const feedDir = path.join(work, 'feed');
    await mkdir(feedDir);
    await writeTestFeedPhotos(feedDir);
    const feed = await writeTestFeed(feedDir, 'units.csv', TEST_FEED_ROWS.onward, TEST_FEED_ROWS.emerge, TEST_FEED_ROWS.rxv);
    // The operator's import on machine A, with A's configuration.
    const imported = await importOnMachine(feed, { ...sharedEnv, DATA_DIR: machines.a.dataDir, MAIL_DIR: machines.a.mailDir });
    expect(imported, imported.output).toMatchObject({ code: 0 });

    b = await start(machines.b);
    expect(b.port, b.output()).toBeGreaterThan(0);
    await proxy.reload(proxyConfig([b]));
    await untilInRotation(proxy, b);
    const page = await send(b.origin, ONWARD_PAGE);
    expect(page.status).toBe(200);
    const photo = /\/photos\/[a-f0-9]{32}\/640\.jpg/.exec(page.body)?.[0];
    expect(photo, 'the unit page names its 640 px JPEG').toBeDefined();

    for (const origin of [b.origin, proxy.origin]) {
      const answer = await send(origin, photo!);
      expect(answer.status, `${origin}${photo}`).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(Buffer.from(answer.body, 'latin1')).metadata()).width).toBe(640);
    }
    expect(await filesUnder(machines.a.dataDir)).toEqual([]);
    expect(await filesUnder(machines.b.dataDir)).toEqual([]);
  });

  it("shows a price that A's scheduled feed changed on B's pages within 5 s", async () => {
    const before = await send(b!.origin, RXV_PAGE);
    expect(textOf(before.body)).toContain('$6,995');
    // B has the page in its render cache now.
    expect(textOf((await send(b!.origin, RXV_PAGE)).body)).toContain('$6,995');

    // The dealer's feed, which A alone fetches (FEED_URL), now lists the rxv at a new price.
    feedServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csvOf(REPRICED_RXV)));
    await new Promise<void>((resolve) => feedServer!.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/units.csv`;
    a = await start(machines.a, { FEED_URL: feedUrl });
    expect(a.port, a.output()).toBeGreaterThan(0);
    // A joins nginx's upstream; the 200-inquiry test waits until nginx sends it requests.
    await proxy.reload(proxyConfig([a, b!]));

    // The schedule fetches at start; the 5 s count from A's log line that the import is done.
    for (let waited = 0; !a.output().includes('"msg":"feed: imported"'); waited += 100) {
      if (waited > 30_000) throw new Error(`A did not import the feed:\n${a.output()}`);
      await wait(100);
    }
    const imported = Date.now();
    let shown = false;
    while (!shown && Date.now() - imported < 5_000) {
      shown = textOf((await send(b!.origin, RXV_PAGE)).body).includes('$7,450');
      if (!shown) await wait(100);
    }
    expect(shown, "B's page shows the new price within 5 s of A's import").toBe(true);
    expect(textOf((await send(a.origin, RXV_PAGE)).body)).toContain('$7,450');
  });

  it('keeps a staff member signed in on B with the session made by signing in on A', async () => {
    const account = await createTestStaffAccount({ name: 'Dana Twomachines', role: 'owner', now: new Date() });
    const signIn = await send(a!.origin, '/staff/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: proxy.origin },
      body: new URLSearchParams({ email: account.email, password: account.password, code: account.code(new Date()) }).toString(),
    });
    expect(signIn.status, signIn.body.slice(0, 500)).toBe(303);
    const setCookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    const session = setCookie.find((line) => /^(__Host-)?staff-session=[^;]/.test(line))?.split(';')[0];
    expect(session).toBeDefined();

    for (const origin of [b!.origin, proxy.origin]) {
      const home = await send(origin, '/staff', { headers: { cookie: session! } });
      expect(home.status, origin).toBe(200);
      expect(textOf(home.body)).toContain('Dana Twomachines');
    }
    // Without the cookie, B sends the visitor to sign in: the session is what let them in.
    expect((await send(b!.origin, '/staff')).status).toBe(303);
    staffCookie = session!;
  });

  it("serves from B a photo uploaded on A's staff pages, which lands on neither machine's disk", async () => {
    const photosPage = '/staff/inventory/T100/photos';
    const before = new Set(photoHashes((await send(b!.origin, ONWARD_PAGE)).body));
    const form = await send(a!.origin, photosPage, { headers: { cookie: staffCookie } });
    expect(form.status).toBe(200);
    const upload = new FormData();
    upload.append('formToken', pageFormToken(form.body));
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3070b0' } })
      .jpeg()
      .toBuffer();
    upload.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'lot.jpg');
    const posted = await fetch(`${a!.origin}${photosPage}`, {
      method: 'POST',
      body: upload,
      headers: { cookie: staffCookie, origin: proxy.origin },
      redirect: 'manual',
    });
    expect(posted.status, await posted.text()).toBe(303);

    // Either instance's photo worker may process it; B's page shows it once it is done.
    let added: string | undefined;
    for (const deadline = Date.now() + 30_000; !added && Date.now() < deadline; await wait(200)) {
      added = photoHashes((await send(b!.origin, ONWARD_PAGE)).body).find((hash) => !before.has(hash));
    }
    expect(added, 'the uploaded photo is on the unit page B serves').toBeDefined();
    const file = new RegExp(`/photos/${added}/\\d+\\.jpg`).exec((await send(b!.origin, ONWARD_PAGE)).body)![0];
    const served = await send(b!.origin, file);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await filesUnder(machines.a.dataDir)).toEqual([]);
    expect(await filesUnder(machines.b.dataDir)).toEqual([]);
  });

  it('holds the contact limit across both: 5 from one address, the 6th refused on either', async () => {
    const from = '127.0.3.1';
    const order = [a!, b!, a!, b!, a!];
    for (const [index, instance] of order.entries()) expect((await sendInquiry(instance.origin, from, `limit ${index}`)).status).toBe(201);
    expect((await sendInquiry(a!.origin, from, 'limit 5 on A')).status).toBe(429);
    expect((await sendInquiry(b!.origin, from, 'limit 5 on B')).status).toBe(429);
    expect((await sendInquiry(proxy.origin, from, 'limit 5 through nginx')).status).toBe(429);
    // Another visitor is not held back by it.
    expect((await sendInquiry(proxy.origin, '127.0.3.2', 'another visitor')).status).toBe(201);
  });

  it('stores each of 200 inquiries sent through nginx once, answered by both instances, and mails each once', async () => {
    await untilInRotation(proxy, a!, b!);
    const answeredBefore = { a: inquiriesAnswered(a!), b: inquiriesAnswered(b!) };
    // 100 visitors with two inquiries each, ten at a time.
    const jobs = Array.from({ length: 200 }, (_, index) => ({ from: `127.0.1.${(index % 100) + 1}`, marker: `spread ${index}` }));
    const answers: Array<{ status: number; id?: string }> = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) answers.push(await sendInquiry(proxy.origin, job.from, job.marker));
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    const ids = answers.map((answer) => answer.id!);
    expect(new Set(ids).size).toBe(200);

    const stored = await mongoose.connection
      .collection('contact_forms')
      .find({ message: { $regex: '\\(spread \\d+\\)$' } }, { projection: { id: 1 } })
      .toArray();
    expect(stored.map((inquiry) => String(inquiry.id)).sort()).toEqual([...ids].sort());
    // nginx sent them to both, in turn (one that fails a request on a busy machine is left out for 10 s).
    expect(inquiriesAnswered(a!) - answeredBefore.a).toBeGreaterThanOrEqual(20);
    expect(inquiriesAnswered(b!) - answeredBefore.b).toBeGreaterThanOrEqual(20);

    // Each instance's outbox sends what it claims; between them, every inquiry's staff e-mail once.
    const mailDirs = [machines.a.mailDir, machines.b.mailDir];
    const deadline = Date.now() + 60_000;
    let mails = await staffMailsByInquiry(mailDirs);
    while (ids.some((id) => !mails.has(id)) && Date.now() < deadline) {
      await wait(250);
      mails = await staffMailsByInquiry(mailDirs);
    }
    expect(ids.filter((id) => mails.get(id) !== 1)).toEqual([]);
    // Both outboxes take their share. Each polls every 3 s and drains all that is due, so a burst
    // can go to whichever polls first; inquiries sent one a second are claimed by whichever poll
    // comes next, and within a few both have sent some. An outbox that does not run sends none.
    const mailedBy = async () => ({ a: (await readdir(machines.a.mailDir)).length, b: (await readdir(machines.b.mailDir)).length });
    const trickleUntil = Date.now() + 30_000;
    for (let trickled = 0; Object.values(await mailedBy()).includes(0) && Date.now() < trickleUntil; trickled += 1) {
      expect((await sendInquiry(proxy.origin, `127.0.4.${trickled + 1}`, `trickle ${trickled}`)).status).toBe(201);
      await wait(1000);
    }
    const sent = await mailedBy();
    expect(sent.a, 'A sent some').toBeGreaterThan(0);
    expect(sent.b, 'B sent some').toBeGreaterThan(0);
  });

  it('loses no acknowledged inquiry when A is killed mid-load, and nginx sends the rest to B', async () => {
    const jobs = Array.from({ length: 150 }, (_, index) => ({ from: `127.0.2.${index + 1}`, marker: `load ${index}` }));
    const results: Array<{ status: number; id?: string; marker: string; afterKill: boolean }> = [];
    let killed = false;
    const killedA = a!.exit;
    const sender = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const afterKill = killed;
        const answer = await sendInquiry(proxy.origin, job.from, job.marker);
        results.push({ ...answer, marker: job.marker, afterKill });
        if (!killed && results.filter((result) => result.status === 201).length === 40) {
          // Mid-load: A has requests in flight now (SIGKILL: no drain, no goodbye).
          a!.child.kill('SIGKILL');
          void killedA.then(() => (killed = true));
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    expect(killed).toBe(true);

    const acknowledged = results.filter((result) => result.status === 201);
    const stored = await mongoose.connection
      .collection('contact_forms')
      .find({ message: { $regex: '\\(load \\d+\\)$' } }, { projection: { id: 1, message: 1 } })
      .toArray();
    const storedIds = new Set(stored.map((inquiry) => String(inquiry.id)));
    // Every inquiry the site acknowledged is in the database.
    expect(acknowledged.filter((result) => !storedIds.has(result.id!))).toEqual([]);
    // None is stored twice: nginx did not send a post again after it reached A.
    const markers = stored.map((inquiry) => /\((load \d+)\)$/.exec(String(inquiry.message))![1]);
    expect(markers.length).toBe(new Set(markers).size);
    // Only what A had in hand when it died went unanswered; everything sent after that was taken by B.
    const afterKill = results.filter((result) => result.afterKill);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.filter((result) => result.status !== 201)).toEqual([]);
    expect(results.filter((result) => result.status !== 201).length).toBeLessThanOrEqual(8);
    expect(b!.child.exitCode).toBeNull();
  });
});
