import { data, Link, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffAccountsContext } from '../../../src/staff/staff-accounts';
import { isStaffRole, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../src/staff/staff-role';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffField, staffInputClasses } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { confirmedChange, fieldText } from './owner-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

const PAGE = '/staff/people/new';
const EMAIL_MAX = 254;
const NAME_MAX = 100;

type InviteField = 'email' | 'name' | 'role';

interface InviteAnswer {
  /** What the owner typed, to fill the form again (an e-mail and a name, no secret). */
  values: { email: string; name: string; role: string };
  errors: Partial<Record<InviteField, string>>;
  /** The account that already has this e-mail. */
  existingId?: string;
}

/** The invitation's fields checked as the staff collection will keep them; a message per field. */
function checkInvitation(values: InviteAnswer['values']): Partial<Record<InviteField, string>> {
  const errors: Partial<Record<InviteField, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email) || values.email.length > EMAIL_MAX) errors.email = 'Type the person’s e-mail address, like jane@example.com.';
  if (values.name.length === 0) errors.name = 'Type the person’s name, as colleagues will see it.';
  else if (values.name.length > NAME_MAX) errors.name = `Use at most ${NAME_MAX} characters.`;
  if (!isStaffRole(values.role)) errors.role = 'Choose one of the roles.';
  return errors;
}

/** Invites a person (confirmation first): the account and an invitation the outbox e-mails; then their page. */
async function inviteAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { email: fieldText(form, 'email').trim(), name: fieldText(form, 'name').trim(), role: fieldText(form, 'role') };
  const errors = checkInvitation(values);
  if (Object.keys(errors).length > 0) return data<InviteAnswer>({ values, errors }, { status: 400 });
  const outcome = await confirmedChange(context, PAGE, () =>
    context.get(staffAccountsContext).invite({ email: values.email, name: values.name, role: values.role as StaffRole }, context.get(staffRequestContext)),
  );
  if (!outcome.ok) return data<InviteAnswer>({ values, errors: { email: outcome.message }, existingId: outcome.staffId }, { status: outcome.status });
  return redirect(`/staff/people/${outcome.staffId}?done=invited`, 303);
}

/** /staff/people/new (owners): e-mail, name and role; the invitation link goes out by e-mail and works for 24 hours. */
function StaffInvite() {
  const answer = useActionData<InviteAnswer>();
  const sending = useNavigation().state === 'submitting';
  const errors = answer?.errors ?? {};
  const errorId = (field: InviteField) => (errors[field] ? `invite-${field}-error` : undefined);
  const fieldError = (field: InviteField) =>
    errors[field] ? (
      <p id={`invite-${field}-error`} className="mt-1.5 text-sm font-semibold text-danger-700">
        {errors[field]}
        {field === 'email' && answer?.existingId ? (
          <>
            {' '}
            <Link to={`/staff/people/${answer.existingId}`} className="underline">
              Open the account
            </Link>
          </>
        ) : null}
      </p>
    ) : null;
  return (
    <Card as="section" className="mx-auto max-w-lg p-5 sm:p-8">
      <p className="text-sm">
        <Link to="/staff/people" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          People
        </Link>
      </p>
      <h1 id="invite-title" className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
        Invite a person
      </h1>
      <p className="mt-2 text-sm text-ink-700">
        They get an e-mail with a link that works once, for 24 hours, to set up a passkey or a password with an authenticator app.
      </p>
      <StaffForm aria-labelledby="invite-title" className="mt-5 space-y-5">
        <div>
          <StaffField
            id="invite-email"
            name="email"
            type="email"
            label="E-mail"
            autoComplete="off"
            required
            defaultValue={answer?.values.email}
            errorId={errorId('email')}
          />
          {fieldError('email')}
        </div>
        <div>
          <StaffField
            id="invite-name"
            name="name"
            type="text"
            label="Name"
            hint="As colleagues and the audit log will see it."
            autoComplete="off"
            required
            defaultValue={answer?.values.name}
            errorId={errorId('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor="invite-role" className="block text-sm font-semibold text-ink-800">
            Role
          </label>
          <select
            id="invite-role"
            name="role"
            defaultValue={answer?.values.role ?? 'sales'}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errorId('role')}
            className={staffInputClasses(Boolean(errors.role))}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {fieldError('role')}
        </div>
        <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
          {sending ? 'Inviting…' : 'Send the invitation'}
        </button>
      </StaffForm>
    </Card>
  );
}

export const staffInvitePage: StaffPageModule = { Component: StaffInvite, action: inviteAction };
