import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffSessionCollection } from '../../models/staff-session.model';
import { staffSessionRepository, type NewStaffSession } from '../../models/staff-session.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const hashOf = (n: number) => n.toString(16).padStart(64, '0');

describe('the staff sessions repository', () => {
  let database: TestDatabase;
  const clock = testClock(new Date('2026-11-26T15:00:00Z'));
  const staffId = new Types.ObjectId().toHexString();

  /** A session signed in at the clock's time: idle 1 h, absolute 12 h. */
  const session = (tokenHash: string, fields: Partial<NewStaffSession> = {}): NewStaffSession => ({
    tokenHash,
    staffId,
    purpose: 'staff',
    signedInWith: 'password+code',
    now: clock.now(),
    absoluteExpiresAt: new Date(clock.now().getTime() + 12 * HOUR),
    expiresAt: new Date(clock.now().getTime() + HOUR),
    address: '203.0.113.7',
    userAgent: 'Mozilla/5.0 '.repeat(30),
    ...fields,
  });

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await StaffSessionCollection.deleteMany({}).exec();
    clock.set(new Date('2026-11-26T15:00:00Z'));
  });

  it('finds a session by its token hash until it expires, then never', async () => {
    const created = await staffSessionRepository.create(session(hashOf(1)));
    expect(created).toMatchObject({ staffId, purpose: 'staff', signedInWith: 'password+code', address: '203.0.113.7' });
    expect(created.userAgent).toHaveLength(200);
    expect(created.reauthenticatedAt).toEqual(clock.now());
    expect(created).not.toHaveProperty('tokenHash');

    clock.advance(HOUR - 1);
    expect((await staffSessionRepository.findLive(hashOf(1), clock.now()))?.id).toBe(created.id);
    expect(await staffSessionRepository.findLive(hashOf(2), clock.now())).toBeNull();
    // Past its expiry the document is still stored (the embedded store has no TTL monitor), yet not found.
    clock.advance(1);
    expect(await staffSessionRepository.findLive(hashOf(1), clock.now())).toBeNull();
    expect(await StaffSessionCollection.countDocuments().exec()).toBe(1);
    expect(await staffSessionRepository.listOf(staffId, clock.now())).toEqual([]);
  });

  it('moves lastSeenAt and the idle expiry at most once a minute', async () => {
    const { id } = await staffSessionRepository.create(session(hashOf(1)));
    clock.advance(30_000);
    expect(await staffSessionRepository.touch(id, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) })).toBe(false);
    clock.advance(30_000);
    expect(await staffSessionRepository.touch(id, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) })).toBe(true);
    const touched = await staffSessionRepository.findLive(hashOf(1), clock.now());
    expect(touched?.lastSeenAt).toEqual(clock.now());
    expect(touched?.expiresAt).toEqual(new Date(clock.now().getTime() + HOUR));
    // Used again within the minute: nothing written.
    clock.advance(59_000);
    expect(await staffSessionRepository.touch(id, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) })).toBe(false);
    // An expired session is not brought back.
    clock.advance(2 * HOUR);
    expect(await staffSessionRepository.touch(id, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) })).toBe(false);
    expect(await staffSessionRepository.findLive(hashOf(1), clock.now())).toBeNull();
  });

  it('replaces the token so the old cookie stops working, and records the confirmation', async () => {
    const { id } = await staffSessionRepository.create(session(hashOf(1)));
    clock.advance(10 * MINUTE);
    expect(await staffSessionRepository.replaceToken(id, { tokenHash: hashOf(2), now: clock.now(), reauthenticatedAt: clock.now() })).toBe(true);
    expect(await staffSessionRepository.findLive(hashOf(1), clock.now())).toBeNull();
    const replaced = await staffSessionRepository.findLive(hashOf(2), clock.now());
    expect(replaced?.id).toBe(id);
    expect(replaced?.reauthenticatedAt).toEqual(clock.now());

    clock.advance(MINUTE);
    expect(await staffSessionRepository.setReauthenticatedAt(id, clock.now())).toBe(true);
    expect((await staffSessionRepository.findLive(hashOf(2), clock.now()))?.reauthenticatedAt).toEqual(clock.now());
    expect(await staffSessionRepository.replaceToken('not-an-id', { tokenHash: hashOf(3), now: clock.now() })).toBe(false);
  });

  it('ends one session (only its owner’s, when named), the others of a person, or all of them', async () => {
    const other = new Types.ObjectId().toHexString();
    const mine = await staffSessionRepository.create(session(hashOf(1)));
    const second = await staffSessionRepository.create(session(hashOf(2)));
    await staffSessionRepository.create(session(hashOf(3)));
    const theirs = await staffSessionRepository.create(session(hashOf(4), { staffId: other }));

    expect(await staffSessionRepository.deleteOne(theirs.id, { staffId })).toBe(false);
    expect(await staffSessionRepository.deleteOne(second.id, { staffId })).toBe(true);
    expect(await staffSessionRepository.deleteOne(second.id)).toBe(false);
    expect(await staffSessionRepository.deleteOthersOf(staffId, mine.id)).toBe(1);
    expect((await staffSessionRepository.listOf(staffId, clock.now())).map((found) => found.id)).toEqual([mine.id]);
    expect(await staffSessionRepository.deleteAllOf(staffId)).toBe(1);
    expect(await staffSessionRepository.findLive(hashOf(1), clock.now())).toBeNull();
    expect((await staffSessionRepository.findLive(hashOf(4), clock.now()))?.id).toBe(theirs.id);
  });

  it('keeps at most the limit per person by ending the least recently seen', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 11; n += 1) {
      ids.push((await staffSessionRepository.create(session(hashOf(n)))).id);
      clock.advance(2 * MINUTE);
    }
    // The first session is used again, so the second is now the least recently seen.
    await staffSessionRepository.touch(ids[0]!, { now: clock.now(), expiresAt: new Date(clock.now().getTime() + HOUR) });
    const ended = await staffSessionRepository.enforceLimit(staffId, 10, clock.now());
    expect(ended.map((found) => found.id)).toEqual([ids[1]]);
    const kept = await staffSessionRepository.listOf(staffId, clock.now());
    expect(kept).toHaveLength(10);
    expect(kept[0]!.id).toBe(ids[0]);
    expect(await staffSessionRepository.enforceLimit(staffId, 10, clock.now())).toEqual([]);
  });

  it('deletes only the expired sessions', async () => {
    await staffSessionRepository.create(session(hashOf(1)));
    clock.advance(30 * MINUTE);
    await staffSessionRepository.create(session(hashOf(2)));
    clock.advance(30 * MINUTE);
    expect(await staffSessionRepository.deleteExpired(clock.now())).toBe(1);
    expect(await StaffSessionCollection.countDocuments().exec()).toBe(1);
    expect(await staffSessionRepository.findLive(hashOf(2), clock.now())).not.toBeNull();
  });

  it('refuses a second session with the same token hash', async () => {
    await staffSessionRepository.create(session(hashOf(1)));
    await expect(staffSessionRepository.create(session(hashOf(1)))).rejects.toThrow(/duplicate key/);
  });
});
