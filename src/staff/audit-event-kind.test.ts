import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_KINDS, isAuditEventKind } from './audit-event-kind';

describe('audit event kinds', () => {
  it('cover every sign-in, account and refusal event of decision 011 and the changes of the leads inbox and inventory manager, each once', () => {
    expect(new Set(AUDIT_EVENT_KINDS).size).toBe(AUDIT_EVENT_KINDS.length);
    for (const kind of [
      'sign-in.failed',
      'sign-in.throttled',
      'staff.role-changed',
      'staff.disabled',
      'access.denied',
      'request.refused',
      'recovery-code.used',
      'lead.status-changed',
      'lead.exported',
      'unit.changed',
      'unit.photos-changed',
      'site-notice.changed',
    ]) {
      expect(isAuditEventKind(kind)).toBe(true);
    }
    expect(AUDIT_EVENT_KINDS).toHaveLength(40);
  });

  it('refuse a kind the log does not know, as the audit page filter must', () => {
    for (const value of ['sign-in', 'SIGN-OUT', 'login.failed', '', 3, null]) expect(isAuditEventKind(value)).toBe(false);
  });
});
