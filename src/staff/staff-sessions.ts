import type { StaffRequest } from './staff-request';

/** One session of the signed-in person, as /staff/account lists it. */
export interface SessionListing {
  id: string;
  signedInWith: string;
  createdAt: Date;
  lastSeenAt: Date;
  address: string;
  userAgent: string;
  /** The session of the browser looking at the list. */
  current: boolean;
}

/** Sessions as the staff pages use them (services/staff/staff-sessions.service.ts). */
export interface StaffSessions {
  /** Ends the request's session on the server and clears its cookie (sign-out). */
  signOut(request: StaffRequest): Promise<void>;
  /** The signed-in person's sessions, most recently seen first. */
  list(request: StaffRequest): Promise<SessionListing[]>;
  /** Ends every session of the signed-in person but this one; how many ended. */
  endOthers(request: StaffRequest): Promise<number>;
  /** Whether the request's session was confirmed ("confirm it's you") or signed in within the last 5 minutes. */
  isRecentlyConfirmed(request: StaffRequest): boolean;
}
