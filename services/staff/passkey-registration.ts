import { passkeyChallengeRepository } from '../../models/passkey-challenge.repository';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import type { StaffMember } from '../../models/staff.repository';
import type { PasskeyCeremonies } from '../../src/staff/passkey-options.server';
import { hashSecretToken } from '../../src/staff/secret-token.server';
import { PASSKEY_CHALLENGE_MS } from '../../src/staff/staff-timing';
import type { Clock } from '../../src/time/clock';

/**
 * The options for adding a passkey to a staff member (while enrolling, or on their account page):
 * their existing passkeys excluded, and the challenge kept (by its hash, 5 minutes) for this session
 * only, so that the answer is accepted once and from this browser.
 */
export async function passkeyRegistrationOptions(member: StaffMember, sessionId: string, { passkeys, clock }: { passkeys: PasskeyCeremonies; clock: Clock }) {
  const existing = await staffPasskeyRepository.listOf(member.id);
  const registration = await passkeys.generateRegistration({
    webAuthnUserId: member.webAuthnUserId,
    email: member.email,
    name: member.name,
    existingPasskeys: existing.map(({ credentialId, transports }) => ({ credentialId, transports })),
  });
  await passkeyChallengeRepository.store({
    challengeHash: hashSecretToken(registration.challenge),
    purpose: 'registration',
    sessionId,
    expiresAt: new Date(clock().getTime() + PASSKEY_CHALLENGE_MS),
  });
  return registration;
}
