import { createContext } from 'react-router';
import type { AuditEventKind } from './audit-event-kind';
import type { StaffRequest } from './staff-request';
import type { StaffRole } from './staff-role';

/** Where an account stands: invited (not yet enrolled), active, or disabled by an owner. */
export type StaffAccountStatus = 'invited' | 'active' | 'disabled';

/** A person's newest invitation as the owner's pages show it. */
export interface InvitationState {
  /** `sending`: the outbox has not sent the e-mail yet; `expired`: its link no longer works. */
  state: 'sending' | 'sent' | 'failed' | 'accepted' | 'expired';
  createdAt: Date;
  /** When the link stops working, once the e-mail with it has been made. */
  expiresAt?: Date;
}

/** One person on /staff/people. */
export interface StaffListing {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffAccountStatus;
  createdAt: Date;
  lastSignInAt?: Date;
  disabledAt?: Date;
  invitation: InvitationState | null;
}

/** One person on /staff/people/:staffId: the listing and how they sign in (never the methods' secrets). */
export interface StaffPersonDetails extends StaffListing {
  passkeys: number;
  password: boolean;
  authenticatorApp: boolean;
  /** Their live sessions. */
  sessions: number;
  /** The person is the owner looking at the page. */
  self: boolean;
}

/** One event of the audit log as the owner's pages show it: never a secret, never what anyone typed. */
export interface AuditEventView {
  id: string;
  at: Date;
  kind: AuditEventKind;
  actor: { type: 'staff'; staffId: string; email: string; role: StaffRole } | { type: 'operator' } | { type: 'anonymous' };
  subject?: { staffId: string; email: string };
  address: string;
  userAgent: string;
  requestId: string;
  details: Record<string, string | number | boolean>;
}

/** Where a page of the audit log starts: after the event at this time with this id. */
export interface AuditPageCursor {
  at: Date;
  id: string;
}

export interface AuditLogFilter {
  staffId?: string;
  kind?: AuditEventKind;
  before?: AuditPageCursor;
}

/** What an owner's change did, or why it was refused (the page shows the reason beside the form). */
export type StaffAccountChange =
  | { ok: true }
  /** 404: no such person; 409: the change would leave no active owner, or does not fit the account's state. */
  | { ok: false; status: 404 | 409; message: string };

/** Raised when a change needs "confirm it's you" first; the page sends the person to /staff/confirm. */
export class ConfirmationRequiredError extends Error {
  readonly status = 403;

  constructor() {
    super('this change needs a confirmation within the last 5 minutes');
    this.name = 'ConfirmationRequiredError';
  }
}

/** The refusal when a change would leave the staff area without an active owner. */
export const LAST_OWNER_MESSAGE = 'This is the only active owner. Make another person an owner first: the staff area always keeps one who can manage people.';

/**
 * The owner's management of people (docs/decisions/011-staff-sign-in.md, flows 5–7 and the audit
 * log), implemented in services/staff/staff-accounts.service.ts. Every method checks the actor's
 * permission (src/staff/staff-permissions.ts) and records `access.denied` when it is missing; every
 * change also needs a recent confirmation. No change may leave the staff area without an active owner.
 */
export interface StaffAccounts {
  list(request: StaffRequest): Promise<StaffListing[]>;
  person(staffId: string, request: StaffRequest): Promise<StaffPersonDetails | null>;
  changeRole(staffId: string, role: StaffRole, request: StaffRequest): Promise<StaffAccountChange>;
  /** The status first, then every session and invitation of the account deleted: its open session is signed out at once. */
  disable(staffId: string, request: StaffRequest): Promise<StaffAccountChange>;
  /** Active again with the sign-in methods it had (invited again if it never finished enrolling). */
  enable(staffId: string, request: StaffRequest): Promise<StaffAccountChange>;
  /** A lost phone: every sign-in method and session removed, and a new invitation e-mailed. */
  resetSignInMethods(staffId: string, request: StaffRequest): Promise<StaffAccountChange>;
  /** Ends every session of one person; how many ended. */
  endSessionsOf(staffId: string, request: StaffRequest): Promise<number>;
  /** Ends every session of everyone but the acting owner's own; how many ended. */
  endEveryonesSessions(request: StaffRequest): Promise<number>;
  /** Invites a person by e-mail (the outbox sends the link); `exists` for an enrolled account's e-mail. */
  invite(
    input: { email: string; name: string; role: StaffRole },
    request: StaffRequest,
  ): Promise<{ ok: true; staffId: string } | { ok: false; status: 409; message: string; staffId: string }>;
  /** One page of the audit log, newest first, and the cursor of the next. */
  auditLog(filter: AuditLogFilter, request: StaffRequest): Promise<{ events: AuditEventView[]; next: AuditPageCursor | null }>;
}

/** The owner's management of people, in the staff route context. */
export const staffAccountsContext = createContext<StaffAccounts>();
