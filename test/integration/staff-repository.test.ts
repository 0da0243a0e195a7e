import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffCollection } from '../../models/staff.model';
import { staffRepository, type NewInvitedStaff } from '../../models/staff.repository';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { testClock } from '../support/test-clock';

const DAY = 24 * 60 * 60_000;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

describe('the staff repository', () => {
  let database: TestDatabase;
  const clock = testClock(new Date('2026-11-26T15:00:00Z'));

  const invited = (fields: Partial<NewInvitedStaff> = {}): NewInvitedStaff => ({
    email: 'Dana.Owner@Example.org ',
    name: 'Dana Owner',
    role: 'owner',
    webAuthnUserId: randomBytes(16),
    invitedBy: { operator: true },
    now: clock.now(),
    ...fields,
  });

  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await StaffCollection.deleteMany({}).exec();
    clock.set(new Date('2026-11-26T15:00:00Z'));
  });

  it('creates an invited account under its lower-cased e-mail, once per e-mail, found however it is typed', async () => {
    const userHandle = randomBytes(16);
    const dana = await staffRepository.createInvited(invited({ webAuthnUserId: userHandle }));
    expect(dana).toMatchObject({ email: 'dana.owner@example.org', name: 'Dana Owner', role: 'owner', status: 'invited', invitedBy: { operator: true } });
    expect(dana?.webAuthnUserId.equals(userHandle)).toBe(true);
    expect(await staffRepository.createInvited(invited({ email: 'DANA.owner@example.org' }))).toBeNull();

    expect((await staffRepository.find({ email: '  dana.OWNER@example.org' }))?.id).toBe(dana!.id);
    const found = await staffRepository.find({ id: dana!.id });
    expect(found?.webAuthnUserId.equals(userHandle)).toBe(true);
    expect(await staffRepository.find({ id: 'not-an-id' })).toBeNull();
    expect(await staffRepository.find({ id: '0123456789abcdef01234567' })).toBeNull();

    const sam = await staffRepository.createInvited(invited({ email: 'sam@example.org', name: 'Sam Sales', role: 'sales', invitedBy: { staffId: dana!.id } }));
    expect(sam?.invitedBy).toEqual({ staffId: dana!.id });
    expect((await staffRepository.list()).map((member) => member.name)).toEqual(['Dana Owner', 'Sam Sales']);
  });

  it('reads the authenticator app, recovery codes and known browsers only when asked for them', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    await staffRepository.setTotpPending(id, { secret: 'JBSWY3DPEHPK3PXP', now: clock.now() });
    await staffRepository.setRecoveryCodes(id, { salt: randomBytes(16), tags: [randomBytes(32)], now: clock.now() });
    await staffRepository.rememberBrowser(id, { tokenHash: hashOf(1), now: clock.now() });

    const plain = (await staffRepository.find({ id })) as unknown as Record<string, unknown>;
    const listed = (await staffRepository.list())[0] as unknown as Record<string, unknown>;
    for (const member of [plain, listed]) {
      for (const field of ['totp', 'totpPending', 'recoveryCodes', 'knownBrowsers']) expect(member).not.toHaveProperty(field);
    }
    const withSecrets = await staffRepository.findWithSecrets({ email: 'dana.owner@example.org' });
    expect(withSecrets?.totpPending?.secret).toBe('JBSWY3DPEHPK3PXP');
    expect(withSecrets?.recoveryCodes?.tags).toHaveLength(1);
    expect(withSecrets?.knownBrowsers.map((browser) => browser.tokenHash)).toEqual([hashOf(1)]);
  });

  it('enrols the pending authenticator app and accepts each time step once, never an earlier one', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    await staffRepository.setTotpPending(id, { secret: 'OLDSECRETOLDSECRET', now: clock.now() });
    await staffRepository.setTotpPending(id, { secret: 'JBSWY3DPEHPK3PXP', now: clock.now() });
    // A code of a set-up started over is not enrolled.
    expect(await staffRepository.enrolTotp(id, { secret: 'OLDSECRETOLDSECRET', step: 100, now: clock.now() })).toBe(false);
    expect(await staffRepository.enrolTotp(id, { secret: 'JBSWY3DPEHPK3PXP', step: 100, now: clock.now() })).toBe(true);
    const enrolled = await staffRepository.findWithSecrets({ id });
    expect(enrolled?.totp).toEqual({ secret: 'JBSWY3DPEHPK3PXP', enrolledAt: clock.now(), lastUsedStep: 100 });
    expect(enrolled?.totpPending).toBeUndefined();

    // The confirming code's step is used.
    expect(await staffRepository.useTotpStep(id, 100)).toBe(false);
    expect(await staffRepository.useTotpStep(id, 101)).toBe(true);
    expect(await staffRepository.useTotpStep(id, 101)).toBe(false);
    expect(await staffRepository.useTotpStep(id, 99)).toBe(false);
    // Two instances given the same code at once: exactly one wins.
    const raced = await Promise.all([staffRepository.useTotpStep(id, 102), staffRepository.useTotpStep(id, 102)]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect((await staffRepository.findWithSecrets({ id }))?.totp?.lastUsedStep).toBe(102);
  });

  it('refuses a time step on an account with no authenticator app', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    expect(await staffRepository.useTotpStep(id, 1)).toBe(false);
  });

  it('uses each recovery code once', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    const tags = [randomBytes(32), randomBytes(32), randomBytes(32)];
    await staffRepository.setRecoveryCodes(id, { salt: randomBytes(16), tags, now: clock.now() });
    expect(await staffRepository.useRecoveryCode(id, Buffer.from(tags[1]!))).toBe(true);
    expect(await staffRepository.useRecoveryCode(id, tags[1]!)).toBe(false);
    expect(await staffRepository.useRecoveryCode(id, randomBytes(32))).toBe(false);
    const left = (await staffRepository.findWithSecrets({ id }))?.recoveryCodes?.tags;
    expect(left?.map((tag) => tag.toString('hex'))).toEqual([tags[0]!.toString('hex'), tags[2]!.toString('hex')]);
  });

  it('remembers the last ten browsers signed in, the least recent going first, for 180 days', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    for (let n = 1; n <= 11; n += 1) {
      await staffRepository.rememberBrowser(id, { tokenHash: hashOf(n), now: clock.now() });
      clock.advance(DAY);
    }
    // Browser 2 signs in again: it becomes the most recent, so browser 3 is the next to go.
    await staffRepository.rememberBrowser(id, { tokenHash: hashOf(2), now: clock.now() });
    await staffRepository.rememberBrowser(id, { tokenHash: hashOf(12), now: clock.now() });
    const browsers = (await staffRepository.findWithSecrets({ id }))!.knownBrowsers.map((browser) => browser.tokenHash);
    expect(browsers).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 2, 12].map(hashOf));

    expect(await staffRepository.knowsBrowser({ id }, hashOf(2), clock.now())).toBe(true);
    expect(await staffRepository.knowsBrowser({ email: 'dana.owner@example.org' }, hashOf(4), clock.now())).toBe(true);
    expect(await staffRepository.knowsBrowser({ id }, hashOf(1), clock.now())).toBe(false);
    // Browser 4 last signed in 8 days ago: known until 180 days have passed.
    clock.advance(172 * DAY - 1);
    expect(await staffRepository.knowsBrowser({ id }, hashOf(4), clock.now())).toBe(true);
    clock.advance(1);
    expect(await staffRepository.knowsBrowser({ id }, hashOf(4), clock.now())).toBe(false);
  });

  it('changes status (conditionally), role and password, and counts the active owners', async () => {
    const dana = (await staffRepository.createInvited(invited()))!;
    const lee = (await staffRepository.createInvited(invited({ email: 'lee@example.org', name: 'Lee', role: 'manager' })))!;
    expect(await staffRepository.countActiveOwners()).toBe(0);

    expect(await staffRepository.setStatus(dana.id, 'active', { now: clock.now(), from: 'invited' })).toBe(true);
    expect(await staffRepository.setStatus(dana.id, 'active', { now: clock.now(), from: 'invited' })).toBe(false);
    expect((await staffRepository.find({ id: dana.id }))?.activatedAt).toEqual(clock.now());
    await staffRepository.setStatus(lee.id, 'active', { now: clock.now() });
    expect(await staffRepository.countActiveOwners()).toBe(1);
    expect(await staffRepository.setRole(lee.id, 'owner')).toBe(true);
    expect(await staffRepository.countActiveOwners()).toBe(2);
    clock.advance(DAY);
    expect(await staffRepository.setStatus(lee.id, 'disabled', { now: clock.now() })).toBe(true);
    expect((await staffRepository.find({ id: lee.id }))?.disabledAt).toEqual(clock.now());
    expect(await staffRepository.countActiveOwners()).toBe(1);

    await staffRepository.setPassword(dana.id, { hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$dGFn', now: clock.now() });
    await staffRepository.recordSignIn(dana.id, clock.now());
    expect(await staffRepository.find({ id: dana.id })).toMatchObject({
      password: { hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$dGFn', changedAt: clock.now() },
      lastSignInAt: clock.now(),
    });
  });

  it('resets every sign-in method in one update, back to invited', async () => {
    const { id } = (await staffRepository.createInvited(invited()))!;
    await staffRepository.setPassword(id, { hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$dGFn', now: clock.now() });
    await staffRepository.setTotpPending(id, { secret: 'JBSWY3DPEHPK3PXP', now: clock.now() });
    await staffRepository.enrolTotp(id, { secret: 'JBSWY3DPEHPK3PXP', step: 1, now: clock.now() });
    await staffRepository.setRecoveryCodes(id, { salt: randomBytes(16), tags: [randomBytes(32)], now: clock.now() });
    await staffRepository.rememberBrowser(id, { tokenHash: hashOf(1), now: clock.now() });
    await staffRepository.setStatus(id, 'active', { now: clock.now() });

    expect(await staffRepository.resetSignInMethods(id)).toBe(true);
    const reset = await staffRepository.findWithSecrets({ id });
    expect(reset).toMatchObject({ status: 'invited', knownBrowsers: [] });
    expect(reset?.password).toBeUndefined();
    expect(reset?.totp).toBeUndefined();
    expect(reset?.recoveryCodes).toBeUndefined();
    expect(await staffRepository.resetSignInMethods('0123456789abcdef01234567')).toBe(false);
  });
});
