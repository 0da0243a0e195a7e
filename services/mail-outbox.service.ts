import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { DeliveryState, InquiryRecord } from '../models/inquiry.model';
import { feedScheduleRepository, type FeedAlert } from '../models/feed-schedule.repository';
import { inquiryRepository, type DeliveryKind } from '../models/inquiry.repository';
import { staffInvitationRepository, type StaffInvitation } from '../models/staff-invitation.repository';
import { staffRepository } from '../models/staff.repository';
import type { Logger } from '../src/logging/logger.server';
import { feedFailureEmail } from '../src/mail/feed-failure-email.server';
import { crmLeadEmail, staffInquiryEmail, type InquiryMailSettings } from '../src/mail/inquiry-emails.server';
import type { MailedInquiry } from '../src/mail/mailed-inquiry.server';
import type { MailTransport } from '../src/mail/mail-transport.server';
import { staffInvitationEmail, type MailedInvitation } from '../src/mail/staff-invitation-email.server';
import type { AuditEntry } from '../src/staff/audit-log';
import { createSecretToken, hashSecretToken } from '../src/staff/secret-token.server';
import { INVITATION_VALID_MS } from '../src/staff/staff-timing';
import { systemClock, type Clock } from '../src/time/clock';
import { invitationLink } from './staff/staff-invitations.service';

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
  /** How often, while the mail server does not answer, the outbox asks whether it answers again. */
  probeIntervalMs?: number;
  /** The clock that decides what is due, when a lease ends and when to give up; tests pass their own. */
  clock?: Clock;
  /**
   * Where the staff invitations' `invitation.sent` events go (services/audit-log.service.ts). No person
   * acts when the outbox sends, so the event is the operator's (the site's own doing), with the invited
   * person as its subject.
   */
  audit?: { recordOperator(entry: AuditEntry): Promise<void> };
}

export interface InquiryOutbox {
  /** Starts polling: due messages are sent every pollIntervalMs, beginning now. */
  start(): void;
  /**
   * Sends every message that is due now; resolves with how many were sent. During an outage it
   * first asks the mail server, when a probe is due, whether it answers again.
   */
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
  probeIntervalMs: 30_000,
  clock: systemClock,
};

/** The mail server's or the worker's own words, never the message: safe to store and log. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  return [code, responseCode, error.message].filter(Boolean).join(' ').slice(0, 300);
}

/** How long attempts may fail with nothing delivered before the outage is logged at error level. */
const OUTAGE_ALERT_AFTER_MS = 60 * 60_000;

/**
 * One claimed message of either kind, as the sending code handles it: how to build it, and how each
 * outcome is recorded under the claim. `build` resolves with null when the message is no longer owed
 * (an invitation accepted or replaced meanwhile): nothing is sent and nothing recorded.
 */
interface ClaimedMessage {
  /** What the log lines say of it: ids and kind, never an address or a name. */
  log: Record<string, unknown>;
  /** How log lines name it: "inquiry notification", "staff invitation". */
  noun: string;
  state: DeliveryState;
  /** When the message became owed: after giveUpAfterMs it is given up. */
  owedSince: Date;
  build(): Promise<SendMailOptions | null>;
  scheduleRetry(outcome: { nextAttemptAt: Date; error: string }): Promise<void>;
  markFailed(outcome: { error: string; attempted: boolean }): Promise<void>;
  markSent(sentAt: Date): Promise<void>;
}

/** The mail server answered the attempt (an SMTP reply code), as opposed to not answering at all: no connection, a timeout. */
function serverAnswered(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | undefined)?.responseCode === 'number';
}

function mailedInquiryOf(record: InquiryRecord): MailedInquiry {
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
 * inquiry and therefore survives restarts. While the mail server does not answer at all, the
 * worker asks it every probeIntervalMs whether it answers again, and then makes every backed-off
 * message due at once, so that mail goes out within a minute of the server's return rather than
 * at the end of a back-off of up to an hour. An outage of over an hour (attempts failing, nothing
 * delivered) is logged at error level, once.
 */
export function createInquiryOutbox(options: InquiryOutboxOptions): InquiryOutbox {
  const settings = { ...DEFAULTS, ...options };
  const { transport, mail, logger } = options;
  const kinds = deliveryKinds(mail.crmTo);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<number>>();
  /** The outage: since when attempts fail with nothing delivered, and the mail server's last words. Unset while mail goes out. */
  let outage: { since: Date; lastError: string; reported: boolean } | undefined;
  /** The last failed attempt found no mail server answering: it is probed until it answers. */
  let serverSilent = false;
  let lastProbeAt = 0;
  let probe: Promise<void> | undefined;

  function message(kind: DeliveryKind, lead: MailedInquiry): SendMailOptions {
    return kind === 'notification' ? staffInquiryEmail(lead, mail) : crmLeadEmail(lead, { ...mail, crmTo: mail.crmTo! });
  }

  /** An inquiry's staff e-mail or CRM copy, claimed. */
  function claimedInquiry(kind: DeliveryKind, record: InquiryRecord, token: string): ClaimedMessage {
    return {
      log: { inquiryId: record.id, kind },
      noun: 'inquiry notification',
      state: record[kind] as DeliveryState,
      owedSince: new Date(record.createdAt),
      build: async () => message(kind, mailedInquiryOf(record)),
      scheduleRetry: (outcome) => inquiryRepository.scheduleRetry(kind, record.id, token, outcome),
      markFailed: (outcome) => inquiryRepository.markFailed(kind, record.id, token, outcome),
      markSent: (sentAt) => inquiryRepository.markSent(kind, record.id, sentAt),
    };
  }

  /**
   * A staff invitation's e-mail, claimed. Its link is made only now, under the claim: a new token,
   * whose hash and 24-hour expiry replace any earlier link (a retried send's e-mail carries a new
   * link, and the earlier one stops working), so no raw token is ever stored.
   */
  function claimedInvitation(invitation: StaffInvitation, token: string): ClaimedMessage {
    const subject = { staffId: invitation.staffId, email: invitation.email };
    return {
      log: { invitationId: invitation.id },
      noun: 'staff invitation',
      state: invitation.delivery!,
      owedSince: invitation.createdAt,
      async build() {
        const [person, inviter] = await Promise.all([
          staffRepository.find({ id: invitation.staffId }),
          'staffId' in invitation.invitedBy ? staffRepository.find({ id: invitation.invitedBy.staffId }) : null,
        ]);
        if (!person || person.status !== 'invited') throw new Error('the invited account is no longer waiting for an invitation');
        const linkToken = createSecretToken();
        const expiresAt = new Date(settings.clock().getTime() + INVITATION_VALID_MS);
        if (!(await staffInvitationRepository.setLink(invitation.id, token, { tokenHash: hashSecretToken(linkToken), expiresAt }))) return null;
        const mailed: MailedInvitation = {
          to: { email: person.email, name: person.name },
          role: invitation.role,
          invitedBy: inviter ? { name: inviter.name, email: inviter.email } : null,
          link: invitationLink(mail.business.origin, linkToken),
          expiresAt,
        };
        return staffInvitationEmail(mailed, { from: mail.from, business: mail.business });
      },
      scheduleRetry: (outcome) => staffInvitationRepository.scheduleRetry(invitation.id, token, outcome),
      markFailed: (outcome) => staffInvitationRepository.markFailed(invitation.id, token, outcome),
      async markSent(sentAt) {
        await staffInvitationRepository.markSent(invitation.id, sentAt);
        await options.audit?.recordOperator({ kind: 'invitation.sent', subject });
      },
    };
  }

  /**
   * The staff e-mail about the scheduled feed failing three times in a row (services/feed-schedule.service.ts),
   * built under the claim from the feed's state then, so it tells the latest failure.
   */
  function claimedFeedAlert({ status, alert }: FeedAlert, token: string): ClaimedMessage {
    return {
      log: { feed: status.source, consecutiveFailures: status.consecutiveFailures },
      noun: 'feed failure e-mail',
      state: alert,
      owedSince: status.failingSince ?? alert.nextAttemptAt,
      build: async () => feedFailureEmail(status, { from: mail.from, to: mail.to, business: mail.business }),
      scheduleRetry: (outcome) => feedScheduleRepository.scheduleAlertRetry(token, outcome),
      markFailed: (outcome) => feedScheduleRepository.markAlertFailed(token, outcome),
      markSent: (sentAt) => feedScheduleRepository.markAlertSent(sentAt),
    };
  }

  /** What the lanes claim from, in turn: each inquiry delivery kind, the staff invitations, then the feed's failure e-mail. */
  const sources: Array<(token: string) => Promise<ClaimedMessage | null>> = [
    ...kinds.map((kind) => async (token: string) => {
      const record = await claim(kind, token);
      return record ? claimedInquiry(kind, record, token) : null;
    }),
    async (token: string) => {
      const now = settings.clock();
      const invitation = await staffInvitationRepository.claimDue({ now, leaseUntil: new Date(now.getTime() + settings.leaseMs), token });
      return invitation?.delivery ? claimedInvitation(invitation, token) : null;
    },
    async (token: string) => {
      const now = settings.clock();
      const owed = await feedScheduleRepository.claimAlert({ now, leaseUntil: new Date(now.getTime() + settings.leaseMs), token });
      return owed ? claimedFeedAlert(owed, token) : null;
    },
  ];

  /** A failed attempt: the outage starts or goes on; an answer from a mail server thought silent ends its silence. */
  async function noteFailure(error: unknown, now: Date) {
    outage ??= { since: now, lastError: '', reported: false };
    outage.lastError = describeFailure(error);
    if (!serverAnswered(error)) {
      serverSilent = true;
      // A failed attempt tells as much as a failed probe.
      lastProbeAt = now.getTime();
    } else if (serverSilent) {
      await serverAnswers(now);
    }
  }

  /** A message went out: the outage, if any, is over. */
  async function noteDelivered(now: Date) {
    if (serverSilent) await serverAnswers(now);
    if (outage?.reported) logger.info({ outageMinutes: minutesSince(outage.since, now) }, 'deliveries are sent again after the mail outage');
    outage = undefined;
  }

  /** The mail server answers again: the messages backed off while it did not are due now, not at the end of their back-off. */
  async function serverAnswers(now: Date) {
    serverSilent = false;
    let due = 0;
    try {
      for (const kind of kinds) due += await inquiryRepository.makeBackedOffDue(kind, now);
    } catch (error) {
      serverSilent = true;
      throw error;
    }
    logger.info({ due, ...(outage ? { outageMinutes: minutesSince(outage.since, now) } : {}) }, 'the mail server answers again; the backed-off deliveries are due now');
  }

  /** During an outage: probes the mail server when a probe is due, and logs an outage of over an hour at error level, once. */
  async function checkOutage() {
    const now = settings.clock();
    if (serverSilent && transport.verify && now.getTime() - lastProbeAt >= settings.probeIntervalMs) {
      lastProbeAt = now.getTime();
      probe ??= transport
        .verify()
        .then(
          () => (stopped ? undefined : serverAnswers(settings.clock())),
          (error: unknown) => {
            if (outage) outage.lastError = describeFailure(error);
          },
        )
        .finally(() => (probe = undefined));
    }
    await probe;
    if (stopped || !outage || outage.reported || now.getTime() - outage.since.getTime() < OUTAGE_ALERT_AFTER_MS) return;
    outage.reported = true;
    let waiting = 0;
    for (const kind of kinds) waiting += await inquiryRepository.countDeliveries(kind, 'pending');
    logger.error(
      { outageMinutes: minutesSince(outage.since, now), since: outage.since, waiting, err: outage.lastError },
      'mail outage: deliveries have failed for over an hour with none sent; the outbox keeps retrying (npm run inquiries:status lists them)',
    );
  }

  /** Claims one due message of this kind, or finds none. */
  async function claim(kind: DeliveryKind, token: string): Promise<InquiryRecord | null> {
    const now = settings.clock();
    return inquiryRepository.claimDue(kind, { now, leaseUntil: new Date(now.getTime() + settings.leaseMs), token });
  }

  /** Sends one claimed message and records the outcome; true when it went out. */
  async function deliver(claimed: ClaimedMessage): Promise<boolean> {
    const { state, log, noun } = claimed;
    let outgoing: SendMailOptions | null;
    try {
      outgoing = await claimed.build();
    } catch (error) {
      // A record the worker cannot turn into an e-mail will not improve by waiting: staff must look.
      await claimed.markFailed({ error: describeFailure(error), attempted: false });
      logger.error({ ...log, err: describeFailure(error) }, `${noun} could not be built; marked failed`);
      return false;
    }
    if (!outgoing) return false;
    try {
      await transport.send(outgoing);
    } catch (error) {
      const attempts = state.attempts + 1;
      const now = settings.clock();
      await noteFailure(error, now);
      if (now.getTime() - claimed.owedSince.getTime() >= settings.giveUpAfterMs) {
        // Days of refusals (a wrong address, a blocked sender): retrying will not help; a person must.
        await claimed.markFailed({ error: describeFailure(error), attempted: true });
        logger.error({ ...log, attempts, err: describeFailure(error) }, `${noun} given up after the retry period; marked failed (npm run inquiries:status lists it)`);
        return false;
      }
      const delay = Math.min(settings.firstRetryDelayMs * 2 ** (attempts - 1), settings.maxRetryDelayMs);
      const nextAttemptAt = new Date(now.getTime() + delay);
      await claimed.scheduleRetry({ nextAttemptAt, error: describeFailure(error) });
      logger.warn({ ...log, attempts, nextAttemptAt, err: describeFailure(error) }, `${noun} not sent; will retry`);
      return false;
    }
    const sentAt = settings.clock();
    await claimed.markSent(sentAt);
    logger.info({ ...log, failedAttempts: state.attempts }, `${noun} sent`);
    await noteDelivered(sentAt);
    return true;
  }

  /** One lane: claims and sends messages one after another until none is due. */
  async function lane(): Promise<number> {
    let sent = 0;
    for (const source of sources) {
      while (!stopped) {
        const claimed = await source(randomUUID());
        if (!claimed) break;
        if (await deliver(claimed)) sent += 1;
      }
    }
    return sent;
  }

  async function drain(): Promise<number> {
    // Not among the sends stop() waits for: a probe of a server that does not answer can take a while.
    await checkOutage();
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

/**
 * Sends failed deliveries again (npm run inquiries:resend): each failed staff e-mail and CRM copy,
 * of one inquiry or of every inquiry, becomes pending and due now, for the site's outbox to send.
 * CRM copies only while CRM_ADF_TO is set (`crmTo`), since the outbox sends them only then.
 * Resolves with what was queued, by inquiry id; null when no inquiry has the id.
 */
export async function resendFailedDeliveries({ inquiryId, crmTo, now }: { inquiryId?: string; crmTo?: string; now: Date }): Promise<Map<string, DeliveryKind[]> | null> {
  if (inquiryId !== undefined && !(await inquiryRepository.exists(inquiryId))) return null;
  const queued = new Map<string, DeliveryKind[]>();
  for (const kind of deliveryKinds(crmTo)) {
    for (let id = await inquiryRepository.requeueFailed(kind, now, inquiryId); id !== null; id = await inquiryRepository.requeueFailed(kind, now, inquiryId)) {
      queued.set(id, [...(queued.get(id) ?? []), kind]);
    }
  }
  return queued;
}

/** The deliveries the outbox sends: the staff e-mail, and the CRM copy while CRM_ADF_TO is set. */
function deliveryKinds(crmTo: string | undefined): DeliveryKind[] {
  return crmTo ? ['notification', 'crmNotification'] : ['notification'];
}

function minutesSince(since: Date, now: Date): number {
  return Math.round((now.getTime() - since.getTime()) / 60_000);
}
