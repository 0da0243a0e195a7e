import type { StaffRole } from './staff-role';

/** A staff member as the pages and the audit log name them; never a secret. */
export interface StaffMemberView {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** How a session began (docs/decisions/011-staff-sign-in.md, staff_sessions). */
export type SignInMethod = 'passkey' | 'password+code' | 'password+recovery-code' | 'invitation';

/** The session a request presented, once checked against the database (live, and its staff member in the status it needs). */
export interface StaffSessionView {
  id: string;
  /** `enrolment`: an accepted invitation, reaching only /staff/welcome until a sign-in method is set up. */
  purpose: 'staff' | 'enrolment';
  staff: StaffMemberView;
  signedInWith: SignInMethod;
  createdAt: Date;
  /** The last sign-in or confirmation ("confirm it's you"): sensitive changes need it within 5 minutes. */
  reauthenticatedAt: Date;
}

/** A file a multipart form sent (a route with `handle.upload`), in a temporary folder the staff controller removes after the answer. */
export interface ReceivedFile {
  /** The file's name as the browser sent it (untrusted: shown, never used as a path). */
  originalName: string;
  /** Where the controller put its bytes for the length of the request. */
  path: string;
  size: number;
}

/** Where a request came from, for the audit log and the sign-in throttle. */
export interface StaffClient {
  address: string;
  userAgent: string;
  requestId: string;
}

/**
 * The cookie changes a loader or action asks for; the staff controller writes them on the response
 * (src/http/staff-cookies.server.ts), so route code never handles headers or raw cookie values twice.
 */
export interface StaffCookieChanges {
  /** A new session token (sign-in, confirmation, the end of enrolment), or the session cookie cleared. */
  session?: { token: string; expiresAt: Date } | 'clear';
  /** This browser is now known to the account (a known-browser token, 180 days). */
  knownBrowser?: string;
}

/**
 * One staff request as its loaders and actions see it (the staffRequestContext). The raw tokens the
 * browser presented are here for the services that end or replace a session; they are never put in
 * loader data, a page or a log.
 */
export interface StaffRequest {
  session: StaffSessionView | null;
  client: StaffClient;
  /** The session's masked form token for this render (every staff form's hidden `formToken`), or null without a session. */
  formToken: string | null;
  presented: { sessionToken: string | null; knownBrowserToken: string | null };
  cookies: StaffCookieChanges;
  /** Response headers an action asks for (`Retry-After` on a throttled sign-in); the staff controller writes them. */
  headers?: Record<string, string>;
  /** The site's address (PUBLIC_ORIGIN): links in invitations, and the passkeys' relying party. */
  origin: string;
  /**
   * Set by the staff controller when the signed-in person's role may not open the page: only the
   * layout's loader runs, and the page answers 403 (views/staff/staff-routes.tsx).
   */
  forbidden?: boolean;
  /** The files of a multipart form to an upload route, received only after its session, permission and form token were checked. */
  files?: readonly ReceivedFile[];
  /** Unexpected errors a loader or action raised: the controller logs each (the page shows only that something failed). */
  failures?: unknown[];
}
