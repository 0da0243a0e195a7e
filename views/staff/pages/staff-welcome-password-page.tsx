import { data, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { PASSWORD_HINT } from '../../../src/staff/password-rules';
import { staffEnrolmentContext } from '../../../src/staff/staff-enrolment';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffField } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { formText, unlessStoreDown } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

interface PasswordPageData {
  /** The account's e-mail, in the hidden username field a password manager saves the password under. */
  email: string;
  /** A password is set already: choosing again replaces it. */
  replacing: boolean;
}

async function passwordLoader({ context }: LoaderFunctionArgs): Promise<PasswordPageData> {
  const progress = await unlessStoreDown(() => context.get(staffEnrolmentContext).progress(context.get(staffRequestContext)));
  if (progress.authenticatorApp) throw redirect('/staff/welcome', 303);
  return { email: progress.email, replacing: progress.password };
}

/** The new password, checked on the server (length, the common list, the context words) and kept as its argon2id hash; then the app. */
async function passwordAction({ request, context }: ActionFunctionArgs) {
  const password = formText(await request.formData(), 'password');
  const result = await unlessStoreDown(() => context.get(staffEnrolmentContext).setPassword(password, context.get(staffRequestContext)));
  if (result.ok) return redirect('/staff/welcome/authenticator-app', 303);
  // The reason only: what was typed is never sent back.
  return data({ error: result.message }, { status: 400 });
}

/** /staff/welcome/password: the first step of the password path. Paste and password managers welcome; no maximum in the field. */
function StaffWelcomePassword() {
  const { email, replacing } = useLoaderData<PasswordPageData>();
  const refused = useActionData<{ error: string }>();
  const sending = useNavigation().state === 'submitting';
  const errorId = refused ? 'password-error' : undefined;
  return (
    <Card as="section" className="mx-auto max-w-md p-5 sm:p-8">
      <p className="text-sm font-semibold text-brand-700">Step 1 of 3</p>
      <h1 id="password-title" className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
        Choose a password
      </h1>
      {replacing ? <p className="mt-2 text-sm text-ink-700">You chose a password already; a new one here replaces it.</p> : null}
      {refused ? (
        <p id="password-error" role="alert" className="mt-5 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refused.error}
        </p>
      ) : null}
      <StaffForm aria-labelledby="password-title" className="mt-5 space-y-5">
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <StaffField id="new-password" name="password" type="password" label="New password" hint={PASSWORD_HINT} autoComplete="new-password" required errorId={errorId} />
        <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
          {sending ? 'Saving…' : 'Save and continue'}
        </button>
      </StaffForm>
      <p className="mt-6 text-sm">
        <Link to="/staff/welcome" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Back to the choice of sign-in methods
        </Link>
      </p>
    </Card>
  );
}

export const staffWelcomePasswordPage: StaffPageModule = { Component: StaffWelcomePassword, loader: passwordLoader, action: passwordAction };
