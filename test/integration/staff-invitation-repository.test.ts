import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffInvitationCollection } from '../../models/staff-invitation.model';
import { staffInvitationRepository, type NewInvitation } from '../../models/staff-invitation.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

describe('the staff invitations repository', () => {
  let database: TestDatabase;
  const clock = testClock(new Date('2026-11-26T15:00:00Z'));
  const staffId = new Types.ObjectId().toHexString();
  const ownerId = new Types.ObjectId().toHexString();

  const invitation = (fields: Partial<NewInvitation> = {}): NewInvitation => ({
    staffId,
    email: 'sam@example.org',
    role: 'sales',
    invitedBy: { staffId: ownerId },
    now: clock.now(),
    ...fields,
  });
  const linked = (n: number, fields: Partial<NewInvitation> = {}) =>
    staffInvitationRepository.createWithLink({
      ...invitation({ invitedBy: { operator: true }, ...fields }),
      tokenHash: hashOf(n),
      expiresAt: new Date(clock.now().getTime() + DAY),
    });

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await StaffInvitationCollection.deleteMany({}).exec();
    clock.set(new Date('2026-11-26T15:00:00Z'));
  });

  it('accepts a link once, and never after it expired', async () => {
    const made = await linked(1);
    expect(made).toMatchObject({ staffId, email: 'sam@example.org', role: 'sales', invitedBy: { operator: true }, expiresAt: new Date(clock.now().getTime() + DAY) });
    expect(made).not.toHaveProperty('tokenHash');

    // Opening the link changes nothing.
    expect((await staffInvitationRepository.findUsable(hashOf(1), clock.now()))?.id).toBe(made.id);
    expect((await staffInvitationRepository.findUsable(hashOf(1), clock.now()))?.id).toBe(made.id);
    clock.advance(HOUR);
    const accepted = await staffInvitationRepository.accept(hashOf(1), clock.now());
    expect(accepted).toMatchObject({ id: made.id, staffId, acceptedAt: clock.now() });
    expect(await staffInvitationRepository.accept(hashOf(1), clock.now())).toBeNull();
    expect(await staffInvitationRepository.findUsable(hashOf(1), clock.now())).toBeNull();
    expect(await staffInvitationRepository.accept(hashOf(9), clock.now())).toBeNull();

    await linked(2, { staffId: new Types.ObjectId().toHexString() });
    clock.advance(DAY);
    expect(await staffInvitationRepository.findUsable(hashOf(2), clock.now())).toBeNull();
    expect(await staffInvitationRepository.accept(hashOf(2), clock.now())).toBeNull();
  });

  it('accepts a link once when two requests race for it', async () => {
    await linked(1);
    const raced = await Promise.all([staffInvitationRepository.accept(hashOf(1), clock.now()), staffInvitationRepository.accept(hashOf(1), clock.now())]);
    expect(raced.filter((found) => found !== null)).toHaveLength(1);
  });

  it('mails an owner’s invitation through the outbox: claimed once, its link made under the claim, then sent', async () => {
    const pending = await staffInvitationRepository.createForDelivery(invitation());
    expect(pending.delivery).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: clock.now() });
    expect(pending.expiresAt).toBeUndefined();

    const leaseUntil = new Date(clock.now().getTime() + 5 * MINUTE);
    const claimed = await staffInvitationRepository.claimDue({ now: clock.now(), leaseUntil, token: 'worker-a' });
    expect(claimed?.id).toBe(pending.id);
    expect(await staffInvitationRepository.claimDue({ now: clock.now(), leaseUntil, token: 'worker-b' })).toBeNull();

    const expiresAt = new Date(clock.now().getTime() + DAY);
    expect(await staffInvitationRepository.setLink(pending.id, 'worker-b', { tokenHash: hashOf(1), expiresAt })).toBe(false);
    expect(await staffInvitationRepository.setLink(pending.id, 'worker-a', { tokenHash: hashOf(1), expiresAt })).toBe(true);
    expect((await staffInvitationRepository.findUsable(hashOf(1), clock.now()))?.id).toBe(pending.id);

    // A failed send is retried later with a new link; the first stops working.
    await staffInvitationRepository.scheduleRetry(pending.id, 'worker-a', { nextAttemptAt: new Date(clock.now().getTime() + MINUTE), error: '421 try later' });
    expect(await staffInvitationRepository.claimDue({ now: clock.now(), leaseUntil, token: 'worker-a' })).toBeNull();
    clock.advance(MINUTE);
    const again = await staffInvitationRepository.claimDue({ now: clock.now(), leaseUntil, token: 'worker-c' });
    expect(again?.delivery).toMatchObject({ attempts: 1, lastError: '421 try later', claimToken: 'worker-c' });
    expect(await staffInvitationRepository.setLink(pending.id, 'worker-c', { tokenHash: hashOf(2), expiresAt })).toBe(true);
    expect(await staffInvitationRepository.findUsable(hashOf(1), clock.now())).toBeNull();

    await staffInvitationRepository.markSent(pending.id, clock.now());
    expect(await staffInvitationRepository.claimDue({ now: new Date(clock.now().getTime() + HOUR), leaseUntil, token: 'worker-d' })).toBeNull();
    const [listed] = await staffInvitationRepository.list();
    expect(listed?.delivery).toMatchObject({ status: 'sent', sentAt: clock.now() });
    expect(listed?.delivery).not.toHaveProperty('claimToken');
  });

  it('gives a claimed e-mail up, and never claims the operator’s invitations or an accepted one', async () => {
    await linked(1);
    const pending = await staffInvitationRepository.createForDelivery(invitation());
    const leaseUntil = new Date(clock.now().getTime() + 5 * MINUTE);
    await staffInvitationRepository.claimDue({ now: clock.now(), leaseUntil, token: 'worker-a' });
    await staffInvitationRepository.markFailed(pending.id, 'worker-a', { error: '550 no such user', attempted: true });
    expect(await staffInvitationRepository.claimDue({ now: new Date(clock.now().getTime() + DAY), leaseUntil, token: 'worker-b' })).toBeNull();
    expect((await staffInvitationRepository.list()).find((found) => found.id === pending.id)?.delivery).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('replaces a person’s earlier invitations, deletes all of them, and lists the newest first', async () => {
    const first = await linked(1);
    clock.advance(MINUTE);
    const other = await linked(2, { staffId: new Types.ObjectId().toHexString(), email: 'lee@example.org' });
    clock.advance(MINUTE);
    const second = await staffInvitationRepository.createForDelivery(invitation({ now: clock.now() }));
    expect((await staffInvitationRepository.list()).map((found) => found.id)).toEqual([second.id, other.id, first.id]);

    expect(await staffInvitationRepository.deleteOthersOf(staffId, second.id)).toBe(1);
    expect(await staffInvitationRepository.findUsable(hashOf(1), clock.now())).toBeNull();
    expect(await staffInvitationRepository.deleteAllOf(staffId)).toBe(1);
    expect((await staffInvitationRepository.list()).map((found) => found.id)).toEqual([other.id]);
  });

  it('keeps an expired invitation a week for the owner’s page, then deletes it', async () => {
    await linked(1);
    await staffInvitationRepository.createForDelivery(invitation());
    clock.advance(DAY + 7 * DAY - 1);
    expect(await staffInvitationRepository.deleteExpired(clock.now())).toBe(0);
    clock.advance(1);
    expect(await staffInvitationRepository.deleteExpired(clock.now())).toBe(1);
    // One whose link was never made has no expiry: only a new invitation replaces it.
    expect(await staffInvitationRepository.list()).toHaveLength(1);
  });
});
