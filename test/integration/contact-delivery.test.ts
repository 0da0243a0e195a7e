import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { createInquiryOutbox, type InquiryOutbox, type InquiryOutboxOptions } from '../../services/mail-outbox.service';
import { businessProfile } from '../../src/config/business-profile.server';
import { inquiryMailSettings } from '../../src/mail/inquiry-mail-settings.server';
import type { Logger } from '../../src/logging/logger.server';
import { createMailTransport, type MailTransport } from '../../src/mail/mail-transport.server';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { createActiveStaff, openStaffSession } from '../support/staff-session';
import { find, parseXml, startSmtpSink, type SmtpSink } from './contact-test-support';
import { adfDtdProblems } from '../support/adf-dtd';
import { VALID_INQUIRY as valid } from '../support/fixtures';

const STAFF = 'leads@dealer.example';
const CRM = 'crm@leads.example';
const FROM = 'Shore Golf Carts Website <website@dealer.example>';

const silent: Logger = pino({ level: 'silent' });

// The site and its workers share one clock that moves only when a test moves it: a retry, a lease
// or the retry period comes due by advancing it, never by waiting.
const clock = testClock();

let site: TestApp;
let sink: SmtpSink;
const running: Array<{ outbox: InquiryOutbox; transport: MailTransport }> = [];

/** A worker as start-server wires one, sending to the test's SMTP server; tests drive it with drain(). */
function worker(options: Partial<InquiryOutboxOptions> = {}): InquiryOutbox {
  const transport = options.transport ?? createMailTransport({ SMTP_URL: sink.url, MAIL_DIR: 'unused' }, silent);
  const outbox = createInquiryOutbox({
    transport,
    mail: inquiryMailSettings(site.env, businessProfile(site.business, site.env.PUBLIC_ORIGIN)),
    logger: silent,
    firstRetryDelayMs: 200,
    clock: clock.now,
    ...options,
  });
  running.push({ outbox, transport });
  return outbox;
}

/** A logger a test can wait on: the worker logs each attempt after recording it, so a test waits for that line instead of polling. */
function watchedLogger(): { logger: Logger; logged(message: string, times?: number): Promise<void> } {
  const messages: string[] = [];
  const waiting: Array<() => void> = [];
  const logger: Logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        messages.push((JSON.parse(line) as { msg: string }).msg);
        for (const check of waiting.splice(0)) check();
      },
    },
  );
  const logged = (message: string, times = 1) =>
    new Promise<void>((resolve) => {
      const check = () => (messages.filter((logged) => logged === message).length >= times ? resolve() : void waiting.push(check));
      check();
    });
  return { logger, logged };
}

async function submit(body: object): Promise<string> {
  const answer = await request(site.app).post('/api/contact').send(body).expect(201);
  return answer.body.id as string;
}

async function stored(id: string): Promise<InquiryRecord> {
  const record = await InquiryCollection.findOne({ id }).lean<InquiryRecord>().exec();
  if (!record) throw new Error(`inquiry ${id} is not stored`);
  return record;
}

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

beforeEach(() => {
  sink.received.length = 0;
  sink.accept();
});

afterEach(async () => {
  for (const { outbox, transport } of running.splice(0)) {
    await outbox.stop();
    transport.close();
  }
});

describe('the staff e-mail', () => {
  beforeAll(async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 1000, INQUIRY_TO: STAFF, MAIL_FROM: FROM }, { clock: clock.now });
  });
  afterAll(async () => {
    await site.close();
  });
  beforeEach(async () => {
    await InquiryCollection.deleteMany({});
  });

  test('reaches staff with Reply-To set to the visitor, escaped bodies and the lead as ADF XML', async () => {
    const visitor = {
      firstName: 'Zoë <b>"Ann"</b>',
      lastName: "O'Brien & Sons, Bcc: evil@attacker.example",
      email: 'zoe.obrien@example.com',
      phone: '(609) 555-0177',
      interest: 'sales',
      message: 'Is the <script>alert("x")</script> price & trade-in "negotiable"? ]]>\nSecond line & more',
      vehicle: 'denago-ev-city',
    };
    const id = await submit(visitor);
    await worker().drain();

    expect(sink.received).toHaveLength(1);
    const [{ envelope, mail }] = sink.received as [(typeof sink.received)[number]];
    // Only staff receive it, whatever the visitor typed.
    expect(envelope).toEqual({ from: 'website@dealer.example', to: [STAFF] });
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.has('cc')).toBe(false);
    expect(mail.replyTo?.value).toEqual([{ address: 'zoe.obrien@example.com', name: 'Zoë <b>"Ann"</b> O\'Brien & Sons, Bcc: evil@attacker.example' }]);
    expect(mail.subject).toBe('New sales inquiry from Zoë <b>"Ann"</b> O\'Brien & Sons, Bcc: evil@attacker.example about the DENAGO EV City');

    expect(mail.text).toContain('Is the <script>alert("x")</script> price & trade-in "negotiable"? ]]>\nSecond line & more');
    expect(mail.text).toContain('(609) 555-0177');
    expect(mail.text).toContain('DENAGO EV City');
    const html = String(mail.html);
    expect(html).toContain('Is the &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; price &amp; trade-in &quot;negotiable&quot;? ]]&gt;');
    expect(html).toContain('Zoë &lt;b&gt;&quot;Ann&quot;&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>"Ann"</b>');

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments as [(typeof mail.attachments)[number]];
    expect(attachment.filename).toBe('lead.xml');
    expect(attachment.contentType).toBe('application/xml');
    expect(adfDtdProblems(attachment.content.toString('utf8'))).toEqual([]);
    const adf = parseXml(attachment.content.toString('utf8'));
    expect(adf.name).toBe('adf');
    expect(find(adf, 'prospect/id')?.text).toBe(id);
    expect(find(adf, 'prospect/customer/contact/name[part=first]')?.text).toBe(visitor.firstName);
    expect(find(adf, 'prospect/customer/contact/name[part=last]')?.text).toBe(visitor.lastName);
    expect(find(adf, 'prospect/customer/contact/email')?.text).toBe(visitor.email);
    expect(find(adf, 'prospect/customer/contact/phone')?.text).toBe(visitor.phone);
    expect(find(adf, 'prospect/customer/comments')?.text).toBe(visitor.message);
    expect(find(adf, 'prospect/vehicle')?.attributes).toEqual({ interest: 'buy', status: 'new' });
    expect(find(adf, 'prospect/vehicle/year')?.text).toBe('2026');
    expect(find(adf, 'prospect/vehicle/make')?.text).toBe('DENAGO');
    expect(find(adf, 'prospect/vehicle/model')?.text).toBe('EV City');
    expect(find(adf, 'prospect/vendor/vendorname')?.text).toBe('Shore Golf Carts');
    expect(find(adf, 'prospect/vendor/contact/email')?.text).toBe('sales@example.com');
    expect(find(adf, 'prospect/vendor/contact/phone')?.text).toBe('(609) 555-0142');
    expect(find(adf, 'prospect/provider/url')?.text).toBe('https://www.example.com');
    const requestDate = find(adf, 'prospect/requestdate')!.text;
    expect(requestDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00$/);
    const record = await stored(id);
    expect(Math.abs(new Date(requestDate).getTime() - record.createdAt.getTime())).toBeLessThan(1000);

    expect(record.notification.status).toBe('sent');
    expect(record.notification.sentAt).toBeInstanceOf(Date);
    expect(record.notification.claimToken).toBeUndefined();
  });

  test("links to the lead's page in the staff area, in the text and at the top of the HTML", async () => {
    const id = await submit({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      phone: '(609) 555-0100',
      interest: 'sales',
      message: 'Do you have a six-seater in stock?',
    });
    await worker().drain();

    const [{ mail }] = sink.received as [(typeof sink.received)[number]];
    const leadUrl = `${site.env.PUBLIC_ORIGIN}/staff/leads/${id}`;
    expect(mail.text).toContain(`Open the lead to answer it and mark it contacted: ${leadUrl}`);
    const html = String(mail.html);
    // The link comes before the details, so a phone shows it without scrolling.
    expect(html.indexOf(`href="${leadUrl}"`)).toBeGreaterThan(0);
    expect(html.indexOf(`href="${leadUrl}"`)).toBeLessThan(html.indexOf('<table'));

    // Followed from a phone: signed out, the sign-in page comes first and then returns to the lead;
    // signed in, the link opens the lead with its message and the button that answers it.
    const leadPath = new URL(leadUrl).pathname;
    const signedOut = await request(site.app).get(leadPath).expect(303);
    expect(signedOut.headers.location).toBe(`/staff/sign-in?returnTo=${encodeURIComponent(leadPath)}`);
    const staff = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' });
    const session = await openStaffSession(staff.id, clock.now());
    const lead = await request(site.app).get(leadPath).set('Cookie', session.cookie).expect(200);
    expect(lead.text).toContain('Do you have a six-seater in stock?');
    expect(lead.text).toContain('Mark contacted');
  });

  test('a lead without a vehicle carries the general-interest vehicle ADF requires, and a rental plan appears in the subject', async () => {
    await submit({ ...valid, interest: 'general', topic: 'rental', plan: '6-seater-weekly', message: "I'd like to reserve a 6-seater golf cart for a weekly rental." });
    await worker().drain();
    const [{ mail }] = sink.received as [(typeof sink.received)[number]];
    expect(mail.subject).toBe('New general inquiry from Jane Doe about the 6 Seater Golf Cart Weekly Rental');
    expect(mail.text).toContain('6 Seater Golf Cart Weekly Rental');
    expect(adfDtdProblems(mail.attachments[0]!.content.toString('utf8'))).toEqual([]);
    const adf = parseXml(mail.attachments[0]!.content.toString('utf8'));
    for (const part of ['year', 'make', 'model']) expect(find(adf, `prospect/vehicle/${part}`)?.text).toBe('');
    expect(find(adf, 'prospect/vehicle/comments')?.text).toBe('Rental: 6 Seater Golf Cart Weekly Rental');
    expect(find(adf, 'prospect/customer/contact/name[part=first]')?.text).toBe('Jane');
  });

  test('a refused message is retried by the running worker and delivered exactly once', async () => {
    sink.refuse();
    const id = await submit(valid);
    const { logger, logged } = watchedLogger();
    const outbox = worker({ logger, firstRetryDelayMs: 1000, pollIntervalMs: 25 });
    outbox.start();
    await logged('inquiry notification not sent; will retry');
    expect(sink.received).toHaveLength(0);
    const waiting = (await stored(id)).notification;
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toContain('451');
    expect(waiting.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 1000));

    sink.accept();
    clock.advance(1000);
    await logged('inquiry notification sent');
    expect(sink.received).toHaveLength(1);
    // Long after the back-off, nothing more arrives.
    clock.advance(60 * 60_000);
    await outbox.drain();
    expect(sink.received).toHaveLength(1);
    const record = await stored(id);
    expect(record.notification.status).toBe('sent');
    expect(record.notification.attempts).toBe(1);
  });

  test('waits twice as long after each failed attempt', async () => {
    sink.refuse();
    const id = await submit(valid);
    const outbox = worker({ firstRetryDelayMs: 200 });
    for (const [index, expectedDelay] of [200, 400, 800].entries()) {
      // Each attempt exactly when it is due; the next one is due expectedDelay later.
      clock.set((await stored(id)).notification.nextAttemptAt);
      const attemptedAt = clock.now().getTime();
      await outbox.drain();
      const { attempts, nextAttemptAt } = (await stored(id)).notification;
      expect(attempts).toBe(index + 1);
      expect(nextAttemptAt.getTime()).toBe(attemptedAt + expectedDelay);
    }
    expect(sink.refusedCount()).toBeGreaterThanOrEqual(3);
    expect(sink.received).toHaveLength(0);
  });

  test('a retry after a restart delivers exactly once', async () => {
    sink.refuse();
    const id = await submit(valid);
    const before = worker({ firstRetryDelayMs: 1000 });
    await before.drain();
    expect((await stored(id)).notification.attempts).toBe(1);
    // The process stops: the worker and its SMTP connections go away; the outbox is in the database.
    await before.stop();
    sink.accept();

    const after = worker({ firstRetryDelayMs: 1000 });
    await after.drain();
    expect(sink.received).toHaveLength(0);
    clock.advance(1000);
    await after.drain();
    await after.drain();
    expect(sink.received).toHaveLength(1);
    expect((await stored(id)).notification.status).toBe('sent');
  });

  test('a message claimed by a worker that died is sent once its lease runs out', async () => {
    const id = await submit(valid);
    await InquiryCollection.updateOne(
      { id },
      { $set: { 'notification.nextAttemptAt': new Date(clock.now().getTime() + 1000), 'notification.claimToken': 'a-worker-that-died' } },
    ).exec();
    const outbox = worker();
    await outbox.drain();
    expect(sink.received).toHaveLength(0);
    clock.advance(1000);
    await outbox.drain();
    expect(sink.received).toHaveLength(1);
  });

  test('a message the mail server refuses past the retry period is marked failed, logged as an error, and not tried again', async () => {
    sink.refuse(undefined, 550);
    const id = await submit(valid);
    const lines: string[] = [];
    const logger: Logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const outbox = worker({ logger, giveUpAfterMs: 3 * 24 * 3_600_000, firstRetryDelayMs: 3_600_000 });

    await outbox.drain();
    expect((await stored(id)).notification).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(3 * 24 * 3_600_000);
    await outbox.drain();

    const { notification } = await stored(id);
    expect(notification).toMatchObject({ status: 'failed', attempts: 2 });
    expect(notification.lastError).toMatch(/5\d\d/);
    const failures = lines.map((line) => JSON.parse(line) as { level: number; msg: string; inquiryId?: string }).filter((line) => line.level >= 50);
    // Days of refusals are an outage too (mail-outage.test.ts): reported once, then the message given up.
    expect(failures).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('mail outage: deliveries have failed for over an hour') }),
      expect.objectContaining({ inquiryId: id, msg: expect.stringContaining('marked failed') }),
    ]);
    const refusedBefore = sink.refusedCount();
    clock.advance(7 * 24 * 3_600_000);
    await outbox.drain();
    expect(sink.refusedCount()).toBe(refusedBefore);
  });

  test('50 concurrent submissions make 50 inquiries and 50 e-mails, none twice, with two workers', async () => {
    const visitors = Array.from({ length: 50 }, (_, index) => ({ ...valid, firstName: `Visitor${index}`, email: `visitor${index}@example.com` }));
    const answers = await Promise.all(visitors.map((visitor) => request(site.app).post('/api/contact').send(visitor)));
    expect(answers.map((answer) => answer.status)).toEqual(visitors.map(() => 201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(50);
    expect(await InquiryCollection.countDocuments()).toBe(50);

    const first = worker();
    const second = worker();
    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
    await Promise.all([first.drain(), second.drain()]);

    expect(sink.received).toHaveLength(50);
    const replyTo = sink.received.map(({ mail }) => mail.replyTo?.value[0]?.address);
    expect(new Set(replyTo)).toEqual(new Set(visitors.map((visitor) => visitor.email)));
    expect(new Set(sink.received.map(({ mail }) => mail.messageId)).size).toBe(50);
    expect(await InquiryCollection.countDocuments({ 'notification.status': 'sent' })).toBe(50);
  });
});

describe('the CRM copy (CRM_ADF_TO set)', () => {
  beforeAll(async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 1000, INQUIRY_TO: STAFF, MAIL_FROM: FROM, CRM_ADF_TO: CRM }, { clock: clock.now });
  });
  afterAll(async () => {
    await site.close();
  });
  beforeEach(async () => {
    await InquiryCollection.deleteMany({});
  });

  test('goes to the CRM with the ADF XML as its whole plain-text body', async () => {
    const id = await submit({ ...valid, lastName: 'Doe & <Sons>' });
    await worker().drain();
    expect(sink.received).toHaveLength(2);
    const staff = sink.received.find(({ envelope }) => envelope.to.includes(STAFF))!;
    const crm = sink.received.find(({ envelope }) => envelope.to.includes(CRM))!;
    expect(crm.envelope.to).toEqual([CRM]);
    expect(crm.mail.html).toBe(false);
    expect(crm.mail.attachments).toHaveLength(0);
    expect(crm.mail.text?.trim()).toBe(staff.mail.attachments[0]!.content.toString('utf8').trim());
    expect(crm.mail.text?.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(adfDtdProblems(crm.mail.text!)).toEqual([]);
    const adf = parseXml(crm.mail.text!);
    expect(find(adf, 'prospect/customer/contact/name[part=last]')?.text).toBe('Doe & <Sons>');
    const record = await stored(id);
    expect(record.notification.status).toBe('sent');
    expect(record.crmNotification?.status).toBe('sent');
  });

  test('a refused CRM copy is retried on its own; staff get their e-mail once', async () => {
    sink.refuse(CRM);
    const id = await submit(valid);
    const outbox = worker({ firstRetryDelayMs: 200 });
    await outbox.drain();
    let record = await stored(id);
    expect(record.notification.status).toBe('sent');
    expect(record.crmNotification).toMatchObject({ status: 'pending', attempts: 1 });

    sink.accept();
    clock.advance(200);
    await outbox.drain();
    await outbox.drain();
    record = await stored(id);
    expect(record.crmNotification?.status).toBe('sent');
    expect(sink.received.filter(({ envelope }) => envelope.to.includes(STAFF))).toHaveLength(1);
    expect(sink.received.filter(({ envelope }) => envelope.to.includes(CRM))).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  let mailDir: string;
  beforeAll(async () => {
    site = await startTestApp({ CONTACT_RATE_LIMIT: 1000 }, { clock: clock.now });
    mailDir = await mkdtemp(path.join(tmpdir(), 'contact-mail-'));
  });
  afterAll(async () => {
    await site.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  test('each message is written as an .eml file, and the log names the file but nothing the visitor typed', async () => {
    const lines: string[] = [];
    const logger: Logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const visitor = {
      ...valid,
      firstName: 'Rosalind',
      lastName: 'Quayle',
      email: 'rosalind.quayle@example.com',
      phone: '(609) 555-0199',
      message: 'A very particular question about batteries',
    };
    await submit(visitor);
    await worker({ transport: createMailTransport({ MAIL_DIR: mailDir }, logger), logger }).drain();

    const files = (await readdir(mailDir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    // Personal data: the folder and the message are the site's user's alone.
    expect((await stat(mailDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(mailDir, files[0]!))).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(await readFile(path.join(mailDir, files[0]!)));
    // INQUIRY_TO's default.
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('sales@example.com');
    expect(mail.replyTo?.value[0]?.address).toBe(visitor.email);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['lead.xml']);

    const log = lines.join('');
    expect(log).toContain(path.join(mailDir, files[0]!));
    for (const typed of [visitor.firstName, visitor.lastName, visitor.email, visitor.phone, visitor.message]) expect(log).not.toContain(typed);
  });
});
