import { Link } from 'react-router';
import { INTEREST_LABELS } from '../../../src/contact/contact-schema';
import type { LeadListing } from '../../../src/leads/leads';
import { LeadStatusBadge } from './lead-status';
import { agoText, durationText, secondsBetween, shortTimeText } from './lead-text';

/** When it came: "12 min ago" (from the answer's `now`), the exact New Jersey time beside it and in the title. */
export function LeadReceived({ iso, now }: { iso: string; now: string }) {
  const exact = shortTimeText(iso);
  return (
    <>
      <time dateTime={iso} title={exact} className="font-semibold text-ink-800">
        {agoText(iso, now)}
      </time>
      <span className="text-ink-600"> · {exact}</span>
    </>
  );
}

/** How long the lead has waited: since it came while new, else how soon it was first answered. */
export function LeadWait({ lead, now }: { lead: LeadListing; now: string }) {
  if (lead.firstResponse) {
    return (
      <span className="text-ink-700">
        First response in <strong className="text-ink-900">{durationText(lead.firstResponse.businessSeconds)}</strong> of business hours, by {lead.firstResponse.by.name}
      </span>
    );
  }
  if (lead.status !== 'new') return null;
  return (
    <span className={lead.overdue ? 'font-semibold text-danger-700' : 'text-ink-700'}>
      Waiting <strong>{durationText(secondsBetween(lead.receivedAt, now))}</strong>
      {lead.overdue ? `, was due ${shortTimeText(lead.dueAt)}` : `; due ${shortTimeText(lead.dueAt)}`}
    </span>
  );
}

/** What they asked about: the kind, and the unit or model (its stock number, a link to its public page). */
export function LeadSubjectLine({ lead }: { lead: Pick<LeadListing, 'kind' | 'subject'> }) {
  const { subject } = lead;
  const kind = INTEREST_LABELS[lead.kind];
  return (
    <>
      {subject.label === kind ? null : <span className="text-ink-600">{kind}: </span>}
      {subject.href ? (
        <a href={subject.href} className="font-semibold text-brand-700 underline underline-offset-2">
          {subject.label}
        </a>
      ) : (
        <span className="font-semibold text-ink-900">{subject.label}</span>
      )}
      {subject.stockNumber ? <span className="text-ink-700"> · stock #{subject.stockNumber}</span> : null}
    </>
  );
}

/**
 * Inquiries as the inbox lists them, one compact card each, for a phone held in one hand: the name
 * (the way into the lead), the status, what they asked about, when, where and whose it is, and how
 * long it waited. Overdue ones are red with the word "Overdue" in their badge.
 */
export function LeadList({ leads, now, label }: { leads: readonly LeadListing[]; now: string; label: string }) {
  return (
    <ol className="mt-3 space-y-2" aria-label={label}>
      {leads.map((lead) => (
        <li
          key={lead.id}
          className={`rounded-[var(--radius-card)] px-4 py-2.5 shadow-[var(--shadow-card)] ring-1 ${
            lead.overdue ? 'border-l-4 border-danger-600 bg-danger-50 ring-danger-600/30' : 'bg-white ring-ink-200/70'
          }`}
        >
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <h3 className="min-w-0 text-base font-bold">
              <Link to={`/staff/leads/${lead.id}`} className="inline-flex min-h-11 items-center break-words text-brand-800 underline-offset-2 hover:underline">
                {lead.name}
              </Link>
            </h3>
            <LeadStatusBadge status={lead.status} overdue={lead.overdue} />
          </div>
          {/* One column on a phone; on a wider screen what and where on the left, when and how long on the right. */}
          <div className="grid gap-y-1 text-sm sm:grid-cols-2 sm:gap-x-6">
            <p>
              <LeadSubjectLine lead={lead} />
            </p>
            <p>
              <LeadReceived iso={lead.receivedAt} now={now} />
            </p>
            <p className="text-ink-700">
              {lead.showroom ? `${lead.showroom.name} · ` : ''}
              {lead.assignee ? `Assigned to ${lead.assignee.name}` : 'Unassigned'}
            </p>
            {lead.firstResponse || lead.status === 'new' ? (
              <p>
                <LeadWait lead={lead} now={now} />
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
