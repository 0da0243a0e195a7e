import { Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffAccountsContext, type StaffAccountStatus } from '../../../src/staff/staff-accounts';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../../src/staff/staff-role';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { InvitationLine, invitationRow, StatusBadge, type InvitationRow } from '../components/staff-person-status';
import { StaffTime } from '../components/staff-time';
import { confirmedChange, fieldText, staffAnswer, type ChangeRefusal } from './owner-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

const PAGE = '/staff/people';

/** One person as the list shows them; times as ISO strings (the data travels as JSON). */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffAccountStatus;
  lastSignInAt: string | null;
  invitation: InvitationRow | null;
}

async function peopleLoader({ context }: LoaderFunctionArgs): Promise<{ people: PersonRow[] }> {
  const people = await staffAnswer(() => context.get(staffAccountsContext).list(context.get(staffRequestContext)), PAGE);
  return {
    people: people.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      role: person.role,
      status: person.status,
      lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
      invitation: invitationRow(person.invitation),
    })),
  };
}

/** "End everyone's sessions" (ASVS 7.4.5): every session but the owner's own; confirmation first. */
async function peopleAction({ request, context }: ActionFunctionArgs) {
  const intent = fieldText(await request.formData(), 'intent');
  if (intent !== 'end-all-sessions') return { intent, error: 'This form is not known here. Reload the page and try again.' } satisfies ChangeRefusal;
  const ended = await confirmedChange(context, PAGE, () => context.get(staffAccountsContext).endEveryonesSessions(context.get(staffRequestContext)));
  return redirect(`${PAGE}?ended=${ended}`, 303);
}

/** /staff/people (owners): everyone with an account, their role and status, last sign-in and invitation. */
function StaffPeople() {
  const { people } = useLoaderData<typeof peopleLoader>();
  const refusal = useActionData<ChangeRefusal>();
  const [search] = useSearchParams();
  const ended = search.get('ended');
  const sending = useNavigation().state === 'submitting';
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">People</h1>
          <p className="mt-1 text-ink-700">Everyone with a staff account. Open a person to change their role, disable the account or reset a lost phone.</p>
        </div>
        <Link to="/staff/people/new" className={buttonClasses('primary', 'md')}>
          Invite a person
        </Link>
      </div>
      {ended !== null && /^\d+$/.test(ended) ? (
        <p role="status" className="mt-5 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {ended === '1' ? '1 session ended.' : `${ended} sessions ended.`} Your own stays open.
        </p>
      ) : null}
      <ul className="mt-6 space-y-3" aria-label="Staff accounts">
        {people.map((person) => (
          <li key={person.id}>
            <Card className="grid gap-2 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <Link to={`/staff/people/${person.id}`} className="inline-flex min-h-11 items-center text-lg font-bold text-brand-800 underline-offset-2 hover:underline">
                  {person.name}
                </Link>
                <p className="truncate text-sm text-ink-700">{person.email}</p>
              </div>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold text-ink-800">{STAFF_ROLE_LABELS[person.role]}</span>
                <StatusBadge status={person.status} />
              </p>
              <p className="text-sm text-ink-700">
                {person.status === 'invited' ? (
                  <InvitationLine invitation={person.invitation} status={person.status} />
                ) : person.lastSignInAt ? (
                  <>
                    {'Last signed in '}
                    <StaffTime iso={person.lastSignInAt} />
                  </>
                ) : (
                  'Never signed in'
                )}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <Card as="section" className="mt-8 p-5">
        <h2 id="end-all-title" className="text-lg font-bold text-ink-900">
          End everyone’s sessions
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          Signs every person out on every device, for example after a phone was lost or stolen. Your own session stays open. Everyone signs in again as usual.
        </p>
        {refusal ? (
          <p role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
            {refusal.error}
          </p>
        ) : null}
        <StaffForm aria-labelledby="end-all-title" className="mt-4">
          <input type="hidden" name="intent" value="end-all-sessions" />
          <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
            End everyone’s sessions
          </button>
        </StaffForm>
      </Card>
    </>
  );
}

export const staffPeoplePage: StaffPageModule = { Component: StaffPeople, loader: peopleLoader, action: peopleAction };
