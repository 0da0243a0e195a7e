import { auditEventRepository, type AuditCursor, type AuditEvent } from '../models/audit-event.repository';
import type { AuditEventKind } from '../src/staff/audit-event-kind';
import type { AuditEntry, AuditRecorder } from '../src/staff/audit-log';
import type { StaffClient, StaffRequest } from '../src/staff/staff-request';
import type { Logger } from '../src/logging/logger.server';
import type { Clock } from '../src/time/clock';

export interface AuditLogService extends AuditRecorder {
  /** For operator commands: the actor is the operator, there is no request. */
  recordOperator(entry: AuditEntry): Promise<void>;
  list(filter: { staffId?: string; kind?: AuditEventKind; before?: AuditCursor }): Promise<{ events: AuditEvent[]; next: AuditCursor | null }>;
}

const NO_CLIENT: StaffClient = { address: '', userAgent: '', requestId: '' };

/**
 * The audit log (ASVS V16): each event goes to audit_events, where owners read it at /staff/audit,
 * and to stdout as one JSON line (`msg: "audit"`), where the operator's log collection takes it.
 * Pino encodes every value, so nothing in an event can forge a log line (16.4.1).
 */
export function createAuditLog({ clock, logger }: { clock: Clock; logger: Logger }): AuditLogService {
  const write = async (entry: AuditEntry, actor: AuditEvent['actor'], client: StaffClient) => {
    const event = {
      at: clock(),
      kind: entry.kind,
      actor,
      ...(entry.subject ? { subject: entry.subject } : {}),
      address: client.address,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: entry.details ?? {},
    };
    logger.info({ audit: { ...event, at: event.at.toISOString() } }, 'audit');
    await auditEventRepository.record(event);
  };
  return {
    record(entry, request: StaffRequest) {
      const staff = request.session?.staff;
      return write(entry, staff ? { type: 'staff', staffId: staff.id, email: staff.email, role: staff.role } : { type: 'anonymous' }, request.client);
    },
    recordOperator: (entry) => write(entry, { type: 'operator' }, NO_CLIENT),
    list: (filter) => auditEventRepository.list(filter),
  };
}
