import { randomBytes, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { staffRepository, type StaffMember } from '../../models/staff.repository';
import { authenticatorStep, createAuthenticatorSecret } from '../../src/staff/authenticator-app.server';
import { hashPassword } from '../../src/staff/password-hash.server';
import { createRecoveryCodes } from '../../src/staff/recovery-codes.server';
import type { StaffRole } from '../../src/staff/staff-role';

/** An active staff account made for a test, with what it takes to sign in as them. */
export interface TestStaffAccount {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The password as typed (only its argon2id hash is stored). */
  password: string;
  /** The authenticator app's seed (base32), to make codes with `code()`. */
  totpSecret: string;
  /** The ten recovery codes as shown to the person (xxxx-xxxx-xxxx); only their tags are stored. */
  recoveryCodes: string[];
  /** The authenticator app's code at a time (the site's clock's now, usually). */
  code(at: Date): string;
  /** The account as the repository reads it now. */
  reload(): Promise<StaffMember | null>;
}

export interface TestStaffAccountOptions {
  role?: StaffRole;
  email?: string;
  name?: string;
  password?: string;
  /** The time written as created and activated (the site's clock, usually). */
  now?: Date;
  /** `active` unless said otherwise: `invited` or `disabled` accounts must not sign in. */
  status?: 'active' | 'invited' | 'disabled';
}

/** The code an authenticator app shows for a seed at a time: RFC 6238 with the site's settings, made by otpauth. */
export function authenticatorCode(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/**
 * Makes a staff account through the repository and the secret primitives, as enrolment leaves one:
 * a password (argon2id), an authenticator app (no code used yet) and ten recovery codes, status
 * `active`. The test database must be connected (a test app, or startTestDatabase).
 */
export async function createTestStaffAccount(options: TestStaffAccountOptions = {}): Promise<TestStaffAccount> {
  const now = options.now ?? new Date();
  const email = options.email ?? `staff-${randomUUID().slice(0, 8)}@example.org`;
  const name = options.name ?? 'Test Staff';
  const role = options.role ?? 'owner';
  const password = options.password ?? `correct horse ${randomUUID()}`;
  const member = await staffRepository.createInvited({ email, name, role, webAuthnUserId: randomBytes(16), invitedBy: { operator: true }, now });
  if (!member) throw new Error(`a staff account for ${email} exists already`);
  await staffRepository.setPassword(member.id, { hash: await hashPassword(password), now });
  const totpSecret = createAuthenticatorSecret();
  await staffRepository.setTotpPending(member.id, { secret: totpSecret, now });
  // As if enrolled long ago: every code from now on is unused.
  await staffRepository.enrolTotp(member.id, { secret: totpSecret, step: authenticatorStep(now) - 100, now });
  const recovery = await createRecoveryCodes();
  await staffRepository.setRecoveryCodes(member.id, { salt: recovery.salt, tags: recovery.tags, now });
  const status = options.status ?? 'active';
  if (status !== 'invited') await staffRepository.setStatus(member.id, 'active', { now });
  if (status === 'disabled') await staffRepository.setStatus(member.id, 'disabled', { now });
  return {
    id: member.id,
    email: member.email,
    name,
    role,
    password,
    totpSecret,
    recoveryCodes: recovery.codes,
    code: (at) => authenticatorCode(totpSecret, at),
    reload: () => staffRepository.find({ id: member.id }),
  };
}
