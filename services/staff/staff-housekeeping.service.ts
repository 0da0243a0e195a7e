import { auditEventRepository } from '../../models/audit-event.repository';
import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { signInThrottleRepository } from '../../models/sign-in-throttle.repository';
import { staffInvitationRepository } from '../../models/staff-invitation.repository';
import { staffSessionRepository } from '../../models/staff-session.repository';
import type { Logger } from '../../src/logging/logger.server';
import { AUDIT_RETENTION_MS } from '../../src/staff/staff-timing';
import { systemClock, type Clock } from '../../src/time/clock';

export interface StaffHousekeepingOptions {
  logger: Logger;
  /** The clock that decides what has expired; tests pass their own. */
  clock?: Clock;
  /** How often it sweeps. */
  intervalMs?: number;
}

/** What one sweep deleted, by collection. */
export interface StaffSweep {
  sessions: number;
  passkeyChallenges: number;
  signInThrottles: number;
  invitations: number;
  auditEvents: number;
}

export interface StaffHousekeeping {
  /** Starts sweeping: once now, then every intervalMs. */
  start(): void;
  /** Deletes what has expired at the clock's time; resolves with what it deleted. */
  sweep(): Promise<StaffSweep>;
  /** Stops sweeping and waits for a sweep in progress to finish. */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * The staff area's housekeeping (docs/decisions/011-staff-sign-in.md): every minute it deletes
 * expired sessions, passkey challenges and sign-in throttles, invitations a week past their expiry
 * and audit events older than a year. MongoDB's TTL indexes do the same, but the embedded store
 * never applies them; every read checks expiry anyway, so this only keeps the collections small.
 * Each instance may run it: the deletes are idempotent.
 */
export function createStaffHousekeeping({ logger, clock = systemClock, intervalMs = DEFAULT_INTERVAL_MS }: StaffHousekeepingOptions): StaffHousekeeping {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function sweep(): Promise<StaffSweep> {
    const now = clock();
    return {
      sessions: await staffSessionRepository.deleteExpired(now),
      passkeyChallenges: await passkeyChallengeRepository.deleteExpired(now),
      signInThrottles: await signInThrottleRepository.deleteExpired(now),
      invitations: await staffInvitationRepository.deleteExpired(now),
      auditEvents: await auditEventRepository.deleteOlderThan(new Date(now.getTime() - AUDIT_RETENTION_MS)),
    };
  }

  async function tick() {
    try {
      const swept = sweep();
      running = swept;
      const deleted = await swept;
      if (Object.values(deleted).some((count) => count > 0)) logger.debug({ deleted }, 'staff housekeeping deleted expired records');
    } catch (error) {
      // Most often the database is unreachable; the next tick tries again.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'staff housekeeping could not run');
    } finally {
      running = undefined;
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), intervalMs);
      timer.unref();
    }
  }

  return {
    start() {
      stopped = false;
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },
    sweep,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
