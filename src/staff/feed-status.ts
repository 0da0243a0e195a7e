// The scheduled feed's trouble as the staff home shows it (issue 25, point 3): shared, plain code
// (the page imports it); the service is services/staff/feed-status.service.ts, reached from the
// page through `feedStatusContext`.
import { createContext } from 'react-router';

/** What the last good import of the scheduled feed did, in the staff area's words. */
export interface FeedImportView {
  /** ISO time. */
  at: string;
  added: number;
  changed: number;
  sold: number;
  leftAlone: number;
}

/**
 * The scheduled feed failing as many times in a row as staff are e-mailed about: why, since when,
 * and what the site still shows. Every text is safe to show: the feed's address has no
 * credentials or query, and the reason quotes no secret.
 */
export interface FeedTroubleView {
  failures: number;
  /** ISO times. */
  failingSince?: string;
  lastFailedAt: string;
  reason: string;
  nextFetchAt: string;
  /** The feed's address without credentials or query. */
  source?: string;
  /** Absent when no import of this feed has succeeded yet. */
  lastImport?: FeedImportView;
}

export interface FeedStatus {
  /** The feed's trouble, or null while it imports (or has failed fewer times in a row than staff are told of). */
  trouble(): Promise<FeedTroubleView | null>;
}

export const feedStatusContext = createContext<FeedStatus>();
