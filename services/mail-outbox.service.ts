import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { SendMailOptions } from 'nodemailer';
import { InquiryCollection, type InquiryRecord, type DeliveryState } from '../models/inquiry.model';
import type { Logger } from '../src/logging/logger.server';
import { crmLeadEmail, staffInquiryEmail, type InquiryMailSettings } from '../src/mail/inquiry-emails.server';
import type { InquiryLead } from '../src/mail/inquiry-lead.server';
import type { MailTransport } from '../src/mail/mail-transport.server';

/** The two messages an inquiry can owe: the staff e-mail and the CRM's ADF copy. */
type NotificationKind = 'notification' | 'crmNotification';

export interface InquiryOutboxOptions {
  transport: MailTransport;
  mail: InquiryMailSettings;
  logger: Logger;
  /** How often the worker looks for due messages. */
  pollIntervalMs?: number;
  /** How long a claimed message is reserved for the worker sending it; longer than any SMTP timeout. */
  leaseMs?: number;
  /** The wait after the first failed attempt; it doubles with each further failure, up to maxRetryDelayMs. */
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How many messages are sent at the same time. */
  concurrency?: number;
  /** How long after the inquiry arrived a message that still cannot be sent is given up (marked failed). */
  giveUpAfterMs?: number;
  /** The clock that decides what is due, when a lease ends and when to give up; tests pass their own. */
  clock?: () => Date;
}

export interface InquiryOutbox {
  /** Starts polling: due messages are sent every pollIntervalMs, beginning now. */
  start(): void;
  /** Sends every message that is due now; resolves with how many were sent. */
  drain(): Promise<number>;
  /** Stops polling and waits for the sends in progress to finish and be recorded. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  pollIntervalMs: 3000,
  leaseMs: 5 * 60_000,
  firstRetryDelayMs: 30_000,
  maxRetryDelayMs: 60 * 60_000,
  concurrency: 4,
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
  clock: () => new Date(),
};

/** The mail server's or the worker's own words, never the message: safe to store and log. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  return [code, responseCode, error.message].filter(Boolean).join(' ').slice(0, 300);
}

function leadFromRecord(record: InquiryRecord): InquiryLead {
  return {
    id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    interest: record.interest,
    message: record.message,
    createdAt: record.createdAt,
    topic: record.prefill?.topic,
    plan: record.prefill?.plan,
    vehicle: record.vehicleOfInterest,
    source: record.source,
  };
}

/**
 * The outbox worker: it sends the notifications stored with each inquiry. Each message is claimed
 * atomically (one findOneAndUpdate that moves its next attempt a lease ahead), so two workers or a
 * restarted process never send the same message together; it is marked sent as soon as the mail
 * server takes it, and a failure is retried with exponential back-off that is stored with the
 * inquiry and therefore survives restarts.
 */
export function createInquiryOutbox(options: InquiryOutboxOptions): InquiryOutbox {
  const settings = { ...DEFAULTS, ...options };
  const { transport, mail, logger } = options;
  const kinds: NotificationKind[] = mail.crmTo ? ['notification', 'crmNotification'] : ['notification'];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<number>>();

  function message(kind: NotificationKind, lead: InquiryLead): SendMailOptions {
    return kind === 'notification' ? staffInquiryEmail(lead, mail) : crmLeadEmail(lead, { ...mail, crmTo: mail.crmTo! });
  }

  /** Claims one due message of this kind, or finds none. */
  async function claim(kind: NotificationKind, token: string): Promise<InquiryRecord | null> {
    const now = settings.clock();
    return InquiryCollection.findOneAndUpdate(
      // Operators in a filter must be marked trusted, since sanitizeFilter is on.
      { [`${kind}.status`]: 'pending', [`${kind}.nextAttemptAt`]: mongoose.trusted({ $lte: now }) },
      { $set: { [`${kind}.nextAttemptAt`]: new Date(now.getTime() + settings.leaseMs), [`${kind}.claimToken`]: token } },
      { sort: { [`${kind}.nextAttemptAt`]: 1 }, returnDocument: 'after' },
    )
      .lean<InquiryRecord>()
      .exec();
  }

  /** Sends one claimed message and records the outcome; true when it went out. */
  async function deliver(kind: NotificationKind, record: InquiryRecord, token: string): Promise<boolean> {
    const state = record[kind] as DeliveryState;
    const log = { inquiryId: record.id, kind };
    let outgoing: SendMailOptions;
    try {
      outgoing = message(kind, leadFromRecord(record));
    } catch (error) {
      // A record the worker cannot turn into an e-mail will not improve by waiting: staff must look.
      await InquiryCollection.updateOne(
        { id: record.id, [`${kind}.claimToken`]: token },
        { $set: { [`${kind}.status`]: 'failed', [`${kind}.lastError`]: describeFailure(error) }, $unset: { [`${kind}.claimToken`]: 1 } },
      ).exec();
      logger.error({ ...log, err: describeFailure(error) }, 'inquiry notification could not be built; marked failed');
      return false;
    }
    try {
      await transport.send(outgoing);
    } catch (error) {
      const attempts = state.attempts + 1;
      const now = settings.clock();
      if (now.getTime() - new Date(record.createdAt).getTime() >= settings.giveUpAfterMs) {
        // Days of refusals (a wrong address, a blocked sender): retrying will not help; a person must.
        await InquiryCollection.updateOne(
          { id: record.id, [`${kind}.status`]: 'pending', [`${kind}.claimToken`]: token },
          {
            $set: { [`${kind}.status`]: 'failed', [`${kind}.lastError`]: describeFailure(error) },
            $inc: { [`${kind}.attempts`]: 1 },
            $unset: { [`${kind}.claimToken`]: 1 },
          },
        ).exec();
        logger.error(
          { ...log, attempts, err: describeFailure(error) },
          'inquiry notification given up after the retry period; marked failed (npm run inquiries:status lists it)',
        );
        return false;
      }
      const delay = Math.min(settings.firstRetryDelayMs * 2 ** (attempts - 1), settings.maxRetryDelayMs);
      const nextAttemptAt = new Date(now.getTime() + delay);
      await InquiryCollection.updateOne(
        { id: record.id, [`${kind}.status`]: 'pending', [`${kind}.claimToken`]: token },
        {
          $set: { [`${kind}.nextAttemptAt`]: nextAttemptAt, [`${kind}.lastError`]: describeFailure(error) },
          $inc: { [`${kind}.attempts`]: 1 },
          $unset: { [`${kind}.claimToken`]: 1 },
        },
      ).exec();
      logger.warn({ ...log, attempts, nextAttemptAt, err: describeFailure(error) }, 'inquiry notification not sent; will retry');
      return false;
    }
    // Sent: recorded even if another worker has since claimed it, so it is never sent again.
    await InquiryCollection.updateOne(
      { id: record.id, [`${kind}.status`]: 'pending' },
      { $set: { [`${kind}.status`]: 'sent', [`${kind}.sentAt`]: settings.clock() }, $unset: { [`${kind}.claimToken`]: 1 } },
    ).exec();
    logger.info({ ...log, failedAttempts: state.attempts }, 'inquiry notification sent');
    return true;
  }

  /** One lane: claims and sends messages one after another until none is due. */
  async function lane(): Promise<number> {
    let sent = 0;
    for (const kind of kinds) {
      while (!stopped) {
        const token = randomUUID();
        const record = await claim(kind, token);
        if (!record) break;
        if (await deliver(kind, record, token)) sent += 1;
      }
    }
    return sent;
  }

  function drain(): Promise<number> {
    const work = Promise.all(Array.from({ length: settings.concurrency }, lane)).then((counts) => counts.reduce((sum, count) => sum + count, 0));
    running.add(work);
    void work.catch(() => undefined).finally(() => running.delete(work));
    return work;
  }

  async function tick() {
    try {
      await drain();
    } catch (error) {
      // Most often the database is unreachable; the next tick tries again.
      logger.error({ err: describeFailure(error) }, 'inquiry outbox could not run');
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), settings.pollIntervalMs);
      timer.unref();
    }
  }

  return {
    start() {
      stopped = false;
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
