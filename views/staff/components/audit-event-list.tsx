import type { AuditEventView } from '../../../src/staff/staff-accounts';
import { STAFF_ROLE_LABELS } from '../../../src/staff/staff-role';
import { Card } from '../../components/card';
import { StaffTime } from './staff-time';

/** One audit event as the owner's pages receive it (the time as an ISO string: the data travels as JSON). */
export interface AuditEventRow {
  id: string;
  at: string;
  kind: string;
  actor: string;
  subject: string | null;
  details: [string, string][];
  address: string;
  userAgent: string;
  requestId: string;
}

function actorText(actor: AuditEventView['actor']): string {
  if (actor.type === 'staff') return `${actor.email} (${STAFF_ROLE_LABELS[actor.role]})`;
  return actor.type === 'operator' ? 'The operator (command line)' : 'Not signed in';
}

export function auditEventRow(event: AuditEventView): AuditEventRow {
  return {
    id: event.id,
    at: event.at.toISOString(),
    kind: event.kind,
    actor: actorText(event.actor),
    subject: event.subject?.email ?? null,
    details: Object.entries(event.details).map(([name, value]) => [name, String(value)]),
    address: event.address,
    userAgent: event.userAgent,
    requestId: event.requestId,
  };
}

/**
 * Audit events, newest first: when (New Jersey time, the UTC instant beside), what, who did it, to
 * whom, and from where. One card per event, so a phone reads it without scrolling sideways.
 */
export function AuditEventList({ events, label }: { events: readonly AuditEventRow[]; label: string }) {
  if (events.length === 0) return <p className="mt-4 text-ink-700">No events.</p>;
  return (
    <ol className="mt-4 space-y-2" aria-label={label}>
      {events.map((event) => (
        <li key={event.id}>
          <Card className="grid gap-x-4 gap-y-1 p-4 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
            <div className="text-ink-700">
              <StaffTime iso={event.at} utc />
            </div>
            <div className="min-w-0">
              <p>
                <code className="rounded bg-ink-100 px-1.5 py-0.5 font-mono text-sm font-semibold text-ink-900">{event.kind}</code>
                {event.details.length > 0 ? <span className="ml-2 text-ink-700">{event.details.map(([name, value]) => `${name}: ${value}`).join(', ')}</span> : null}
              </p>
              <p className="mt-1 break-words text-ink-800">
                <span className="font-semibold">By</span> {event.actor}
                {event.subject ? (
                  <>
                    {' · '}
                    <span className="font-semibold">Account</span> {event.subject}
                  </>
                ) : null}
              </p>
              <p className="mt-1 break-words text-xs text-ink-600">
                {event.address || 'no address'} · {event.userAgent || 'no browser named'} · request {event.requestId || '—'}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
