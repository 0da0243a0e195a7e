import type { ReactNode } from 'react';
import { data, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffAccountsContext, type StaffAccountChange, type StaffAccountStatus } from '../../../src/staff/staff-accounts';
import { isStaffRole, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../src/staff/staff-role';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { AuditEventList, auditEventRow, type AuditEventRow } from '../components/audit-event-list';
import { StaffForm } from '../components/staff-form';
import { InvitationLine, invitationRow, StatusBadge, type InvitationRow } from '../components/staff-person-status';
import { StaffTime } from '../components/staff-time';
import { confirmedChange, fieldText, refused, staffAnswer, type ChangeRefusal } from './owner-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

/** Recent events of this person shown on their page; the audit log has the rest. */
const RECENT_EVENTS = 10;

interface PersonPageData {
  person: {
    id: string;
    name: string;
    email: string;
    role: StaffRole;
    status: StaffAccountStatus;
    createdAt: string;
    lastSignInAt: string | null;
    disabledAt: string | null;
    invitation: InvitationRow | null;
    passkeys: number;
    password: boolean;
    authenticatorApp: boolean;
    sessions: number;
    self: boolean;
  };
  events: AuditEventRow[];
}

const pageOf = (staffId: string) => `/staff/people/${staffId}`;

function notFound(): never {
  throw data('There is no staff account at this address.', { status: 404 });
}

async function personLoader({ params, context }: LoaderFunctionArgs): Promise<PersonPageData> {
  const staffId = params.staffId ?? '';
  const accounts = context.get(staffAccountsContext);
  const request = context.get(staffRequestContext);
  return staffAnswer(async () => {
    const person = await accounts.person(staffId, request);
    if (!person) notFound();
    const { events } = await accounts.auditLog({ staffId: person.id }, request);
    return {
      person: {
        id: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
        status: person.status,
        createdAt: person.createdAt.toISOString(),
        lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
        disabledAt: person.disabledAt?.toISOString() ?? null,
        invitation: invitationRow(person.invitation),
        passkeys: person.passkeys,
        password: person.password,
        authenticatorApp: person.authenticatorApp,
        sessions: person.sessions,
        self: person.self,
      },
      events: events.slice(0, RECENT_EVENTS).map(auditEventRow),
    };
  }, pageOf(staffId));
}

const INTENTS = ['role', 'disable', 'enable', 'reset', 'end-sessions'] as const;
type PersonIntent = (typeof INTENTS)[number];
const isIntent = (value: string): value is PersonIntent => (INTENTS as readonly string[]).includes(value);

/** Every change on this page is an owner's: confirmation first (within 5 minutes), then the service, which checks again. */
async function personAction({ params, request, context }: ActionFunctionArgs) {
  const staffId = params.staffId ?? '';
  const page = pageOf(staffId);
  const form = await request.formData();
  const intent = fieldText(form, 'intent');
  if (!isIntent(intent)) return refused(intent, { status: 400, message: 'This form is not known here. Reload the page and try again.' });
  const role = fieldText(form, 'role');
  if (intent === 'role' && !isStaffRole(role)) return refused(intent, { status: 400, message: 'Choose one of the roles.' });
  const accounts = context.get(staffAccountsContext);
  const staffRequest = context.get(staffRequestContext);
  const change: StaffAccountChange = await confirmedChange(context, page, async () => {
    if (intent === 'role') return accounts.changeRole(staffId, role as StaffRole, staffRequest);
    if (intent === 'disable') return accounts.disable(staffId, staffRequest);
    if (intent === 'enable') return accounts.enable(staffId, staffRequest);
    if (intent === 'reset') return accounts.resetSignInMethods(staffId, staffRequest);
    await accounts.endSessionsOf(staffId, staffRequest);
    return { ok: true };
  });
  if (!change.ok) return refused(intent, change);
  return redirect(`${page}?done=${intent}`, 303);
}

const DONE_MESSAGES: Partial<Record<string, string>> = {
  invited: 'The invitation is on its way by e-mail.',
  role: 'The role is changed. It applies from their next page.',
  disable: 'The account is disabled and every session of it has ended.',
  enable: 'The account is enabled again.',
  reset: 'Their sign-in methods are removed and a new invitation is on its way by e-mail.',
  'end-sessions': 'Every session of this person has ended.',
};

/** One owner action: a heading, what it does, the refusal beside it when there was one, and its form. */
function ActionCard({
  id,
  title,
  text,
  refusal,
  children,
}: {
  id: PersonIntent;
  title: string;
  text: ReactNode;
  refusal: ChangeRefusal | undefined;
  children: ReactNode;
}) {
  const errorId = refusal?.intent === id ? `${id}-error` : undefined;
  return (
    <Card as="section" className="p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{text}</p>
      {errorId ? (
        <p id={errorId} role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refusal!.error}
        </p>
      ) : null}
      <StaffForm aria-labelledby={`${id}-title`} className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={id} />
        {children}
      </StaffForm>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-700">{term}</dt>
      <dd className="mt-0.5 break-words text-ink-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function signInMethods(person: PersonPageData['person']): string {
  const methods = [
    ...(person.passkeys > 0 ? [person.passkeys === 1 ? '1 passkey' : `${person.passkeys} passkeys`] : []),
    ...(person.password && person.authenticatorApp ? ['password and authenticator app'] : person.password ? ['password (no authenticator app yet)'] : []),
  ];
  return methods.length > 0 ? methods.join(', ') : 'None set up';
}

/** /staff/people/:staffId (owners): one person, the changes an owner may make, and what happened lately. */
function StaffPerson() {
  const { person, events } = useLoaderData<PersonPageData>();
  const refusal = useActionData<ChangeRefusal>();
  const [search] = useSearchParams();
  const done = search.get('done');
  const sending = useNavigation().state === 'submitting';
  const you = person.self ? ' (you)' : '';
  return (
    <>
      <p className="text-sm">
        <Link to="/staff/people" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          People
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
        {person.name}
        {you}
      </h1>
      {done && DONE_MESSAGES[done] ? (
        <p role="status" className="mt-4 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {DONE_MESSAGES[done]}
        </p>
      ) : null}
      <Card as="section" className="mt-5 p-5">
        <h2 className="sr-only">Details</h2>
        <dl className="divide-y divide-ink-100">
          <Fact term="E-mail">{person.email}</Fact>
          <Fact term="Role">{STAFF_ROLE_LABELS[person.role]}</Fact>
          <Fact term="Status">
            <StatusBadge status={person.status} />
            {person.disabledAt && person.status === 'disabled' ? (
              <span className="ml-2 text-sm text-ink-700">
                since <StaffTime iso={person.disabledAt} />
              </span>
            ) : null}
          </Fact>
          <Fact term="Invitation">
            <InvitationLine invitation={person.invitation} status={person.status} />
          </Fact>
          <Fact term="Sign-in methods">{signInMethods(person)}</Fact>
          <Fact term="Last signed in">{person.lastSignInAt ? <StaffTime iso={person.lastSignInAt} /> : 'Never'}</Fact>
          <Fact term="Open sessions">{person.sessions}</Fact>
          <Fact term="Account made">
            <StaffTime iso={person.createdAt} />
          </Fact>
        </dl>
      </Card>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ActionCard
          id="role"
          title="Role"
          text="Owners manage people and read the audit log; managers answer leads and keep the inventory and promotions; sales answer leads."
          refusal={refusal}
        >
          <div>
            <label htmlFor="role" className="block text-sm font-semibold text-ink-800">
              New role
            </label>
            <select
              id="role"
              name="role"
              defaultValue={person.role}
              aria-describedby={refusal?.intent === 'role' ? 'role-error' : undefined}
              className="mt-1.5 block min-h-11 rounded-xl border border-ink-500 bg-white px-3 text-base text-ink-900"
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
            Change the role
          </button>
        </ActionCard>

        {person.status === 'disabled' ? (
          <ActionCard id="enable" title="Enable the account" text="They can sign in again with the sign-in methods they had." refusal={refusal}>
            <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
              Enable
            </button>
          </ActionCard>
        ) : (
          <ActionCard
            id="disable"
            title="Disable the account"
            text="They are signed out everywhere at once and cannot sign in until an owner enables the account."
            refusal={refusal}
          >
            <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
              Disable
            </button>
          </ActionCard>
        )}

        {person.status === 'disabled' ? null : (
          <ActionCard
            id="reset"
            title="Reset sign-in methods"
            text="For a lost phone: removes their passkeys, password, authenticator app and recovery codes, signs them out, and e-mails a new invitation to set up new ones."
            refusal={refusal}
          >
            <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
              Reset sign-in methods
            </button>
          </ActionCard>
        )}

        <ActionCard id="end-sessions" title="End their sessions" text="Signs them out on every device; they can sign in again." refusal={refusal}>
          <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
            End their sessions
          </button>
        </ActionCard>
      </div>

      <section aria-labelledby="events-title" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="events-title" className="text-lg font-bold text-ink-900">
            Recent events
          </h2>
          <Link to={`/staff/audit?person=${person.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
            All of this person’s events
          </Link>
        </div>
        <AuditEventList events={events} label={`Recent events of ${person.name}`} />
      </section>
    </>
  );
}

export const staffPersonPage: StaffPageModule = { Component: StaffPerson, loader: personLoader, action: personAction };
