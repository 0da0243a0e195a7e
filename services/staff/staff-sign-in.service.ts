import { randomBytes } from 'node:crypto';
import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { staffPasskeyRepository, type StaffPasskey } from '../../models/staff-passkey.repository';
import { staffRepository, type StaffMember, type StaffMemberWithSecrets } from '../../models/staff.repository';
import type { AuditRecorder } from '../../src/staff/audit-log';
import { createAuthenticatorSecret, verifyAuthenticatorCode } from '../../src/staff/authenticator-app.server';
import { passkeyCredentialId, type PasskeyCeremonies } from '../../src/staff/passkey-options.server';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../src/staff/password-hash.server';
import { hasRecoveryCodeTag, recoveryCodeTag } from '../../src/staff/recovery-codes.server';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import type { PasswordAttempt, StaffSignIn, StaffSignInOutcome } from '../../src/staff/staff-sign-in';
import type { SignInMethod, StaffRequest } from '../../src/staff/staff-request';
import { PASSKEY_CHALLENGE_MS, PASSKEY_CHALLENGES_PER_ADDRESS } from '../../src/staff/staff-timing';
import type { Clock } from '../../src/time/clock';
import type { StaffSessionsService } from './staff-sessions.service';
import { addressKey, keysClearedBySuccess, signInThrottle, signInThrottleKeys, type SignInAttempt } from './sign-in-throttle.service';

/** Why a sign-in or confirmation failed, for the audit log only: the person is told none of it. */
export type SignInFailureReason =
  'unknown-account' | 'not-active' | 'wrong-password' | 'wrong-code' | 'reused-code' | 'unknown-passkey' | 'other-account' | 'passkey-not-verified' | 'no-session';

export interface StaffSignInOptions {
  clock: Clock;
  sessions: Pick<StaffSessionsService, 'start' | 'confirm'>;
  /** The sign-in throttle (services/staff/sign-in-throttle.service.ts); a test may count its writes. */
  throttle?: typeof signInThrottle;
  audit: AuditRecorder;
  passkeys: Pick<PasskeyCeremonies, 'generateAuthentication' | 'verifyAuthentication'>;
  /**
   * The password check (src/staff/password-hash.server.ts). A test hands in a counting one to show
   * that every path, an unknown e-mail's included, spends the same argon2id.
   */
  verifyPassword?: (password: string, phc: string) => Promise<boolean>;
}

/** What a password attempt found: the account (or none), why it failed, and for a success how. */
interface PasswordCheck {
  member: StaffMemberWithSecrets | null;
  failure: SignInFailureReason | null;
  method: SignInMethod;
  /** After a recovery code: how many are left. */
  recoveryCodesLeft?: number;
}

let dummySecrets: { totp: string; recoverySalt: Buffer } | undefined;

/**
 * A seed and a salt nobody holds, made once per process: an unknown or inactive account's code is
 * checked against them, so its sign-in does the same work as a real one and fails.
 */
function dummy() {
  dummySecrets ??= { totp: createAuthenticatorSecret(), recoverySalt: randomBytes(16) };
  return dummySecrets;
}

/** Passkey requests are counted per address on a key of their own, with a higher limit than failures. */
const passkeyRequestsKey = (address: string) => `passkey-options:${addressKey(address)}`;

function parsedResponse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Sign-in and confirmation (docs/decisions/011-staff-sign-in.md, flows 3 and 4, "Throttling").
 * Every failed password attempt does the same work whatever went wrong (one account lookup, one
 * argon2id, one code check or a second argon2id for a recovery code, the same throttle and audit
 * writes), so neither the answer nor its time tells an unknown e-mail from a wrong password. The
 * code's time step or the recovery code is used (once, by a conditional update) only when the
 * password matched too, so a guess never burns a code.
 */
export function createStaffSignIn(options: StaffSignInOptions): StaffSignIn {
  const { clock, sessions, audit, passkeys } = options;
  const throttle = options.throttle ?? signInThrottle;
  const checkPasswordHash = options.verifyPassword ?? verifyPassword;

  async function checkPassword(member: StaffMemberWithSecrets | null, attempt: PasswordAttempt, now: Date): Promise<PasswordCheck> {
    // Only an active account's own secrets are ever compared; every other path compares against the dummies.
    const usable = member?.status === 'active' ? member : null;
    const passwordMatches = await checkPasswordHash(attempt.password, usable?.password?.hash ?? (await dummyPasswordHash()));
    const method: SignInMethod = attempt.secondFactor.kind === 'code' ? 'password+code' : 'password+recovery-code';
    let secondFactor: { ok: boolean; use: () => Promise<boolean>; left?: number };
    if (attempt.secondFactor.kind === 'code') {
      const step = verifyAuthenticatorCode({ secret: usable?.totp?.secret ?? dummy().totp, code: attempt.secondFactor.code, now });
      secondFactor = { ok: step !== null && usable?.totp !== undefined, use: () => staffRepository.useTotpStep(usable!.id, step!) };
    } else {
      const codes = usable?.recoveryCodes;
      const tag = await recoveryCodeTag(attempt.secondFactor.recoveryCode, codes?.salt ?? dummy().recoverySalt);
      secondFactor = {
        ok: tag !== null && codes !== undefined && hasRecoveryCodeTag(codes.tags, tag),
        use: () => staffRepository.useRecoveryCode(usable!.id, tag!),
        left: (codes?.tags.length ?? 1) - 1,
      };
    }
    const failure: SignInFailureReason | null = !member
      ? 'unknown-account'
      : member.status !== 'active'
        ? 'not-active'
        : !passwordMatches
          ? 'wrong-password'
          : !secondFactor.ok
            ? 'wrong-code'
            : // Last, and only with the password right: the step or the code is used once, on any instance.
              !(await secondFactor.use())
              ? 'reused-code'
              : null;
    return { member, failure, method, ...(method === 'password+recovery-code' ? { recoveryCodesLeft: secondFactor.left } : {}) };
  }

  /**
   * A password attempt as the throttle counts it: the address, and the known browser instead of the
   * account when the account named lists this browser (one lookup, the same for an unknown e-mail).
   */
  async function passwordAttempt(email: string, request: StaffRequest, now: Date): Promise<SignInAttempt> {
    const browserToken = request.presented.knownBrowserToken;
    const tokenHash = browserToken === null ? null : hashSecretToken(browserToken);
    const known = tokenHash !== null && (await staffRepository.knowsBrowser({ email }, tokenHash, now));
    return { address: request.client.address, email, ...(known ? { knownBrowserTokenHash: tokenHash } : {}) };
  }

  /** Refused when a key of the attempt is over its limit: `sign-in.throttled` in the audit log, and the wait. */
  async function throttled(keys: string[], details: Record<string, string | boolean>, request: StaffRequest, now: Date): Promise<StaffSignInOutcome | null> {
    const verdict = await throttle.check(keys, now);
    if (verdict.ok) return null;
    await audit.record({ kind: 'sign-in.throttled', details }, request);
    return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
  }

  /** The known-browser cookie after a success: the browser's own token if this account knows it, else a new one. */
  async function rememberBrowser(member: StaffMember, request: StaffRequest, now: Date) {
    const presented = request.presented.knownBrowserToken;
    const known = presented !== null && (await staffRepository.knowsBrowser({ id: member.id }, hashSecretToken(presented), now));
    const token = known ? presented : createSecretToken();
    await staffRepository.rememberBrowser(member.id, { tokenHash: hashSecretToken(token), now });
    request.cookies.knownBrowser = token;
  }

  /** A sign-in that succeeded: a new session (any presented one ended), the browser remembered, the account's throttle entries cleared. */
  async function signedIn(member: StaffMember, method: SignInMethod, request: StaffRequest, now: Date): Promise<StaffSignInOutcome> {
    await sessions.start(member.id, 'staff', method, request);
    await rememberBrowser(member, request, now);
    await staffRepository.recordSignIn(member.id, now);
    const browserToken = request.presented.knownBrowserToken;
    await throttle.clear(
      keysClearedBySuccess({ address: request.client.address, email: member.email, ...(browserToken ? { knownBrowserTokenHash: hashSecretToken(browserToken) } : {}) }),
    );
    await audit.record({ kind: 'sign-in.succeeded', subject: { staffId: member.id, email: member.email }, details: { method } }, request);
    return { outcome: 'signed-in' };
  }

  const subjectOf = (member: StaffMember | null) => (member ? { subject: { staffId: member.id, email: member.email } } : {});

  /** A passkey's assertion checked against its stored challenge (taken once) and the passkey's owner. */
  async function verifyPasskey(text: string, purpose: 'sign-in' | 'confirmation', request: StaffRequest, now: Date) {
    const response = parsedResponse(text);
    const credentialId = passkeyCredentialId(response);
    const passkey: StaffPasskey | null = credentialId ? await staffPasskeyRepository.findByCredentialId(credentialId) : null;
    const member = passkey ? await staffRepository.find({ id: passkey.staffId }) : null;
    const fail = (failure: SignInFailureReason) => ({ member, failure, passkey: null });
    if (!passkey || !member) return fail('unknown-passkey');
    if (purpose === 'confirmation' && member.id !== request.session?.staff.id) return fail('other-account');
    if (member.status !== 'active') return fail('not-active');
    const sessionId = purpose === 'confirmation' ? request.session?.id : undefined;
    const verified = await passkeys.verifyAuthentication({
      response,
      expectedChallenge: (challenge) => passkeyChallengeRepository.take({ challengeHash: hashSecretToken(challenge), purpose, ...(sessionId ? { sessionId } : {}), now }),
      passkey: {
        credentialId: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
        webAuthnUserId: member.webAuthnUserId,
      },
    });
    if (!verified) return fail('passkey-not-verified');
    await staffPasskeyRepository.recordUse(passkey.id, { counter: verified.newCounter, now });
    return { member, failure: null, passkey };
  }

  return {
    async signInWithPassword(attempt, request) {
      const now = clock();
      const counted = await passwordAttempt(attempt.email, request, now);
      const keys = signInThrottleKeys(counted);
      const refused = await throttled(keys, { method: 'password' }, request, now);
      if (refused) return refused;
      const member = await staffRepository.findWithSecrets({ email: attempt.email });
      const check = await checkPassword(member, attempt, now);
      if (check.failure || !check.member) {
        await throttle.recordFailure(keys, now);
        await audit.record(
          { kind: 'sign-in.failed', ...subjectOf(check.member), details: { reason: check.failure ?? 'unknown-account', method: check.method } },
          request,
        );
        return { outcome: 'refused' };
      }
      if (check.member.password && needsRehash(check.member.password.hash)) {
        await staffRepository.setPassword(check.member.id, { hash: await hashPassword(attempt.password), now });
      }
      if (check.recoveryCodesLeft !== undefined) {
        await audit.record({ kind: 'recovery-code.used', ...subjectOf(check.member), details: { remaining: check.recoveryCodesLeft } }, request);
      }
      return signedIn(check.member, check.method, request, now);
    },

    async passkeyOptions(purpose, request) {
      const now = clock();
      if (purpose === 'confirmation' && !request.session) throw new Error('a confirmation’s passkey request needs a session');
      // Each request stores a challenge, so an address may ask for only so many within the throttle window.
      const requests = [passkeyRequestsKey(request.client.address)];
      const verdict = await throttle.check(requests, now, PASSKEY_CHALLENGES_PER_ADDRESS);
      if (!verdict.ok) return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
      await throttle.recordFailure(requests, now, PASSKEY_CHALLENGES_PER_ADDRESS);
      const options = await passkeys.generateAuthentication();
      await passkeyChallengeRepository.store({
        challengeHash: hashSecretToken(options.challenge),
        purpose,
        ...(purpose === 'confirmation' ? { sessionId: request.session!.id } : {}),
        expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
      });
      return { outcome: 'options', options };
    },

    async signInWithPasskey(response, request) {
      const now = clock();
      // A passkey cannot be guessed, so only the address counts: an attack on the account never locks its passkeys out.
      const keys = signInThrottleKeys({ address: request.client.address });
      const refused = await throttled(keys, { method: 'passkey' }, request, now);
      if (refused) return refused;
      const { member, failure } = await verifyPasskey(response, 'sign-in', request, now);
      if (failure || !member) {
        await throttle.recordFailure(keys, now);
        await audit.record({ kind: 'sign-in.failed', ...subjectOf(member), details: { reason: failure ?? 'unknown-passkey', method: 'passkey' } }, request);
        return { outcome: 'refused' };
      }
      return signedIn(member, 'passkey', request, now);
    },

    async confirmWithPassword(attempt, request) {
      const now = clock();
      const session = request.session;
      const counted = await passwordAttempt(session?.staff.email ?? '', request, now);
      const keys = signInThrottleKeys(counted);
      const refused = await throttled(keys, { method: 'password', confirmation: true }, request, now);
      if (refused) return refused;
      const member = session ? await staffRepository.findWithSecrets({ id: session.staff.id }) : null;
      const check = await checkPassword(member, attempt, now);
      if (check.failure || !check.member || !session) {
        await throttle.recordFailure(keys, now);
        await audit.record(
          { kind: 'reauthentication.failed', details: { reason: session ? (check.failure ?? 'unknown-account') : 'no-session', method: check.method } },
          request,
        );
        return { outcome: 'refused' };
      }
      if (check.recoveryCodesLeft !== undefined) await audit.record({ kind: 'recovery-code.used', details: { remaining: check.recoveryCodesLeft } }, request);
      await sessions.confirm(request);
      await throttle.clear(keysClearedBySuccess(counted));
      await audit.record({ kind: 'reauthentication.succeeded', details: { method: check.method } }, request);
      return { outcome: 'signed-in' };
    },

    async confirmWithPasskey(response, request) {
      const now = clock();
      const keys = signInThrottleKeys({ address: request.client.address });
      const refused = await throttled(keys, { method: 'passkey', confirmation: true }, request, now);
      if (refused) return refused;
      const { failure } = request.session ? await verifyPasskey(response, 'confirmation', request, now) : { failure: 'no-session' as const };
      if (failure) {
        await throttle.recordFailure(keys, now);
        await audit.record({ kind: 'reauthentication.failed', details: { reason: failure, method: 'passkey' } }, request);
        return { outcome: 'refused' };
      }
      await sessions.confirm(request);
      await audit.record({ kind: 'reauthentication.succeeded', details: { method: 'passkey' } }, request);
      return { outcome: 'signed-in' };
    },

    async confirmationMethods(request) {
      const staffId = request.session?.staff.id;
      if (!staffId) return { password: false, passkey: false };
      const [member, passkeyCount] = await Promise.all([staffRepository.find({ id: staffId }), staffPasskeyRepository.countOf(staffId)]);
      return { password: member?.password !== undefined, passkey: passkeyCount > 0 };
    },
  };
}
