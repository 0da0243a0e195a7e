import type { StaffPermission } from './staff-permissions';
import type { StaffRole } from './staff-role';

/**
 * Who may open a staff route, written on the route itself (`handle.access` in
 * views/staff/staff-routes.tsx) and decided once by the staff controller before any loader runs:
 * `anyone` (sign-in, an invitation), `enrolment` (the welcome pages of an accepted invitation),
 * `any-session` (signing out, during enrolment too), or the roles allowed once signed in. Services check again per action with the actor.
 */
export type StaffAccess = 'anyone' | 'enrolment' | 'any-session' | { roles: readonly StaffRole[] };

export const EVERY_ROLE: readonly StaffRole[] = ['owner', 'manager', 'sales'];

export interface StaffRouteHandle {
  access: StaffAccess;
  /** The page's title, for the document head (with " · Staff" after it). */
  title: string;
  /**
   * A route that answers a file to download rather than a page (the leads exports): its loader returns
   * a Response, which the staff controller sends as it is, with the staff area's headers and checks.
   */
  file?: true;
  /**
   * A route whose form may send files (multipart/form-data; every other route takes urlencoded forms
   * only): the field that carries them, the permission needed before any of them is read, and the
   * limits. The staff controller receives them into a temporary folder after checking the session,
   * the permission and the form token (a field sent before the files), and removes it after the answer.
   */
  upload?: { field: string; permission: StaffPermission; maxFiles: number; maxFileBytes: number };
}

/** What the controller does with a request for a route, given the session it presented. */
export type AccessDecision = 'allow' | 'sign-in' | 'welcome' | 'forbidden' | 'signed-in-home';

export function decideAccess(access: StaffAccess, session: { purpose: 'staff' | 'enrolment'; role: StaffRole } | null): AccessDecision {
  if (access === 'anyone') return 'allow';
  if (!session) return 'sign-in';
  if (access === 'any-session') return 'allow';
  if (access === 'enrolment') return session.purpose === 'enrolment' ? 'allow' : 'signed-in-home';
  if (session.purpose === 'enrolment') return 'welcome';
  return access.roles.includes(session.role) ? 'allow' : 'forbidden';
}
