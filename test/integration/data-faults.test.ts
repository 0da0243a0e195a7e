import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { killHard, postInquiry, readCollection, startProductionServer, type ProductionServer } from '../support/production-server';

// Faults as they happen to a dealer running one container: another user on the machine, a full
// disk, the process killed, two processes on one data folder, a stop under load, a busy port.
// Each test runs the production build as its own process; most need root (setpriv, mount), as CI is.

const cleanups: Array<() => void> = [];
const running: ProductionServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => killHard(server.child)));
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A folder for one test, readable by everyone so that only the site's own modes protect its data. */
function workFolder(): { root: string; dataDir: string; mailDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'data-faults-'));
  chmodSync(root, 0o755);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return { root, dataDir: path.join(root, 'data'), mailDir: path.join(root, 'mail') };
}

async function start(folders: { dataDir: string; mailDir: string }, env: Record<string, string> = {}): Promise<ProductionServer> {
  const server = await startProductionServer(folders, env);
  running.push(server);
  return server;
}

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/** How many inquiry e-mails the site still owes, as /readyz counts them. */
async function pendingDeliveries(origin: string): Promise<number | undefined> {
  const ready = (await (await fetch(`${origin}/readyz`)).json()) as { deliveries?: { pending: number } };
  return ready.deliveries?.pending;
}

async function storedIds(dataDir: string): Promise<string[]> {
  return (await readCollection(dataDir, 'contact_forms')).map((record) => String(record.id)).sort();
}

/** The inquiry ids in the staff e-mails of a mail folder, with each e-mail's Message-ID. */
async function mailedInquiries(mailDir: string): Promise<Array<{ inquiryId: string; messageId: string }>> {
  if (!existsSync(mailDir)) return [];
  const mails = [];
  for (const file of readdirSync(mailDir).filter((name) => name.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const lead = mail.attachments.find((attachment) => attachment.filename === 'lead.xml')?.content.toString() ?? '';
    const inquiryId = /<id[^>]*>([^<]+)<\/id>/.exec(lead)?.[1] ?? '';
    mails.push({ inquiryId, messageId: mail.messageId ?? '' });
  }
  return mails;
}

/** Runs a command as the unprivileged user nobody. */
function asNobody(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', command, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('another user on the same machine', () => {
  it('can neither connect to the database nor read its files or the e-mails', async () => {
    const folders = workFolder();
    const site = await start(folders);
    expect((await postInquiry(site.origin)).status).toBe(201);
    await eventually(
      () => mailedInquiries(folders.mailDir),
      (mails) => mails.length === 1,
    );

    const socket = readdirSync(folders.dataDir).find((name) => name.endsWith('.sock'))!;
    const files = [
      ...readdirSync(folders.dataDir)
        .filter((name) => name.startsWith('embedded-mongo.sqlite'))
        .map((name) => path.join(folders.dataDir, name)),
      ...readdirSync(folders.mailDir).map((name) => path.join(folders.mailDir, name)),
    ];
    expect(socket).toBeDefined();
    expect(statSync(folders.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(folders.mailDir).mode & 0o777).toBe(0o700);
    for (const file of files) expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });

    // The driver's own connection attempt, as the other user.
    const connect = asNobody(process.execPath, [
      '-e',
      `require('node:net').connect(${JSON.stringify(path.join(folders.dataDir, socket))}).on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(3); })`,
    ]);
    expect(connect.output.trim()).toBe('EACCES');
    for (const file of files) {
      const read = asNobody('cat', [file]);
      expect(read.status, file).not.toBe(0);
      expect(read.output).toMatch(/Permission denied/);
    }
    // No TCP port at all: the only listener is the site's HTTP port.
    const listening = execFileSync('ss', ['-Hltnp'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`pid=${site.child.pid},`));
    expect(listening.map((line) => line.split(/\s+/)[3])).toEqual([`127.0.0.1:${site.port}`]);
  });
});

describe('a full disk', () => {
  it('answers 503 with the call-us message, stores and mails nothing of it, leaves no temp file, and recovers without a restart', async () => {
    const folders = workFolder();
    const mount = path.join(folders.root, 'small-disk');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0755', 'tmpfs', mount]);
    cleanups.push(() => execFileSync('umount', ['-l', mount]));
    const onDisk = { dataDir: path.join(mount, 'data'), mailDir: folders.mailDir };
    const site = await start(onDisk);
    const filler = path.join(mount, 'filler');
    // Fill every free block (dd stops at ENOSPC).
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { encoding: 'utf8' });

    const answers = [];
    for (let i = 0; i < 60; i += 1) answers.push(await postInquiry(site.origin, { ...validVisitor(i) }));
    const refused = answers.filter((answer) => answer.status === 503);
    const accepted = answers.filter((answer) => answer.status === 201).map((answer) => answer.id!);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 503)).toBe(true);
    expect(refused[0]!.error).toMatch(/call us/i);

    rmSync(filler);
    const after = await postInquiry(site.origin, validVisitor(99));
    expect(after.status).toBe(201);
    accepted.push(after.id!);

    // Exactly what was acknowledged is stored and mailed: no phantom inquiries from the full disk.
    const mailed = await eventually(
      () => mailedInquiries(onDisk.mailDir),
      (mails) => mails.length >= accepted.length,
    );
    // Nothing is owed any more, so a stored but unacknowledged inquiry would have been mailed by now.
    expect(
      await eventually(
        () => pendingDeliveries(site.origin),
        (pending) => pending === 0,
      ),
    ).toBe(0);
    expect((await mailedInquiries(onDisk.mailDir)).map((mail) => mail.inquiryId).sort()).toEqual([...accepted].sort());
    expect(mailed.length).toBe(accepted.length);
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
    expect(await storedIds(onDisk.dataDir)).toEqual([...accepted].sort());
    const leftovers = [...readdirSync(mount), ...readdirSync(onDisk.dataDir)].filter((name) => !/^(data|embedded-mongo\.(sqlite(-wal|-shm)?|created))$/.test(name));
    expect(leftovers).toEqual([]);
  });

  it('reports the store not writable on /readyz (503, with the reason) and logs the cause once per episode', { timeout: 90_000 }, async () => {
    const folders = workFolder();
    const mount = path.join(folders.root, 'small-disk');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0755', 'tmpfs', mount]);
    cleanups.push(() => execFileSync('umount', ['-l', mount]));
    const site = await start({ dataDir: path.join(mount, 'data'), mailDir: folders.mailDir });
    const filler = path.join(mount, 'filler');
    const readiness = async () => {
      const response = await fetch(`${site.origin}/readyz`);
      return { status: response.status, body: (await response.json()) as { status: string; database: string; reason?: string } };
    };
    /** The log lines that name the cause: the store's own, at error level. */
    const diskFullLines = () =>
      site
        .output()
        .split('\n')
        .filter((line) => /"level":50/.test(line) && /"msg":"the disk holding the embedded database is full/.test(line));
    /** Posts until the full disk refuses one; the rest of a burst after it are refused too. */
    const postUntilRefused = async (offset: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < 60 && !statuses.includes(503); i += 1) statuses.push((await postInquiry(site.origin, validVisitor(offset + i))).status);
      for (let i = 0; i < 10; i += 1) statuses.push((await postInquiry(site.origin, validVisitor(offset + 100 + i))).status);
      return statuses;
    };
    expect((await readiness()).status).toBe(200);

    for (let episode = 1; episode <= 2; episode += 1) {
      spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { encoding: 'utf8' });
      const statuses = await postUntilRefused(episode * 1000);
      expect(statuses.slice(-10)).toEqual(Array(10).fill(503));
      expect(await readiness()).toEqual({
        status: 503,
        body: expect.objectContaining({ status: 'unavailable', database: 'not writable', reason: 'the disk holding the database is full' }),
      });
      // One line per episode, however many posts it refused.
      expect(diskFullLines()).toHaveLength(episode);

      rmSync(filler);
      // Nobody posts meanwhile: /readyz finds out by itself that the disk has room again.
      expect((await eventually(readiness, (answer) => answer.status === 200)).status).toBe(200);
      expect((await postInquiry(site.origin, validVisitor(episode * 1000 + 500))).status).toBe(201);
    }
    expect(site.output()).toMatch(/"level":30.*"msg":"the embedded database can write again/);
  });
});

describe('the process killed with SIGKILL', () => {
  it('loses no acknowledged inquiry across three kills during 50 concurrent posts, and mails each one', async () => {
    const folders = workFolder();
    const acknowledged: string[] = [];
    // A send cut short by a kill is retried once its lease ends: a short lease keeps the test short.
    const env = { MAIL_LEASE_SECONDS: '2' };
    for (let round = 0; round < 3; round += 1) {
      const site = await start(folders, env);
      // The kill lands once the first few posts are acknowledged, later each round, while the rest are in flight.
      let answered = 0;
      let killNow!: () => void;
      const enoughAnswered = new Promise<void>((resolve) => (killNow = resolve));
      const posts = Array.from({ length: 50 }, (_, i) =>
        postInquiry(site.origin, validVisitor(round * 100 + i)).then((answer) => {
          if (answer.status === 201 && ++answered === 5 + round * 10) killNow();
          return answer;
        }),
      );
      await Promise.race([enoughAnswered, Promise.all(posts)]);
      await killHard(site.child);
      for (const answer of await Promise.all(posts)) if (answer.status === 201) acknowledged.push(answer.id!);
    }
    // The kills landed mid-burst: some posts were acknowledged, some never answered.
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(150);
    const site = await start(folders, env);
    const stored = await storedIds(folders.dataDir);
    for (const id of acknowledged) expect(stored).toContain(id);

    const mails = await eventually(
      () => mailedInquiries(folders.mailDir),
      (found) => new Set(found.map((mail) => mail.inquiryId)).size >= stored.length,
    );
    expect(new Set(mails.map((mail) => mail.inquiryId))).toEqual(new Set(stored));
    // At least once: a resend of one inquiry carries the same Message-ID, so mail clients fold it.
    const messageIds = new Map<string, Set<string>>();
    for (const mail of mails) messageIds.set(mail.inquiryId, (messageIds.get(mail.inquiryId) ?? new Set()).add(mail.messageId));
    expect([...messageIds.values()].every((ids) => ids.size === 1)).toBe(true);
    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
  }, 60_000);
});

describe('several processes on one data folder', () => {
  it('start together and keep every inquiry each of them acknowledged', async () => {
    const folders = workFolder();
    const sites = await Promise.all([start(folders), start(folders), start(folders)]);
    const answers = await Promise.all(sites.flatMap((site, s) => Array.from({ length: 30 }, (_, i) => postInquiry(site.origin, validVisitor(s * 100 + i)))));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    await Promise.all(
      sites.map(async (site) => {
        site.child.kill('SIGTERM');
        expect(await site.exit).toBe(0);
      }),
    );
    expect(await storedIds(folders.dataDir)).toEqual(answers.map((answer) => answer.id!).sort());
  });
});

describe('SIGTERM under steady load', () => {
  it('stops accepting, answers every request it took, and exits 0 inside the grace period', async () => {
    const folders = workFolder();
    const site = await start(folders);
    const answers: Array<{ status: number; id?: string }> = [];
    let stopped = false;
    let underLoad!: () => void;
    const loaded = new Promise<void>((resolve) => (underLoad = resolve));
    const clients = Array.from({ length: 10 }, async (_, client) => {
      for (let i = 0; !stopped; i += 1) {
        const answer = await postInquiry(site.origin, validVisitor(client * 1000 + i));
        answers.push(answer);
        // Steady load: the signal comes once a hundred posts were acknowledged, with ten more in flight.
        if (answers.filter((each) => each.status === 201).length === 100) underLoad();
        if (answer.status === 0) return;
      }
    });
    await Promise.race([loaded, Promise.all(clients)]);
    const signalledAt = Date.now();
    site.child.kill('SIGTERM');
    const code = await site.exit;
    const stoppedAfter = Date.now() - signalledAt;
    stopped = true;
    await Promise.all(clients);

    expect(code).toBe(0);
    expect(stoppedAfter).toBeLessThan(10_000);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(10);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 0)).toBe(true);
    // Every stored inquiry was acknowledged to its visitor, and every acknowledged one is stored.
    expect(await storedIds(folders.dataDir)).toEqual(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.id!)
        .sort(),
    );
  });
});

describe('a port already in use', () => {
  it('exits non-zero with one line saying so, and leaves the data folder free', async () => {
    const folders = workFolder();
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    cleanups.push(() => blocker.close());
    const { port } = blocker.address() as AddressInfo;

    const site = await start(folders, { PORT: String(port), LOG_LEVEL: 'info' });
    expect(await site.exit).toBe(1);
    const fatal = site
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`));
    expect(readdirSync(folders.dataDir).filter((name) => name.endsWith('.sock'))).toEqual([]);
    // Nothing is held: the next start on the folder works.
    writeFileSync(path.join(folders.root, 'marker'), '');
    const next = await start(folders);
    expect((await postInquiry(next.origin)).status).toBe(201);
  });
});

function validVisitor(n: number) {
  return {
    firstName: `Visitor${n}`,
    lastName: 'Doe',
    email: `visitor${n}@example.com`,
    phone: '(609) 555-0100',
    interest: 'sales',
    message: `Question number ${n} about a four-seater.`,
  };
}
