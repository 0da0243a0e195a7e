import type { AuditEventKind } from './audit-event-kind';
import type { StaffRequest } from './staff-request';

/**
 * One thing that happened, as a staff service reports it: the audit log adds who did it (the
 * request's session, or anonymous), from where, when and the request id. `details` is small and
 * typed by kind (`{ method }`, `{ reason }`, `{ from, to }`): never a password, code, token or
 * anything a visitor typed.
 */
export interface AuditEntry {
  kind: AuditEventKind;
  /** The account acted on, when it is not the actor (or the actor is not signed in yet). */
  subject?: { staffId: string; email: string };
  details?: Record<string, string | number | boolean>;
}

/** Writes audit events (services/audit-log.service.ts): to audit_events and as one JSON line on stdout. */
export interface AuditRecorder {
  record(entry: AuditEntry, request: StaffRequest): Promise<void>;
}
