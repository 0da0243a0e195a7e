import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { feedStatusContext, type FeedTroubleView } from '../../../src/staff/feed-status';
import { STAFF_ROLE_LABELS } from '../../../src/staff/staff-role';
import { can } from '../../../src/staff/staff-permissions';
import { Card } from '../../components/card';
import { FeedTroubleNotice } from '../components/feed-trouble-notice';
import { useStaffLayout } from '../layout/staff-layout';
import type { StaffPageModule } from '../layout/staff-page-module';

interface Destination {
  to: string;
  title: string;
  text: string;
}

interface StaffHomeData {
  /** The scheduled feed's failures in a row, once staff are e-mailed about them; null while it imports. */
  feedTrouble: FeedTroubleView | null;
}

async function staffHomeLoader({ context }: LoaderFunctionArgs): Promise<StaffHomeData> {
  return { feedTrouble: await context.get(feedStatusContext).trouble() };
}

/** The staff home: who is signed in, the feed's trouble if it has any, and the parts of the staff area their role opens. */
function StaffHome() {
  const { staff } = useStaffLayout();
  const { feedTrouble } = useLoaderData<StaffHomeData>();
  if (!staff) return null;
  const destinations: Destination[] = [
    ...(can(staff.role, 'answer-leads')
      ? [{ to: '/staff/leads', title: 'Leads', text: 'Every inquiry from the website: answer the new ones, see who answered and how fast.' }]
      : []),
    ...(can(staff.role, 'manage-staff') ? [{ to: '/staff/people', title: 'People', text: 'Invite staff, change roles, disable an account or reset a lost phone.' }] : []),
    ...(can(staff.role, 'read-audit-log') ? [{ to: '/staff/audit', title: 'Audit log', text: 'Every sign-in, refusal and change to staff accounts.' }] : []),
    { to: '/staff/account', title: 'Your account', text: 'Passkeys, password, authenticator app, recovery codes and where you are signed in.' },
  ];
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Hello, {staff.name}</h1>
      <p className="mt-1 text-ink-700">
        Signed in as {staff.email} ({STAFF_ROLE_LABELS[staff.role]}).
      </p>
      {feedTrouble ? <FeedTroubleNotice trouble={feedTrouble} /> : null}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {destinations.map((destination) => (
          <li key={destination.to}>
            <Card className="h-full">
              <Link to={destination.to} className="block h-full rounded-[var(--radius-card)] p-5 hover:bg-brand-50">
                <span className="text-lg font-bold text-brand-800">{destination.title}</span>
                <span className="mt-1 block text-sm text-ink-700">{destination.text}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

export const staffHomePage: StaffPageModule = { Component: StaffHome, loader: staffHomeLoader };
