import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { createInquiryOutbox, type InquiryOutbox } from '../../services/mail-outbox.service';
import { businessProfile } from '../../src/config/business-profile.server';
import type { Logger } from '../../src/logging/logger.server';
import { inquiryMailSettings } from '../../src/mail/inquiry-mail-settings.server';
import { createMailTransport, type MailTransport } from '../../src/mail/mail-transport.server';
import { VALID_INQUIRY as valid } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { startSmtpSink, type SmtpSink } from './contact-test-support';

// The dealer's mail server goes down for hours and comes back. Inquiries keep being stored; their
// staff e-mails must go out within a minute of the server's return, whatever back-off they reached,
// and an outage of over an hour must reach the operator as one error line, not only warnings.
// A real SMTP server on loopback is stopped and started again on its port; time moves only on the
// site's clock, one drain of the outbox (what the worker does every 3 s) per step.

const STAFF = 'leads@dealer.example';
const clock = testClock();
const MINUTE = 60_000;

let site: TestApp;
let sink: SmtpSink;
let port: number;
let transport: MailTransport;
let outbox: InquiryOutbox;
let lines: Array<{ level: number; msg: string; [field: string]: unknown }>;
let rawLog: string;

beforeAll(async () => {
  site = await startTestApp({ CONTACT_RATE_LIMIT: 1000, INQUIRY_TO: STAFF }, { clock: clock.now });
});

afterAll(async () => {
  await site.close();
});

beforeEach(async () => {
  await InquiryCollection.deleteMany({});
  sink = await startSmtpSink({ closeTimeout: 1 });
  port = Number(new URL(sink.url).port);
  lines = [];
  rawLog = '';
  const logger: Logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        rawLog += line;
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      },
    },
  );
  // As the server wires it (server/compose-site.ts): the defaults' back-off, up to an hour.
  transport = createMailTransport({ SMTP_URL: sink.url, MAIL_DIR: 'unused' }, logger);
  outbox = createInquiryOutbox({ transport, mail: inquiryMailSettings(site.env, businessProfile(site.business, site.env.PUBLIC_ORIGIN)), logger, clock: clock.now });
});

afterEach(async () => {
  await outbox.stop();
  transport.close();
  await sink.close();
});

async function submit(firstName: string): Promise<string> {
  const answer = await request(site.app)
    .post('/api/contact')
    .send({ ...valid, firstName })
    .expect(201);
  return answer.body.id as string;
}

async function stored(id: string): Promise<InquiryRecord> {
  return (await InquiryCollection.findOne({ id }).lean<InquiryRecord>().exec())!;
}

/** Moves the site's clock on in steps, the outbox draining after each, until `done` or `limit` has passed. */
async function runFor(limit: number, step: number, done: () => boolean | Promise<boolean> = () => false): Promise<void> {
  const until = clock.now().getTime() + limit;
  while (clock.now().getTime() < until && !(await done())) {
    clock.advance(step);
    await outbox.drain();
  }
}

const errors = () => lines.filter((line) => line.level >= 50);

describe('an SMTP outage', () => {
  test('after an outage that pushed the back-off to an hour, the waiting staff e-mails go out within a minute of the mail server answering again', async () => {
    await sink.close();
    const ids = [await submit('Annabel'), await submit('Bartholomew')];
    await outbox.drain();
    // Down long enough that the next attempt is an hour away: the longest back-off.
    await runFor(3 * 60 * MINUTE, MINUTE, async () => (await stored(ids[0]!)).notification.nextAttemptAt.getTime() - clock.now().getTime() >= 59 * MINUTE);
    const waiting = await stored(ids[0]!);
    expect(waiting.notification).toMatchObject({ status: 'pending' });
    expect(waiting.notification.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(59 * MINUTE);

    sink = await startSmtpSink({ port, closeTimeout: 1 });
    const returnedAt = clock.now().getTime();
    await runFor(10 * MINUTE, 5_000, () => sink.received.length >= 2);

    expect(sink.received.map(({ mail }) => mail.replyTo?.value[0]?.name).sort()).toEqual(['Annabel Doe', 'Bartholomew Doe']);
    expect(clock.now().getTime() - returnedAt).toBeLessThanOrEqual(MINUTE);
    for (const id of ids) expect((await stored(id)).notification.status).toBe('sent');
    // Each once: nothing more arrives later.
    await runFor(2 * 60 * MINUTE, 10 * MINUTE);
    expect(sink.received).toHaveLength(2);
  });

  test('over an hour long, it is logged at error level once, with how long and how many deliveries wait; the next outage is logged again', async () => {
    await sink.close();
    await submit('Annabel');
    await submit('Bartholomew');
    await outbox.drain();
    await runFor(59 * MINUTE, MINUTE);
    expect(errors()).toEqual([]);
    await runFor(3 * 60 * MINUTE, MINUTE);
    expect(errors()).toEqual([expect.objectContaining({ msg: expect.stringContaining('mail outage: deliveries have failed for over an hour'), waiting: 2 })]);
    expect(errors()[0]!.outageMinutes).toBeGreaterThanOrEqual(60);
    expect(errors()[0]!.outageMinutes).toBeLessThanOrEqual(62);
    expect(String(errors()[0]!.err)).toMatch(/ECONNREFUSED/);

    sink = await startSmtpSink({ port, closeTimeout: 1 });
    await runFor(10 * MINUTE, 5_000, () => sink.received.length >= 2);
    expect(sink.received).toHaveLength(2);
    expect(lines.map((line) => line.msg)).toContain('deliveries are sent again after the mail outage');

    // A second outage, with one delivery waiting: one more error line.
    await sink.close();
    await submit('Cyrus');
    await runFor(2 * 60 * MINUTE, MINUTE);
    expect(errors()).toHaveLength(2);
    expect(errors()[1]).toMatchObject({ waiting: 1 });
    // Nothing the visitors typed is logged.
    for (const typed of ['Annabel', 'Bartholomew', 'Cyrus', valid.email, valid.phone, valid.message]) expect(rawLog).not.toContain(typed);
  });
});
