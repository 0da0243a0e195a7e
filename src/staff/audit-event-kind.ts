// What the audit log records (decision 011, "Audit log"). Shared: the audit page's filter lists
// them.

export const AUDIT_EVENT_KINDS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.throttled',
  'sign-out',
  'session.ended',
  'reauthentication.succeeded',
  'reauthentication.failed',
  'invitation.created',
  'invitation.sent',
  'invitation.accepted',
  'invitation.refused',
  'enrolment.completed',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'password.set',
  'password.changed',
  'authenticator-app.enrolled',
  'authenticator-app.replaced',
  'recovery-codes.created',
  'recovery-code.used',
  'staff.role-changed',
  'staff.disabled',
  'staff.enabled',
  'staff.sign-in-methods-reset',
  /** Every 403 of an authorization rule. */
  'access.denied',
  /** A staff post refused before it was read: another origin, a missing or wrong form token. */
  'request.refused',
  /** The leads inbox (issue 23): details name the lead's id, never what the customer or staff typed. */
  'lead.status-changed',
  'lead.assigned',
  'lead.note-added',
  'lead.delivery-resent',
  'lead.exported',
  'lead.settings-changed',
  /** The inventory manager (issue 24): details name the stock number and each changed field with its value before and after. */
  'unit.created',
  'unit.changed',
  'unit.lock-released',
  'unit.photos-changed',
  /** Promotions, holiday closures and hours, and the site-wide notice, edited in the staff area. */
  'promotion.changed',
  'closure.changed',
  'site-notice.changed',
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** Whether a value from the audit page's query string is a kind the log knows. */
export function isAuditEventKind(value: unknown): value is AuditEventKind {
  return typeof value === 'string' && (AUDIT_EVENT_KINDS as readonly string[]).includes(value);
}
