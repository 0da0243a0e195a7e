import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditEventCollection } from '../../models/audit-event.model';
import { auditEventRepository } from '../../models/audit-event.repository';
import { PasskeyChallengeCollection } from '../../models/passkey-challenge.model';
import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { SignInThrottleCollection } from '../../models/sign-in-throttle.model';
import { StaffInvitationCollection } from '../../models/staff-invitation.model';
import { staffInvitationRepository } from '../../models/staff-invitation.repository';
import { StaffSessionCollection } from '../../models/staff-session.model';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { signInThrottle } from '../../services/staff/sign-in-throttle.service';
import { createStaffHousekeeping } from '../../services/staff/staff-housekeeping.service';
import { createLogger } from '../../src/logging/logger.server';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

describe('the staff housekeeping', () => {
  let database: TestDatabase;
  const clock = testClock(new Date('2026-11-26T15:00:00Z'));
  const logger = createLogger({ LOG_LEVEL: 'silent' });
  const staffId = new Types.ObjectId().toHexString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  /** One session, challenge, throttle key and invitation made now, and an audit event. */
  async function fill(n: number) {
    await staffSessionRepository.create({
      tokenHash: hashOf(n),
      staffId,
      purpose: 'staff',
      signedInWith: 'passkey',
      now: clock.now(),
      absoluteExpiresAt: later(12 * HOUR),
      expiresAt: later(HOUR),
      address: '203.0.113.7',
      userAgent: '',
    });
    await passkeyChallengeRepository.store({ challengeHash: hashOf(n), purpose: 'sign-in', expiresAt: later(5 * MINUTE) });
    await signInThrottle.recordFailure([`address:192.0.2.${n}`], clock.now());
    await staffInvitationRepository.createWithLink({
      staffId,
      email: `person${n}@example.org`,
      role: 'sales',
      invitedBy: { operator: true },
      now: clock.now(),
      tokenHash: hashOf(n),
      expiresAt: later(DAY),
    });
    await auditEventRepository.record({
      at: clock.now(),
      kind: 'sign-out',
      actor: { type: 'anonymous' },
      address: '',
      userAgent: '',
      requestId: `req-${n}`,
      details: {},
    });
  }

  const counts = async () => ({
    sessions: await StaffSessionCollection.countDocuments().exec(),
    passkeyChallenges: await PasskeyChallengeCollection.countDocuments().exec(),
    signInThrottles: await SignInThrottleCollection.countDocuments().exec(),
    invitations: await StaffInvitationCollection.countDocuments().exec(),
    auditEvents: await AuditEventCollection.countDocuments().exec(),
  });

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('deletes what has expired, which the embedded store keeps, and nothing else', async () => {
    const housekeeping = createStaffHousekeeping({ logger, clock: clock.now });
    await fill(1);
    // 366 days on: everything of the first batch has expired, the audit event is over a year old.
    clock.advance(366 * DAY);
    await fill(2);
    expect(await counts()).toEqual({ sessions: 2, passkeyChallenges: 2, signInThrottles: 2, invitations: 2, auditEvents: 2 });

    expect(await housekeeping.sweep()).toEqual({ sessions: 1, passkeyChallenges: 1, signInThrottles: 1, invitations: 1, auditEvents: 1 });
    expect(await counts()).toEqual({ sessions: 1, passkeyChallenges: 1, signInThrottles: 1, invitations: 1, auditEvents: 1 });
    expect(await staffSessionRepository.findLive(hashOf(2), clock.now())).not.toBeNull();

    // An hour on, the session, challenge and throttle have expired; the invitation is kept a week past its expiry.
    clock.advance(HOUR);
    expect(await housekeeping.sweep()).toEqual({ sessions: 1, passkeyChallenges: 1, signInThrottles: 1, invitations: 0, auditEvents: 0 });
    clock.advance(8 * DAY);
    expect(await housekeeping.sweep()).toMatchObject({ invitations: 1, auditEvents: 0 });
  });

  it('sweeps once started, until stopped', async () => {
    const housekeeping = createStaffHousekeeping({ logger, clock: clock.now });
    await fill(3);
    clock.advance(DAY);
    housekeeping.start();
    try {
      await vi.waitFor(async () => expect((await counts()).sessions).toBe(0));
    } finally {
      await housekeeping.stop();
    }
  });
});
