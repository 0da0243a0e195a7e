import type { InvitationState, StaffAccountStatus } from '../../../src/staff/staff-accounts';
import { Badge, type BadgeTone } from '../../components/badge';
import { StaffTime } from './staff-time';

/** A person's newest invitation as the owner's pages receive it (times as ISO strings: the data travels as JSON). */
export interface InvitationRow {
  state: InvitationState['state'];
  expiresAt: string | null;
}

export function invitationRow(invitation: InvitationState | null): InvitationRow | null {
  return invitation ? { state: invitation.state, expiresAt: invitation.expiresAt?.toISOString() ?? null } : null;
}

const STATUS_LABELS: Record<StaffAccountStatus, { text: string; tone: BadgeTone }> = {
  active: { text: 'Active', tone: 'success' },
  invited: { text: 'Invited', tone: 'warning' },
  disabled: { text: 'Disabled', tone: 'neutral' },
};

/** An account's status as a badge: active, invited or disabled. */
export function StatusBadge({ status }: { status: StaffAccountStatus }) {
  return <Badge tone={STATUS_LABELS[status].tone}>{STATUS_LABELS[status].text}</Badge>;
}

const INVITATION_LABELS: Record<InvitationState['state'], string> = {
  sending: 'Invitation being sent',
  sent: 'Invitation sent',
  failed: 'The invitation e-mail could not be sent',
  accepted: 'Invitation accepted, enrolment not finished',
  expired: 'Invitation expired',
};

/**
 * What the owner's pages say about a person's invitation. An accepted invitation means an unfinished
 * enrolment only while the account is still invited; once it is active (or disabled) it is history.
 */
export function InvitationLine({ invitation, status }: { invitation: InvitationRow | null; status: StaffAccountStatus }) {
  if (!invitation) return <span>No invitation</span>;
  return (
    <span>
      {invitation.state === 'accepted' && status !== 'invited' ? 'Invitation accepted' : INVITATION_LABELS[invitation.state]}
      {invitation.state === 'sent' && invitation.expiresAt ? (
        <>
          {'; the link works until '}
          <StaffTime iso={invitation.expiresAt} />
        </>
      ) : null}
    </span>
  );
}
