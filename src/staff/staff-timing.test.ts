import { describe, expect, it } from 'vitest';
import * as timing from './staff-timing';

// The figures decision 011 and docs/security.md promise, written out in the units people read.
describe('staff limits', () => {
  it('end a session after an idle hour or twelve hours in all, an enrolment after an hour', () => {
    expect(timing.SESSION_IDLE_MS).toBe(60 * 60 * 1000);
    expect(timing.SESSION_ABSOLUTE_MS).toBe(12 * 60 * 60 * 1000);
    expect(timing.ENROLMENT_SESSION_MS).toBe(60 * 60 * 1000);
    expect(timing.SESSIONS_PER_ACCOUNT).toBe(10);
    expect(timing.LAST_SEEN_WRITE_INTERVAL_MS).toBe(60 * 1000);
  });

  it('keep a confirmation and a passkey challenge five minutes, an invitation link a day', () => {
    expect(timing.CONFIRMATION_VALID_MS).toBe(5 * 60 * 1000);
    expect(timing.PASSKEY_CHALLENGE_MS).toBe(5 * 60 * 1000);
    expect(timing.PASSKEY_CEREMONY_TIMEOUT_MS).toBe(120 * 1000);
    expect(timing.INVITATION_VALID_MS).toBe(24 * 60 * 60 * 1000);
    expect(timing.INVITATION_KEPT_AFTER_EXPIRY_MS / 1000).toBe(604_800);
  });

  it('throttle after 10 failures in 10 minutes, remember a browser 180 days, keep the audit log a year', () => {
    expect(timing.THROTTLE_MAX_FAILURES).toBe(10);
    expect(timing.THROTTLE_WINDOW_MS).toBe(10 * 60 * 1000);
    expect(timing.KNOWN_BROWSER_MS).toBe(180 * 24 * 60 * 60 * 1000);
    expect(timing.KNOWN_BROWSERS_PER_ACCOUNT).toBe(10);
    expect(timing.AUDIT_RETENTION_MS / 1000).toBe(31_536_000);
  });
});
