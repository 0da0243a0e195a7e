import { randomBytes, randomUUID } from 'node:crypto';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { staffRepository } from '../../models/staff.repository';
import type { StaffRole } from '../../src/staff/staff-role';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/staff/staff-timing';

/** A signed-in browser for a test: the cookie to send (plain http: no `__Host-` prefix) and the session's id. */
export interface TestStaffSession {
  /** `staff-session=<token>`, for a Cookie header. */
  cookie: string;
  id: string;
}

/**
 * Opens a staff session for an account straight through the repository, as a sign-in leaves one
 * (signed in and confirmed at `now`), so a test of the owner's pages does not go through the sign-in
 * form. Only the token's hash is stored, as the sessions service stores it.
 */
export async function openStaffSession(staffId: string, now: Date, client: { address?: string; userAgent?: string } = {}): Promise<TestStaffSession> {
  const token = createSecretToken();
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const session = await staffSessionRepository.create({
    tokenHash: hashSecretToken(token),
    staffId,
    purpose: 'staff',
    signedInWith: 'password+code',
    now,
    absoluteExpiresAt,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    address: client.address ?? '192.0.2.10',
    userAgent: client.userAgent ?? 'Mozilla/5.0 (test)',
  });
  return { cookie: `staff-session=${token}`, id: session.id };
}

/** The masked form token a staff page carries in its forms' hidden field. */
export function pageFormToken(html: string): string {
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('the page carries no form token');
  return match[1]!;
}

/**
 * An active account made straight through the repository, without sign-in methods (no argon2 work):
 * enough for pages that only need a signed-in person, with openStaffSession. Tests of signing in use
 * test/support/staff-accounts.ts, whose accounts have a password and an authenticator app.
 */
export async function createActiveStaff({ role, now, name }: { role: StaffRole; now: Date; name?: string }) {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.org`;
  const member = await staffRepository.createInvited({ email, name: name ?? `Test ${role}`, role, webAuthnUserId: randomBytes(16), invitedBy: { operator: true }, now });
  if (!member) throw new Error(`a staff account for ${email} exists already`);
  await staffRepository.setStatus(member.id, 'active', { now });
  return { id: member.id, email, name: member.name, role };
}
