import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { staffInvitationRepository } from '../../models/staff-invitation.repository';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import { staffRepository, type StaffMemberWithSecrets } from '../../models/staff.repository';
import { BUSINESS_TIME_ZONE } from '../../src/business/business-time';
import type { AuditRecorder } from '../../src/staff/audit-log';
import { authenticatorAppEnrolment, createAuthenticatorSecret, verifyAuthenticatorCode } from '../../src/staff/authenticator-app.server';
import { checkNewPassword } from '../../src/staff/check-new-password.server';
import type { PasswordContext } from '../../src/staff/password-context-words.server';
import { hashPassword } from '../../src/staff/password-hash.server';
import type { PasskeyCeremonies } from '../../src/staff/passkey-options.server';
import { createRecoveryCodes } from '../../src/staff/recovery-codes.server';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import type { EnrolmentProgress, StaffEnrolment } from '../../src/staff/staff-enrolment';
import type { StaffRequest } from '../../src/staff/staff-request';
import type { Clock } from '../../src/time/clock';
import { passkeyRegistrationOptions } from './passkey-registration';
import { addressKey, signInThrottle } from './sign-in-throttle.service';
import type { StaffSessionsService } from './staff-sessions.service';

export interface StaffEnrolmentOptions {
  clock: Clock;
  sessions: Pick<StaffSessionsService, 'start'>;
  audit: AuditRecorder;
  passkeys: PasskeyCeremonies;
  /** The business's names, for the password's context words and the authenticator app's issuer. */
  business: PasswordContext['business'];
}

/** Raised when an enrolment step is asked for outside an enrolment session (the controller lets none through). */
export class NotEnrollingError extends Error {
  readonly status = 403;
  readonly publicMessage = 'Open your invitation link first.';

  constructor() {
    super('an enrolment step without an enrolment session');
    this.name = 'NotEnrollingError';
  }
}

const passkeyDate = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });

/** A new passkey's name until its owner renames it: "Passkey added 26 Nov 2026". */
export function defaultPasskeyName(now: Date): string {
  return `Passkey added ${passkeyDate.format(now)}`;
}

function progressOf(member: StaffMemberWithSecrets, passkeys: number): EnrolmentProgress {
  const password = member.password !== undefined;
  const authenticatorApp = member.totp !== undefined;
  const recoveryCodes = member.recoveryCodes !== undefined;
  return {
    email: member.email,
    name: member.name,
    passkeys,
    password,
    authenticatorApp,
    recoveryCodes,
    // Recovery codes belong with the password path: finishing without them would leave a lost phone no way back but an owner.
    complete: passkeys > 0 || (password && authenticatorApp && recoveryCodes),
  };
}

/**
 * Accepting an invitation and setting up the sign-in methods (docs/decisions/011-staff-sign-in.md,
 * flow 2). The invitation link is looked up by its token's hash and used once by one conditional
 * update; each later step acts on the enrolment session's own account, which stays `invited` (and
 * so unable to sign in) until one complete method exists. Finishing writes the status first, then
 * replaces the enrolment session with a staff session, so a stop half-way leaves a safe state.
 */
export function createStaffEnrolment(options: StaffEnrolmentOptions): StaffEnrolment {
  const { clock, sessions, audit, passkeys, business } = options;

  /** An unknown, used or expired link counts against the address it was opened from, like a failed sign-in. */
  async function refuseLink(request: StaffRequest, now: Date): Promise<{ kind: 'not-found' }> {
    await signInThrottle.recordFailure([addressKey(request.client.address)], now);
    await audit.record({ kind: 'invitation.refused', details: { reason: 'unknown-used-or-expired' } }, request);
    return { kind: 'not-found' };
  }

  /** Too many such links from this address lately, or null. */
  async function throttled(request: StaffRequest, now: Date): Promise<{ kind: 'throttled'; retryAfterSeconds: number } | null> {
    const verdict = await signInThrottle.check([addressKey(request.client.address)], now);
    return verdict.ok ? null : { kind: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
  }

  /** The enrolling person, with what enrolment checks. */
  async function enrolling(request: StaffRequest): Promise<StaffMemberWithSecrets> {
    const session = request.session;
    if (!session || session.purpose !== 'enrolment') throw new NotEnrollingError();
    const member = await staffRepository.findWithSecrets({ id: session.staff.id });
    if (!member || member.status !== 'invited') throw new NotEnrollingError();
    return member;
  }

  const subjectOf = (member: { id: string; email: string }) => ({ staffId: member.id, email: member.email });

  return {
    async findInvitation(token, request) {
      const now = clock();
      const refused = await throttled(request, now);
      if (refused) return refused;
      const invitation = await staffInvitationRepository.findUsable(hashSecretToken(token), now);
      const member = invitation ? await staffRepository.find({ id: invitation.staffId }) : null;
      if (!invitation || !member || member.status !== 'invited') return refuseLink(request, now);
      return { kind: 'found', invitation: { email: member.email, name: member.name, role: member.role, expiresAt: invitation.expiresAt } };
    },

    async acceptInvitation(token, request) {
      const now = clock();
      const refused = await throttled(request, now);
      if (refused) return refused;
      const invitation = await staffInvitationRepository.accept(hashSecretToken(token), now);
      const member = invitation ? await staffRepository.find({ id: invitation.staffId }) : null;
      if (!invitation || !member || member.status !== 'invited') return refuseLink(request, now);
      await sessions.start(member.id, 'enrolment', 'invitation', request);
      await audit.record({ kind: 'invitation.accepted', subject: subjectOf(member) }, request);
      return { kind: 'accepted' };
    },

    async progress(request) {
      const member = await enrolling(request);
      return progressOf(member, await staffPasskeyRepository.countOf(member.id));
    },

    async setPassword(password, request) {
      const member = await enrolling(request);
      const check = checkNewPassword(password, { business, person: { email: member.email, name: member.name } });
      if (!check.ok) return { ok: false, message: check.message };
      const now = clock();
      await staffRepository.setPassword(member.id, { hash: await hashPassword(password), now });
      await audit.record({ kind: 'password.set', subject: subjectOf(member) }, request);
      // The password alone signs nobody in: the authenticator app is set up next.
      if (!member.totp) await staffRepository.setTotpPending(member.id, { secret: createAuthenticatorSecret(), now });
      return { ok: true };
    },

    async startAuthenticatorApp(request) {
      const member = await enrolling(request);
      await staffRepository.setTotpPending(member.id, { secret: createAuthenticatorSecret(), now: clock() });
    },

    async authenticatorAppSetup(request) {
      const member = await enrolling(request);
      if (!member.totpPending) return null;
      return authenticatorAppEnrolment({ secret: member.totpPending.secret, issuer: business.name, accountName: member.email });
    },

    async confirmAuthenticatorApp(code, request) {
      const member = await enrolling(request);
      if (!member.password) return { ok: false, message: 'Choose your password first.' };
      const pending = member.totpPending;
      if (!pending) return { ok: false, message: 'Start setting up the authenticator app again.' };
      const now = clock();
      const step = verifyAuthenticatorCode({ secret: pending.secret, code, now });
      if (step === null) return { ok: false, message: 'That code does not match. Type the 6 digits the app shows now for this account.' };
      if (!(await staffRepository.enrolTotp(member.id, { secret: pending.secret, step, now }))) {
        return { ok: false, message: 'The key changed meanwhile (the set-up was started again elsewhere). Add the key shown now.' };
      }
      await audit.record({ kind: 'authenticator-app.enrolled', subject: subjectOf(member) }, request);
      return { ok: true };
    },

    async createRecoveryCodes(request) {
      const member = await enrolling(request);
      if (!member.password || !member.totp || member.recoveryCodes) return null;
      const { codes, salt, tags } = await createRecoveryCodes();
      await staffRepository.setRecoveryCodes(member.id, { salt, tags, now: clock() });
      await audit.record({ kind: 'recovery-codes.created', subject: subjectOf(member) }, request);
      return codes;
    },

    async passkeyRegistrationOptions(request) {
      return passkeyRegistrationOptions(await enrolling(request), request.session!.id, { passkeys, clock });
    },

    async addPasskey(response, request) {
      const member = await enrolling(request);
      const sessionId = request.session!.id;
      const registered = await passkeys.verifyRegistration({
        response,
        expectedChallenge: (challenge) =>
          passkeyChallengeRepository.take({ challengeHash: hashSecretToken(challenge), purpose: 'registration', sessionId, now: clock() }),
      });
      if (!registered) return { ok: false, message: 'The passkey could not be added. Try again, and confirm with your face, fingerprint or screen lock when asked.' };
      const now = clock();
      const name = defaultPasskeyName(now);
      const stored = await staffPasskeyRepository.add({ staffId: member.id, ...registered, name, now });
      if (!stored) return { ok: false, message: 'This passkey is already added.' };
      await audit.record({ kind: 'passkey.added', subject: subjectOf(member), details: { passkeyName: name } }, request);
      return { ok: true };
    },

    async complete(request) {
      const member = await enrolling(request);
      const passkeyCount = await staffPasskeyRepository.countOf(member.id);
      if (!progressOf(member, passkeyCount).complete) return false;
      const now = clock();
      // The status first: every request reads it, so the account is usable only once this is written.
      if (!(await staffRepository.setStatus(member.id, 'active', { now, from: 'invited' }))) return false;
      const method = member.password && member.totp ? 'password+code' : 'passkey';
      await sessions.start(member.id, 'staff', method, request);
      const browserToken = createSecretToken();
      await staffRepository.rememberBrowser(member.id, { tokenHash: hashSecretToken(browserToken), now });
      request.cookies.knownBrowser = browserToken;
      await staffRepository.recordSignIn(member.id, now);
      await audit.record({ kind: 'enrolment.completed', subject: subjectOf(member), details: { method } }, request);
      return true;
    },
  };
}
