import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PasskeyChallengeCollection } from '../../models/passkey-challenge.model';
import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { StaffPasskeyCollection } from '../../models/staff-passkey.model';
import { staffPasskeyRepository, type NewStaffPasskey } from '../../models/staff-passkey.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const MINUTE = 60_000;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

let database: TestDatabase;
const clock = testClock(new Date('2026-11-26T15:00:00Z'));

beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  clock.set(new Date('2026-11-26T15:00:00Z'));
});

describe('the staff passkeys repository', () => {
  const dana = new Types.ObjectId().toHexString();
  const sam = new Types.ObjectId().toHexString();

  const passkey = (fields: Partial<NewStaffPasskey> = {}): NewStaffPasskey => ({
    staffId: dana,
    credentialId: randomBytes(16).toString('base64url'),
    publicKey: randomBytes(77),
    counter: 0,
    transports: ['internal', 'hybrid'],
    deviceType: 'multiDevice',
    backedUp: true,
    aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd',
    name: 'Passkey added 26 Nov 2026',
    now: clock.now(),
    ...fields,
  });

  beforeEach(async () => {
    await StaffPasskeyCollection.deleteMany({}).exec();
  });

  it('finds a passkey by its credential id with the public key as stored, and refuses the same credential twice', async () => {
    const fields = passkey();
    const added = await staffPasskeyRepository.add(fields);
    expect(added).toMatchObject({ staffId: dana, credentialId: fields.credentialId, counter: 0, transports: ['internal', 'hybrid'], deviceType: 'multiDevice' });
    const found = await staffPasskeyRepository.findByCredentialId(fields.credentialId);
    expect(found?.id).toBe(added!.id);
    expect(found?.publicKey.equals(Buffer.from(fields.publicKey))).toBe(true);
    expect(await staffPasskeyRepository.findByCredentialId('unknown')).toBeNull();
    expect(await staffPasskeyRepository.add(passkey({ credentialId: fields.credentialId, staffId: sam }))).toBeNull();
  });

  it('lists, counts, renames and removes a person’s passkeys, never another’s', async () => {
    const first = (await staffPasskeyRepository.add(passkey()))!;
    clock.advance(MINUTE);
    const second = (await staffPasskeyRepository.add(passkey({ now: clock.now() })))!;
    const theirs = (await staffPasskeyRepository.add(passkey({ staffId: sam })))!;
    expect((await staffPasskeyRepository.listOf(dana)).map((found) => found.id)).toEqual([first.id, second.id]);
    expect(await staffPasskeyRepository.countOf(dana)).toBe(2);

    expect(await staffPasskeyRepository.rename(dana, first.id, 'Work phone')).toBe(true);
    expect(await staffPasskeyRepository.rename(dana, theirs.id, 'Mine now')).toBe(false);
    await expect(staffPasskeyRepository.rename(dana, first.id, 'x'.repeat(61))).rejects.toThrow();
    expect((await staffPasskeyRepository.listOf(dana))[0]!.name).toBe('Work phone');
    expect((await staffPasskeyRepository.listOf(sam))[0]!.name).toBe('Passkey added 26 Nov 2026');

    expect(await staffPasskeyRepository.remove(dana, theirs.id)).toBe(false);
    expect(await staffPasskeyRepository.remove(dana, first.id)).toBe(true);
    expect(await staffPasskeyRepository.remove(dana, first.id)).toBe(false);
    expect(await staffPasskeyRepository.removeAllOf(dana)).toBe(1);
    expect(await staffPasskeyRepository.countOf(sam)).toBe(1);
  });

  it('records each use, never moving the counter back', async () => {
    const added = (await staffPasskeyRepository.add(passkey({ counter: 5 })))!;
    clock.advance(MINUTE);
    await staffPasskeyRepository.recordUse(added.id, { counter: 7, now: clock.now() });
    await staffPasskeyRepository.recordUse(added.id, { counter: 6, now: clock.now() });
    const used = await staffPasskeyRepository.findByCredentialId(added.credentialId);
    expect(used).toMatchObject({ counter: 7, lastUsedAt: clock.now() });
  });
});

describe('the passkey challenges repository', () => {
  const sessionId = new Types.ObjectId().toHexString();

  beforeEach(async () => {
    await PasskeyChallengeCollection.deleteMany({}).exec();
  });

  it('takes a sign-in challenge once, before it expires', async () => {
    await passkeyChallengeRepository.store({ challengeHash: hashOf(1), purpose: 'sign-in', expiresAt: new Date(clock.now().getTime() + 5 * MINUTE) });
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(1), purpose: 'registration', now: clock.now() })).toBe(false);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(1), purpose: 'sign-in', sessionId, now: clock.now() })).toBe(false);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(1), purpose: 'sign-in', now: clock.now() })).toBe(true);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(1), purpose: 'sign-in', now: clock.now() })).toBe(false);

    await passkeyChallengeRepository.store({ challengeHash: hashOf(2), purpose: 'sign-in', expiresAt: new Date(clock.now().getTime() + 5 * MINUTE) });
    clock.advance(5 * MINUTE);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(2), purpose: 'sign-in', now: clock.now() })).toBe(false);
  });

  it('takes a registration or confirmation challenge only in the session it was made in', async () => {
    const expiresAt = new Date(clock.now().getTime() + 5 * MINUTE);
    await passkeyChallengeRepository.store({ challengeHash: hashOf(3), purpose: 'confirmation', sessionId, expiresAt });
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(3), purpose: 'confirmation', now: clock.now() })).toBe(false);
    expect(
      await passkeyChallengeRepository.take({ challengeHash: hashOf(3), purpose: 'confirmation', sessionId: new Types.ObjectId().toHexString(), now: clock.now() }),
    ).toBe(false);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(3), purpose: 'confirmation', sessionId: 'not-an-id', now: clock.now() })).toBe(false);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(3), purpose: 'confirmation', sessionId, now: clock.now() })).toBe(true);
  });

  it('deletes only the expired challenges', async () => {
    await passkeyChallengeRepository.store({ challengeHash: hashOf(4), purpose: 'sign-in', expiresAt: new Date(clock.now().getTime() + MINUTE) });
    await passkeyChallengeRepository.store({ challengeHash: hashOf(5), purpose: 'sign-in', expiresAt: new Date(clock.now().getTime() + 5 * MINUTE) });
    clock.advance(MINUTE);
    expect(await passkeyChallengeRepository.deleteExpired(clock.now())).toBe(1);
    expect(await passkeyChallengeRepository.take({ challengeHash: hashOf(5), purpose: 'sign-in', now: clock.now() })).toBe(true);
  });
});
