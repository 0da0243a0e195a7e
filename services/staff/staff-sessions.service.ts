import { staffSessionRepository } from '../../models/staff-session.repository';
import { staffRepository, type StaffMember } from '../../models/staff.repository';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import type { SessionListing, StaffSessions } from '../../src/staff/staff-sessions';
import type { SignInMethod, StaffClient, StaffMemberView, StaffRequest, StaffSessionView } from '../../src/staff/staff-request';
import { CONFIRMATION_VALID_MS, ENROLMENT_SESSION_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSIONS_PER_ACCOUNT } from '../../src/staff/staff-timing';
import type { Clock } from '../../src/time/clock';

/** What the sessions service writes to the audit log; the audit log service does the writing. */
export type SessionEvent = { kind: 'sign-out' } | { kind: 'session.ended'; reason: 'others' | 'limit'; count: number };

export interface StaffSessionsService extends StaffSessions {
  /**
   * The session a cookie's token names, when it is live and its staff member may use it (`active`
   * for a staff session, `invited` while enrolling); its idle expiry moves on (at most once a
   * minute). Null otherwise: the request is treated as signed out.
   */
  resolve(sessionToken: string, client: StaffClient): Promise<StaffSessionView | null>;
  /**
   * A new session for a person who has just signed in, finished enrolment or accepted an invitation:
   * the session the browser presented (if any) is ended first, a new token is made (ASVS 7.2.4) and
   * put on the request's cookie changes, and beyond SESSIONS_PER_ACCOUNT the least recently seen end.
   */
  start(staffId: string, purpose: 'staff' | 'enrolment', signedInWith: SignInMethod, request: StaffRequest): Promise<void>;
  /** After a confirmation: the same session, a new token (the old cookie stops working) and `reauthenticatedAt` now. */
  confirm(request: StaffRequest): Promise<void>;
}

export function memberView(member: StaffMember): StaffMemberView {
  return { id: member.id, email: member.email, name: member.name, role: member.role };
}

/**
 * Staff sessions (docs/decisions/011-staff-sign-in.md, "Sessions and sign-out"): random tokens kept
 * only as SHA-256 hashes in staff_sessions, so every instance shares them; idle 1 hour, absolute 12
 * hours (an enrolment session 1 hour in all); the staff member's status read on every request, so
 * disabling an account ends its open sessions at once.
 */
export function createStaffSessions({ clock, record }: { clock: Clock; record: (event: SessionEvent, request: StaffRequest) => Promise<void> }): StaffSessionsService {
  const sessionsOf = staffSessionRepository;
  return {
    async resolve(sessionToken) {
      const now = clock();
      const session = await sessionsOf.findLive(hashSecretToken(sessionToken), now);
      if (!session) return null;
      const member = await staffRepository.find({ id: session.staffId });
      const allowed = session.purpose === 'staff' ? 'active' : 'invited';
      if (!member || member.status !== allowed) return null;
      await sessionsOf.touch(session.id, { now, expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime())) });
      return {
        id: session.id,
        purpose: session.purpose,
        staff: memberView(member),
        signedInWith: session.signedInWith,
        createdAt: session.createdAt,
        reauthenticatedAt: session.reauthenticatedAt,
      };
    },

    async start(staffId, purpose, signedInWith, request) {
      const now = clock();
      if (request.session) await sessionsOf.deleteOne(request.session.id);
      const token = createSecretToken();
      const absoluteExpiresAt = new Date(now.getTime() + (purpose === 'staff' ? SESSION_ABSOLUTE_MS : ENROLMENT_SESSION_MS));
      await sessionsOf.create({
        tokenHash: hashSecretToken(token),
        staffId,
        purpose,
        signedInWith,
        now,
        absoluteExpiresAt,
        expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime())),
        address: request.client.address,
        userAgent: request.client.userAgent,
      });
      request.cookies.session = { token, expiresAt: absoluteExpiresAt };
      const ended = await sessionsOf.enforceLimit(staffId, SESSIONS_PER_ACCOUNT, now);
      if (ended.length > 0) await record({ kind: 'session.ended', reason: 'limit', count: ended.length }, request);
    },

    async confirm(request) {
      if (!request.session) return;
      const token = createSecretToken();
      const now = clock();
      if (await sessionsOf.replaceToken(request.session.id, { tokenHash: hashSecretToken(token), now, reauthenticatedAt: now })) {
        const session = await sessionsOf.findLive(hashSecretToken(token), now);
        if (session) request.cookies.session = { token, expiresAt: session.absoluteExpiresAt };
      }
    },

    async signOut(request) {
      if (!request.session) {
        request.cookies.session = 'clear';
        return;
      }
      await sessionsOf.deleteOne(request.session.id);
      request.cookies.session = 'clear';
      await record({ kind: 'sign-out' }, request);
    },

    async list(request): Promise<SessionListing[]> {
      if (!request.session) return [];
      const current = request.session.id;
      return (await sessionsOf.listOf(request.session.staff.id, clock())).map((session) => ({
        id: session.id,
        signedInWith: session.signedInWith,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        address: session.address,
        userAgent: session.userAgent,
        current: session.id === current,
      }));
    },

    async endOthers(request) {
      if (!request.session) return 0;
      const count = await sessionsOf.deleteOthersOf(request.session.staff.id, request.session.id);
      if (count > 0) await record({ kind: 'session.ended', reason: 'others', count }, request);
      return count;
    },

    isRecentlyConfirmed(request) {
      return request.session !== null && clock().getTime() - request.session.reauthenticatedAt.getTime() <= CONFIRMATION_VALID_MS;
    },
  };
}
