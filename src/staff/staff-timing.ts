// The staff area's limits (decision 011), fixed in code rather than configured: docs/security.md
// states them as the ASVS answers, and no operator setting may weaken them.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 1 * HOUR;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 12 * HOUR;
/** An enrolment session (after accepting an invitation) lasts this long in all. */
export const ENROLMENT_SESSION_MS = 1 * HOUR;
/** A sensitive change is allowed this long after sign-in or the last confirmation. */
export const CONFIRMATION_VALID_MS = 5 * MINUTE;
/** A passkey challenge can be answered for this long. */
export const PASSKEY_CHALLENGE_MS = 5 * MINUTE;
/** What the browser is told to allow for a passkey ceremony (WebAuthn's `timeout`). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 2 * MINUTE;
/** Passkey sign-in options one address may ask for within the throttle window. */
export const PASSKEY_CHALLENGES_PER_ADDRESS = 30;
/** An invitation link works for this long after it is made. */
export const INVITATION_VALID_MS = 24 * HOUR;
/** An expired invitation is kept this long after for the owner's page, then deleted. */
export const INVITATION_KEPT_AFTER_EXPIRY_MS = 7 * DAY;
/** This many sign-in failures within THROTTLE_WINDOW_MS on one key refuse further attempts. */
export const THROTTLE_MAX_FAILURES = 10;
export const THROTTLE_WINDOW_MS = 10 * MINUTE;
/** A known-browser cookie lasts this long after the last sign-in in that browser. */
export const KNOWN_BROWSER_MS = 180 * DAY;
/** Known browsers remembered per account; the least recent goes first. */
export const KNOWN_BROWSERS_PER_ACCOUNT = 10;
/** Open sessions per account; an eleventh sign-in ends the least recently seen. */
export const SESSIONS_PER_ACCOUNT = 10;
/** Audit events are deleted when they are older than this (365 days, the TTL index's 31,536,000 s). */
export const AUDIT_RETENTION_MS = 365 * DAY;
/** A session's lastSeenAt (and so its idle expiry) is written at most this often. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 1 * MINUTE;
