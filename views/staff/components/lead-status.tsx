import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../src/leads/leads';
import { Badge, type BadgeTone } from '../../components/badge';

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  new: 'new',
  contacted: 'brand',
  qualified: 'brand',
  won: 'success',
  lost: 'neutral',
  spam: 'neutral',
};

/** Where a lead stands, as a badge; an overdue one says so in words beside it, not only in red. */
export function LeadStatusBadge({ status, overdue = false }: { status: LeadStatus; overdue?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {overdue ? (
        <span className="inline-flex items-center rounded-full bg-danger-700 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Overdue</span>
      ) : null}
      <Badge tone={STATUS_TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>
    </span>
  );
}
