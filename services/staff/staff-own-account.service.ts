import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import { staffRepository, type StaffMemberWithSecrets } from '../../models/staff.repository';
import type { AuditRecorder } from '../../src/staff/audit-log';
import { authenticatorAppEnrolment, createAuthenticatorSecret, verifyAuthenticatorCode } from '../../src/staff/authenticator-app.server';
import { checkNewPassword } from '../../src/staff/check-new-password.server';
import type { PasswordContext } from '../../src/staff/password-context-words.server';
import { hashPassword, verifyPassword } from '../../src/staff/password-hash.server';
import type { PasskeyCeremonies } from '../../src/staff/passkey-options.server';
import { createRecoveryCodes } from '../../src/staff/recovery-codes.server';
import { hashSecretToken } from '../../src/staff/secret-token.server';
import { ConfirmationRequiredError } from '../../src/staff/staff-accounts';
import { PASSKEY_NAME_MAX_LENGTH, type OwnAccountChange, type StaffOwnAccount } from '../../src/staff/staff-own-account';
import type { StaffRequest } from '../../src/staff/staff-request';
import type { Clock } from '../../src/time/clock';
import { passkeyRegistrationOptions } from './passkey-registration';
import { defaultPasskeyName } from './staff-enrolment.service';

export interface StaffOwnAccountOptions {
  clock: Clock;
  audit: AuditRecorder;
  passkeys: PasskeyCeremonies;
  /** The business's names: the password's context words and the authenticator app's issuer. */
  business: PasswordContext['business'];
  /** Whether the request's session was confirmed ("confirm it's you") within the last 5 minutes. */
  isRecentlyConfirmed(request: StaffRequest): boolean;
  /** Ends the person's other sessions (after a password change, when they ask). */
  endOthers(request: StaffRequest): Promise<number>;
}

const DONE: OwnAccountChange = { ok: true };
const refused = (message: string): OwnAccountChange => ({ ok: false, message });

/**
 * The signed-in person's own sign-in methods (docs/decisions/011-staff-sign-in.md, flows 4 and 8).
 * Each change acts only on the session's own account (a passkey is named by the person and its id
 * together), needs a recent confirmation, and keeps at least one complete sign-in method: a passkey,
 * or a password with an authenticator app.
 */
export function createStaffOwnAccount(options: StaffOwnAccountOptions): StaffOwnAccount {
  const { clock, audit, passkeys, business } = options;

  /** The signed-in person with their secrets, for a read. */
  async function signedIn(request: StaffRequest): Promise<StaffMemberWithSecrets> {
    const session = request.session;
    // The staff controller lets no request without a staff session reach /staff/account.
    if (!session || session.purpose !== 'staff') throw new Error('the account page needs a signed-in staff member');
    const member = await staffRepository.findWithSecrets({ id: session.staff.id });
    if (!member) throw new Error('the signed-in staff member vanished');
    return member;
  }

  /** The signed-in person, confirmed within the last 5 minutes: what every change needs (ASVS 7.5.1). */
  async function confirmed(request: StaffRequest): Promise<StaffMemberWithSecrets> {
    const member = await signedIn(request);
    if (!options.isRecentlyConfirmed(request)) throw new ConfirmationRequiredError();
    return member;
  }

  const subjectOf = (member: { id: string; email: string }) => ({ staffId: member.id, email: member.email });

  return {
    async overview(request) {
      const member = await signedIn(request);
      const own = await staffPasskeyRepository.listOf(member.id);
      return {
        passkeys: own.map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          createdAt: passkey.createdAt,
          ...(passkey.lastUsedAt ? { lastUsedAt: passkey.lastUsedAt } : {}),
        })),
        password: member.password !== undefined,
        ...(member.password ? { passwordChangedAt: member.password.changedAt } : {}),
        authenticatorApp: member.totp !== undefined,
        recoveryCodesLeft: member.recoveryCodes ? member.recoveryCodes.tags.length : null,
        authenticatorAppPending: member.totpPending !== undefined,
      };
    },

    async renamePasskey(passkeyId, name, request) {
      const member = await confirmed(request);
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > PASSKEY_NAME_MAX_LENGTH) return refused(`Give the passkey a name of 1 to ${PASSKEY_NAME_MAX_LENGTH} characters.`);
      if (!(await staffPasskeyRepository.rename(member.id, passkeyId, trimmed))) return refused('That passkey is not one of yours any more. Reload the page.');
      await audit.record({ kind: 'passkey.renamed', subject: subjectOf(member) }, request);
      return DONE;
    },

    async removePasskey(passkeyId, request) {
      const member = await confirmed(request);
      const own = await staffPasskeyRepository.listOf(member.id);
      const passkey = own.find((each) => each.id === passkeyId);
      if (!passkey) return refused('That passkey is not one of yours any more. Reload the page.');
      if (own.length === 1 && !(member.password && member.totp)) {
        return refused('This is your only way to sign in. Add another passkey, or a password with an authenticator app, before removing it.');
      }
      if (!(await staffPasskeyRepository.remove(member.id, passkeyId))) return refused('That passkey is not one of yours any more. Reload the page.');
      await audit.record({ kind: 'passkey.removed', subject: subjectOf(member), details: { passkeyName: passkey.name } }, request);
      return DONE;
    },

    async passkeyRegistrationOptions(request) {
      return passkeyRegistrationOptions(await confirmed(request), request.session!.id, { passkeys, clock });
    },

    async addPasskey(response, request) {
      const member = await confirmed(request);
      const sessionId = request.session!.id;
      let parsed: unknown;
      try {
        parsed = JSON.parse(response);
      } catch {
        return refused('The passkey could not be added. Try again.');
      }
      const registered = await passkeys.verifyRegistration({
        response: parsed,
        expectedChallenge: (challenge) =>
          passkeyChallengeRepository.take({ challengeHash: hashSecretToken(challenge), purpose: 'registration', sessionId, now: clock() }),
      });
      if (!registered) return refused('The passkey could not be added. Try again, and confirm with your face, fingerprint or screen lock when asked.');
      const now = clock();
      const name = defaultPasskeyName(now);
      if (!(await staffPasskeyRepository.add({ staffId: member.id, ...registered, name, now }))) return refused('This passkey is already added.');
      await audit.record({ kind: 'passkey.added', subject: subjectOf(member), details: { passkeyName: name } }, request);
      return DONE;
    },

    async changePassword({ current, next, endOtherSessions }, request) {
      const member = await confirmed(request);
      if (!member.password || !member.totp) return refused('Your account signs in with passkeys only; it has no password to change.');
      if (!(await verifyPassword(current, member.password.hash))) return refused('Your current password does not match.');
      const check = checkNewPassword(next, { business, person: { email: member.email, name: member.name } });
      if (!check.ok) return refused(check.message);
      await staffRepository.setPassword(member.id, { hash: await hashPassword(next), now: clock() });
      await audit.record({ kind: 'password.changed', subject: subjectOf(member) }, request);
      if (endOtherSessions) await options.endOthers(request);
      return DONE;
    },

    async startAuthenticatorApp(request) {
      const member = await confirmed(request);
      if (!member.password || !member.totp) return refused('Your account signs in with passkeys only; it has no authenticator app to replace.');
      await staffRepository.setTotpPending(member.id, { secret: createAuthenticatorSecret(), now: clock() });
      return DONE;
    },

    async authenticatorAppSetup(request) {
      const member = await signedIn(request);
      if (!member.totpPending) return null;
      return authenticatorAppEnrolment({ secret: member.totpPending.secret, issuer: business.name, accountName: member.email });
    },

    async replaceAuthenticatorApp(code, request) {
      const member = await confirmed(request);
      const pending = member.totpPending;
      if (!pending) return refused('Start replacing the authenticator app again.');
      const now = clock();
      const step = verifyAuthenticatorCode({ secret: pending.secret, code, now });
      if (step === null) return refused('That code does not match. Type the 6 digits the new app shows now for this account.');
      if (!(await staffRepository.enrolTotp(member.id, { secret: pending.secret, step, now }))) {
        return refused('The key changed meanwhile (replacing was started again elsewhere). Add the key shown now.');
      }
      await audit.record({ kind: 'authenticator-app.replaced', subject: subjectOf(member) }, request);
      return DONE;
    },

    async newRecoveryCodes(request) {
      const member = await confirmed(request);
      if (!member.password || !member.totp) return null;
      const { codes, salt, tags } = await createRecoveryCodes();
      await staffRepository.setRecoveryCodes(member.id, { salt, tags, now: clock() });
      await audit.record({ kind: 'recovery-codes.created', subject: subjectOf(member) }, request);
      return codes;
    },
  };
}
