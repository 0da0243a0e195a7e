import { randomBytes } from 'node:crypto';
import { staffInvitationRepository } from '../../models/staff-invitation.repository';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { staffRepository, type StaffInviter, type StaffMember } from '../../models/staff.repository';
import type { StaffStatus } from '../../models/staff.model';
import type { AuditEntry, AuditRecorder } from '../../src/staff/audit-log';
import { requirePermission } from '../../src/staff/staff-permissions';
import type { StaffRequest } from '../../src/staff/staff-request';
import type { StaffRole } from '../../src/staff/staff-role';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import { INVITATION_VALID_MS } from '../../src/staff/staff-timing';
import type { Clock } from '../../src/time/clock';

/** Whom to invite, as the owner's form or the operator's command gives it (already parsed). */
export interface InvitationInput {
  email: string;
  name: string;
  role: StaffRole;
}

/** What an owner's invitation did: a new account, or a new invitation for a person not yet enrolled. */
export type OwnerInviteOutcome =
  | { kind: 'invited'; staffId: string; reinvited: boolean }
  /** An enrolled (active or disabled) account has this e-mail: resetting its sign-in methods is the way. */
  | { kind: 'exists'; staffId: string; status: StaffStatus };

export type ResetOutcome = { kind: 'reset' } | { kind: 'not-found' } | { kind: 'last-owner' } | { kind: 'disabled' };

/** What the operator's command did, with the link to hand over. */
export type OperatorInviteOutcome =
  { kind: 'invited' | 'reset'; link: string; expiresAt: Date } | { kind: 'exists'; status: StaffStatus } | { kind: 'role-differs'; role: StaffRole };

export interface StaffInvitationsService {
  /**
   * An owner invites a person (their confirmation is the page's to ask for): the invited account and
   * an invitation that the outbox e-mails, replacing any earlier invitation of that person.
   */
  invite(input: InvitationInput, request: StaffRequest): Promise<OwnerInviteOutcome>;
  /**
   * An owner resets a person's sign-in methods (a lost phone; decision 011, flow 7): back to
   * `invited` with none, passkeys and sessions deleted, and a new invitation e-mailed. Never the last
   * active owner, who only the operator's command can reset.
   */
  resetSignInMethods(staffId: string, request: StaffRequest): Promise<ResetOutcome>;
  /** `npm run staff:invite`: the same, by the operator, with the link made at once and handed back instead of e-mailed. */
  inviteByOperator(input: Omit<InvitationInput, 'name'> & { name?: string; resetFactors: boolean }): Promise<OperatorInviteOutcome>;
}

export interface StaffInvitationsOptions {
  clock: Clock;
  audit: AuditRecorder & { recordOperator(entry: AuditEntry): Promise<void> };
  /** PUBLIC_ORIGIN, for the operator's link. */
  origin: string;
}

/** The address an invitation token opens: the only place the raw token ever is, besides the e-mail. */
export function invitationLink(origin: string, token: string): string {
  return new URL(`/staff/invitation?token=${encodeURIComponent(token)}`, origin).href;
}

const subjectOf = (member: StaffMember) => ({ staffId: member.id, email: member.email });

/**
 * Invitations (docs/decisions/011-staff-sign-in.md, flows 1 and 7). An owner's invitation is stored
 * with a pending e-mail and no token: the outbox makes the token when it sends (so no raw token is
 * ever stored). The operator's command makes it at once and prints the link. A new invitation of a
 * person replaces their earlier ones, so only the newest link works. Each write stands alone (no
 * transactions): the account first, then the invitation, so a stop half-way leaves an invited account
 * that a second invitation completes.
 */
export function createStaffInvitations({ clock, audit, origin }: StaffInvitationsOptions): StaffInvitationsService {
  /** Removes every sign-in method and session of an account, which is `invited` again from the first write on. */
  async function removeSignInMethods(member: StaffMember): Promise<void> {
    await staffRepository.resetSignInMethods(member.id);
    await staffPasskeyRepository.removeAllOf(member.id);
    await staffSessionRepository.deleteAllOf(member.id);
  }

  /** A new invitation for the member, to be e-mailed by the outbox, replacing earlier ones. */
  async function mailedInvitation(member: StaffMember, invitedBy: StaffInviter): Promise<void> {
    const now = clock();
    const invitation = await staffInvitationRepository.createForDelivery({ staffId: member.id, email: member.email, role: member.role, invitedBy, now });
    await staffInvitationRepository.deleteOthersOf(member.id, invitation.id);
  }

  /** A new invitation with its link made now (the operator's), replacing earlier ones. */
  async function linkedInvitation(member: StaffMember): Promise<{ link: string; expiresAt: Date }> {
    const now = clock();
    const token = createSecretToken();
    const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS);
    const invitation = await staffInvitationRepository.createWithLink({
      staffId: member.id,
      email: member.email,
      role: member.role,
      invitedBy: { operator: true },
      now,
      tokenHash: hashSecretToken(token),
      expiresAt,
    });
    await staffInvitationRepository.deleteOthersOf(member.id, invitation.id);
    return { link: invitationLink(origin, token), expiresAt };
  }

  return {
    async invite(input, request) {
      const actor = request.session?.staff;
      if (!actor || request.session?.purpose !== 'staff') throw new Error('an invitation needs a signed-in owner');
      requirePermission(actor, 'manage-staff');
      let member = await staffRepository.createInvited({ ...input, webAuthnUserId: randomBytes(16), invitedBy: { staffId: actor.id }, now: clock() });
      const reinvited = member === null;
      member ??= await staffRepository.find({ email: input.email });
      if (!member) throw new Error('the invited account vanished while being invited');
      if (member.status !== 'invited') return { kind: 'exists', staffId: member.id, status: member.status };
      await mailedInvitation(member, { staffId: actor.id });
      await audit.record({ kind: 'invitation.created', subject: subjectOf(member), details: { role: member.role, ...(reinvited ? { reinvited: true } : {}) } }, request);
      return { kind: 'invited', staffId: member.id, reinvited };
    },

    async resetSignInMethods(staffId, request) {
      const actor = request.session?.staff;
      if (!actor || request.session?.purpose !== 'staff') throw new Error('a reset needs a signed-in owner');
      requirePermission(actor, 'manage-staff');
      const member = await staffRepository.find({ id: staffId });
      if (!member) return { kind: 'not-found' };
      if (member.status === 'disabled') return { kind: 'disabled' };
      if (member.role === 'owner' && member.status === 'active' && (await staffRepository.countActiveOwners()) <= 1) return { kind: 'last-owner' };
      await removeSignInMethods(member);
      await audit.record({ kind: 'staff.sign-in-methods-reset', subject: subjectOf(member) }, request);
      await mailedInvitation(member, { staffId: actor.id });
      await audit.record({ kind: 'invitation.created', subject: subjectOf(member), details: { role: member.role } }, request);
      return { kind: 'reset' };
    },

    async inviteByOperator({ email, role, name, resetFactors }) {
      const created = await staffRepository.createInvited({
        email,
        // The operator may leave the name out: the e-mail's local part stands in until the person is renamed.
        name: name ?? email.slice(0, email.lastIndexOf('@')).slice(0, 100),
        role,
        webAuthnUserId: randomBytes(16),
        invitedBy: { operator: true },
        now: clock(),
      });
      const member = created ?? (await staffRepository.find({ email }));
      if (!member) throw new Error('the invited account vanished while being invited');
      if (!created) {
        if (!resetFactors) return { kind: 'exists', status: member.status };
        if (member.role !== role) return { kind: 'role-differs', role: member.role };
        await removeSignInMethods(member);
        await audit.recordOperator({ kind: 'staff.sign-in-methods-reset', subject: subjectOf(member) });
      }
      const link = await linkedInvitation(member);
      await audit.recordOperator({ kind: 'invitation.created', subject: subjectOf(member), details: { role: member.role } });
      return { kind: created ? 'invited' : 'reset', ...link };
    },
  };
}
