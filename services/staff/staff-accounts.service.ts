import { staffInvitationRepository, type StaffInvitation } from '../../models/staff-invitation.repository';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { staffRepository, type StaffMember } from '../../models/staff.repository';
import type { AuditCursor, AuditEvent } from '../../models/audit-event.repository';
import type { AuditEventKind } from '../../src/staff/audit-event-kind';
import type { AuditRecorder } from '../../src/staff/audit-log';
import {
  ConfirmationRequiredError,
  LAST_OWNER_MESSAGE,
  type InvitationState,
  type StaffAccountChange,
  type StaffAccounts,
  type StaffListing,
} from '../../src/staff/staff-accounts';
import { requirePermission, type StaffPermission } from '../../src/staff/staff-permissions';
import type { StaffMemberView, StaffRequest } from '../../src/staff/staff-request';
import type { StaffRole } from '../../src/staff/staff-role';
import type { Clock } from '../../src/time/clock';

/** What this service asks of the invitations service (services/staff/staff-invitations.service.ts). */
export interface InvitationsForAccounts {
  invite(
    input: { email: string; name: string; role: StaffRole },
    request: StaffRequest,
  ): Promise<{ kind: 'invited'; staffId: string; reinvited: boolean } | { kind: 'exists'; staffId: string; status: string }>;
  resetSignInMethods(staffId: string, request: StaffRequest): Promise<{ kind: 'reset' | 'not-found' | 'last-owner' | 'disabled' }>;
}

export interface StaffAccountsOptions {
  clock: Clock;
  audit: AuditRecorder & { list(filter: { staffId?: string; kind?: AuditEventKind; before?: AuditCursor }): Promise<{ events: AuditEvent[]; next: AuditCursor | null }> };
  /** Whether the request's session was confirmed ("confirm it's you") within the last 5 minutes. */
  isRecentlyConfirmed(request: StaffRequest): boolean;
  invitations: InvitationsForAccounts;
}

const NOT_FOUND: StaffAccountChange = { ok: false, status: 404, message: 'There is no staff account with this address.' };
const LAST_OWNER: StaffAccountChange = { ok: false, status: 409, message: LAST_OWNER_MESSAGE };
const DONE: StaffAccountChange = { ok: true };

const subjectOf = (member: Pick<StaffMember, 'id' | 'email'>) => ({ staffId: member.id, email: member.email });

function listingOf(member: StaffMember, invitation: InvitationState | undefined): StaffListing {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    status: member.status,
    createdAt: member.createdAt,
    ...(member.lastSignInAt ? { lastSignInAt: member.lastSignInAt } : {}),
    ...(member.disabledAt ? { disabledAt: member.disabledAt } : {}),
    invitation: invitation ?? null,
  };
}

/** Where an invitation stands for the owner's pages. */
function invitationStateOf(invitation: StaffInvitation, now: Date): InvitationState {
  const times = { createdAt: invitation.createdAt, ...(invitation.expiresAt ? { expiresAt: invitation.expiresAt } : {}) };
  if (invitation.acceptedAt) return { state: 'accepted', ...times };
  if (invitation.delivery?.status === 'pending') return { state: 'sending', ...times };
  if (invitation.delivery?.status === 'failed') return { state: 'failed', ...times };
  return { state: invitation.expiresAt && invitation.expiresAt > now ? 'sent' : 'expired', ...times };
}

/** Each person's newest invitation, by staff id (the staff are few: every kept invitation is read). */
async function newestInvitations(now: Date): Promise<Map<string, InvitationState>> {
  const newest = new Map<string, InvitationState>();
  for (const invitation of await staffInvitationRepository.list()) {
    if (!newest.has(invitation.staffId)) newest.set(invitation.staffId, invitationStateOf(invitation, now));
  }
  return newest;
}

const isActiveOwner = (member: StaffMember) => member.role === 'owner' && member.status === 'active';

/**
 * The owner's management of people (docs/decisions/011-staff-sign-in.md, flows 5–7). Without
 * transactions, each change writes in the order that leaves a safe state if it stops half-way: the
 * status first (every request reads it), then the sessions, then the rest. The last active owner
 * is protected twice: refused before the write, and a change that still left none (two owners
 * demoting each other at once) is undone and refused.
 */
export function createStaffAccounts(options: StaffAccountsOptions): StaffAccounts {
  const { clock, audit, invitations } = options;

  /** The signed-in actor, allowed this permission; otherwise `access.denied` is recorded and StaffForbiddenError raised. */
  async function authorize(request: StaffRequest, permission: StaffPermission): Promise<StaffMemberView> {
    const actor = request.session?.purpose === 'staff' ? request.session.staff : null;
    // The staff controller lets no request without a staff session reach an owner's page.
    if (!actor) throw new Error(`${permission} needs a signed-in staff member`);
    try {
      requirePermission(actor, permission);
    } catch (error) {
      await audit.record({ kind: 'access.denied', details: { permission } }, request);
      throw error;
    }
    return actor;
  }

  /** Allowed and confirmed within the last 5 minutes: what every change needs (ASVS 7.5.1). */
  async function authorizeChange(request: StaffRequest): Promise<StaffMemberView> {
    const actor = await authorize(request, 'manage-staff');
    if (!options.isRecentlyConfirmed(request)) throw new ConfirmationRequiredError();
    return actor;
  }

  /** Whether another active owner exists besides this one. */
  const anotherActiveOwner = async () => (await staffRepository.countActiveOwners()) > 1;
  const noActiveOwner = async () => (await staffRepository.countActiveOwners()) === 0;

  return {
    async list(request) {
      await authorize(request, 'manage-staff');
      const members = await staffRepository.list();
      const invitationsOf = await newestInvitations(clock());
      return members.map((member) => listingOf(member, invitationsOf.get(member.id)));
    },

    async person(staffId, request) {
      const actor = await authorize(request, 'manage-staff');
      const member = await staffRepository.findWithSecrets({ id: staffId });
      if (!member) return null;
      const now = clock();
      const [invitationsOf, passkeys, sessions] = await Promise.all([
        newestInvitations(now),
        staffPasskeyRepository.countOf(member.id),
        staffSessionRepository.listOf(member.id, now),
      ]);
      return {
        ...listingOf(member, invitationsOf.get(member.id)),
        passkeys,
        password: member.password !== undefined,
        authenticatorApp: member.totp !== undefined,
        sessions: sessions.length,
        self: member.id === actor.id,
      };
    },

    async changeRole(staffId, role, request) {
      await authorizeChange(request);
      const member = await staffRepository.find({ id: staffId });
      if (!member) return NOT_FOUND;
      if (member.role === role) return DONE;
      if (isActiveOwner(member) && !(await anotherActiveOwner())) return LAST_OWNER;
      await staffRepository.setRole(member.id, role);
      if (isActiveOwner(member) && (await noActiveOwner())) {
        await staffRepository.setRole(member.id, member.role);
        return LAST_OWNER;
      }
      await audit.record({ kind: 'staff.role-changed', subject: subjectOf(member), details: { from: member.role, to: role } }, request);
      return DONE;
    },

    async disable(staffId, request) {
      await authorizeChange(request);
      const member = await staffRepository.find({ id: staffId });
      if (!member) return NOT_FOUND;
      if (member.status === 'disabled') return { ok: false, status: 409, message: 'This account is disabled already.' };
      if (isActiveOwner(member) && !(await anotherActiveOwner())) return LAST_OWNER;
      const now = clock();
      if (!(await staffRepository.setStatus(member.id, 'disabled', { now, from: member.status }))) {
        return { ok: false, status: 409, message: 'The account changed meanwhile. Look at it again and retry.' };
      }
      if (isActiveOwner(member) && (await noActiveOwner())) {
        await staffRepository.setStatus(member.id, 'active', { now, from: 'disabled' });
        return LAST_OWNER;
      }
      // The status is written: from here on every request of this account is signed out, whatever follows.
      const ended = await staffSessionRepository.deleteAllOf(member.id);
      await staffInvitationRepository.deleteAllOf(member.id);
      await audit.record({ kind: 'staff.disabled', subject: subjectOf(member) }, request);
      await audit.record({ kind: 'session.ended', subject: subjectOf(member), details: { reason: 'disabled', count: ended } }, request);
      return DONE;
    },

    async enable(staffId, request) {
      await authorizeChange(request);
      const member = await staffRepository.find({ id: staffId });
      if (!member) return NOT_FOUND;
      if (member.status !== 'disabled') return { ok: false, status: 409, message: 'This account is not disabled.' };
      // An account disabled before it finished enrolling has no sign-in method: it is invited again, and needs a new invitation.
      const status = member.activatedAt ? 'active' : 'invited';
      if (!(await staffRepository.setStatus(member.id, status, { now: clock(), from: 'disabled' }))) {
        return { ok: false, status: 409, message: 'The account changed meanwhile. Look at it again and retry.' };
      }
      await audit.record({ kind: 'staff.enabled', subject: subjectOf(member), details: { status } }, request);
      return DONE;
    },

    async resetSignInMethods(staffId, request) {
      await authorizeChange(request);
      const outcome = await invitations.resetSignInMethods(staffId, request);
      if (outcome.kind === 'not-found') return NOT_FOUND;
      if (outcome.kind === 'last-owner') return LAST_OWNER;
      if (outcome.kind === 'disabled') return { ok: false, status: 409, message: 'This account is disabled. Enable it first, then reset its sign-in methods.' };
      return DONE;
    },

    async endSessionsOf(staffId, request) {
      await authorizeChange(request);
      const member = await staffRepository.find({ id: staffId });
      if (!member) return 0;
      const ended = await staffSessionRepository.deleteAllOf(member.id);
      await audit.record({ kind: 'session.ended', subject: subjectOf(member), details: { reason: 'owner', count: ended } }, request);
      return ended;
    },

    async endEveryonesSessions(request) {
      const actor = await authorizeChange(request);
      const session = request.session!;
      let ended = 0;
      for (const member of await staffRepository.list()) {
        ended += member.id === actor.id ? await staffSessionRepository.deleteOthersOf(member.id, session.id) : await staffSessionRepository.deleteAllOf(member.id);
      }
      await audit.record({ kind: 'session.ended', details: { reason: 'owner', count: ended, everyone: true } }, request);
      return ended;
    },

    async invite(input, request) {
      await authorizeChange(request);
      const outcome = await invitations.invite(input, request);
      if (outcome.kind === 'exists') {
        return {
          ok: false,
          status: 409,
          staffId: outcome.staffId,
          message: 'This e-mail already has an account. Open it to enable it or to reset its sign-in methods.',
        };
      }
      return { ok: true, staffId: outcome.staffId };
    },

    async auditLog(filter, request) {
      await authorize(request, 'read-audit-log');
      return audit.list(filter);
    },
  };
}
