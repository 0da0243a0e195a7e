import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';
import { afterEach, describe, expect, it } from 'vitest';
import { VALID_INQUIRY } from '../support/fixtures';
import { killHard, postInquiry, readCollection, serverEntry, startProductionServer, type ProductionServer } from '../support/production-server';
import { startSmtpSink, type SmtpSink } from './contact-test-support';

// An operator fixes what made e-mails fail (the mail server refused them for MAIL_RETRY_DAYS) and
// sends them again with npm run inquiries:resend while the site runs: its outbox sends them.

const STAFF = 'leads@dealer.example';
const CRM = 'crm@leads.example';
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs a command as its own process (the test's SMTP server keeps answering meanwhile): exit code and output. */
function run(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** Runs the command's file the way `npm run inquiries:resend --` does, against a data folder. */
const resend = (args: string[], dataDir: string) =>
  run(['--import', 'tsx', 'scripts/inquiries-resend.ts', ...args], { LOG_LEVEL: '', DATA_DIR: dataDir, CRM_ADF_TO: CRM });

type Stored = { id: string; notification: { status: string }; crmNotification: { status: string } };

async function stored(dataDir: string): Promise<Map<string, Stored>> {
  const records = (await readCollection(dataDir, 'contact_forms')) as unknown as Stored[];
  return new Map(records.map((record) => [record.id, record]));
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/** Marks deliveries failed as the outbox does once MAIL_RETRY_DAYS have passed, from another process beside the running site. */
async function markFailed(dataDir: string, failures: Array<[id: string, field: 'notification' | 'crmNotification']>): Promise<void> {
  const server = await startEmbeddedMongo({ dataDir });
  const client = new MongoClient(server.uri);
  try {
    for (const [id, field] of failures) {
      await client
        .db('shore-golf-carts')
        .collection('contact_forms')
        .updateOne(
          { id },
          { $set: { [`${field}.status`]: 'failed', [`${field}.lastError`]: 'EENVELOPE 550 Mailbox unavailable' }, $unset: { [`${field}.claimToken`]: 1 } },
        );
    }
  } finally {
    await client.close();
    await server.close();
  }
}

describe('npm run inquiries:resend', () => {
  // Ten runs of the command, each its own process.
  it("queues one inquiry's failed e-mails, or every failed e-mail, and the running site sends them; an unknown id is an error", { timeout: 120_000 }, async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'resend-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, 'data');
    const sink: SmtpSink = await startSmtpSink({ closeTimeout: 1 });
    cleanups.push(() => sink.close());
    // The mail server refuses everything, as a wrong relay setting would.
    sink.refuse(undefined, 550);
    const site: ProductionServer = await startProductionServer({ dataDir, mailDir: path.join(root, 'mail') }, { SMTP_URL: sink.url, INQUIRY_TO: STAFF, CRM_ADF_TO: CRM });
    cleanups.push(() => killHard(site.child));
    const [ann, bob, cy] = await Promise.all(
      ['Annabel', 'Bartholomew', 'Cyrus'].map(async (firstName) => (await postInquiry(site.origin, { ...VALID_INQUIRY, firstName })).id!),
    );
    await eventually(
      async () => sink.refusedCount(),
      (refused) => refused >= 6,
    );
    // Annabel's staff e-mail and CRM copy were given up, Bartholomew's staff e-mail too; Cyrus's wait their back-off.
    await markFailed(dataDir, [
      [ann!, 'notification'],
      [ann!, 'crmNotification'],
      [bob!, 'notification'],
    ]);
    sink.accept();

    const unknown = await resend(['6f1c1a4e-2b7d-4c1e-9a53-0d2f8e7b6a10'], dataDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('no inquiry has the id 6f1c1a4e-2b7d-4c1e-9a53-0d2f8e7b6a10; npm run inquiries:status lists the failed e-mails\n');
    for (const args of [[], ['not-an-id'], ['--all'], [ann!, bob!]]) {
      const wrong = await resend(args, dataDir);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(/^usage: npm run inquiries:resend -- ID \| --failed/m);
    }

    const one = await resend([ann!], dataDir);
    expect(one).toMatchObject({ status: 0, stderr: '' });
    expect(one.stdout).toBe(`queued 2 failed e-mails of 1 inquiry to be sent again now\ninquiry ${ann}: staff e-mail, CRM copy\n`);
    let records = await eventually(
      () => stored(dataDir),
      (now) => now.get(ann!)!.notification.status === 'sent' && now.get(ann!)!.crmNotification.status === 'sent',
    );
    expect(records.get(ann!)).toMatchObject({ notification: { status: 'sent' }, crmNotification: { status: 'sent' } });
    expect(records.get(bob!)!.notification.status).toBe('failed');
    // Each once: the staff e-mail to staff, the CRM copy to the CRM.
    const toStaff = sink.received.filter(({ envelope, mail }) => envelope.to.includes(STAFF) && mail.replyTo?.value[0]?.name === 'Annabel Doe');
    const toCrm = sink.received.filter(({ envelope, mail }) => envelope.to.includes(CRM) && String(mail.text).includes('>Annabel<'));
    expect([toStaff.length, toCrm.length]).toEqual([1, 1]);

    const all = await resend(['--failed'], dataDir);
    expect(all).toMatchObject({ status: 0, stderr: '' });
    expect(all.stdout).toBe(`queued 1 failed e-mail of 1 inquiry to be sent again now\ninquiry ${bob}: staff e-mail\n`);
    records = await eventually(
      () => stored(dataDir),
      (now) => now.get(bob!)!.notification.status === 'sent',
    );
    expect(records.get(bob!)!.notification.status).toBe('sent');
    expect(records.get(cy!)!.notification.status).not.toBe('failed');

    expect(await resend(['--failed'], dataDir)).toMatchObject({ status: 0, stdout: 'no failed e-mails; nothing queued\n' });
    expect(await resend([ann!], dataDir)).toMatchObject({ status: 0, stdout: `inquiry ${ann} has no failed e-mail; nothing queued\n` });
    // The built command, as the image runs it (node dist/server/inquiries-resend.js).
    const built = await run([path.join(path.dirname(serverEntry), 'inquiries-resend.js'), '--failed'], { DATA_DIR: dataDir });
    expect(built).toMatchObject({ status: 0, stdout: 'no failed e-mails (CRM copies are sent only while CRM_ADF_TO is set); nothing queued\n' });
    // No visitor data in what the command prints.
    for (const output of [one.stdout, all.stdout])
      for (const typed of ['Annabel', 'Bartholomew', VALID_INQUIRY.email, VALID_INQUIRY.phone]) expect(output).not.toContain(typed);
  });
});
