import { data, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffEnrolmentContext, type EnrolmentProgress } from '../../../src/staff/staff-enrolment';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { PasskeyRegistration, type PasskeyRegistrationAnswer } from '../components/passkey-registration';
import { StaffForm } from '../components/staff-form';
import { formText, unlessPasskeyOptions, unlessStoreDown } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

function welcomeLoader({ context }: LoaderFunctionArgs): Promise<EnrolmentProgress> {
  return unlessStoreDown(() => context.get(staffEnrolmentContext).progress(context.get(staffRequestContext)));
}

/** Reads a passkey's JSON as the browser sent it; anything else is no registration. */
function parsedResponse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The welcome page's action: a passkey's registration (its options, then the browser's answer,
 * which finishes the enrolment at once), or "Finish" once a password, an authenticator app and the
 * recovery codes are set up. Finished: the person is signed in, 303 to /staff.
 */
async function welcomeAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const enrolment = context.get(staffEnrolmentContext);
  const staffRequest = context.get(staffRequestContext);
  const intent = formText(form, 'intent');
  return unlessStoreDown(async () => {
    if (intent === 'passkey-options') return { passkeyOptions: await enrolment.passkeyRegistrationOptions(staffRequest) } satisfies PasskeyRegistrationAnswer;
    if (intent === 'passkey') {
      const added = await enrolment.addPasskey(parsedResponse(formText(form, 'response')), staffRequest);
      if (!added.ok) return data<PasskeyRegistrationAnswer>({ error: added.message }, { status: 400 });
    }
    if (await enrolment.complete(staffRequest)) return redirect('/staff', 303);
    return data<PasskeyRegistrationAnswer>({ error: 'Set up a passkey, or a password with an authenticator app and recovery codes, first.' }, { status: 400 });
  });
}

/** The password path's next step, as a link. */
function nextPasswordStep(progress: EnrolmentProgress): { to: string; label: string } {
  if (!progress.password) return { to: '/staff/welcome/password', label: 'Choose a password' };
  if (!progress.authenticatorApp) return { to: '/staff/welcome/authenticator-app', label: 'Set up the authenticator app' };
  return { to: '/staff/welcome/recovery-codes', label: 'Get your recovery codes' };
}

function Step({ done, children }: { done: boolean; children: string }) {
  return (
    <li className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`inline-flex size-5 items-center justify-center rounded-full text-xs font-bold ${done ? 'bg-brand-600 text-white' : 'bg-ink-200 text-ink-700'}`}
      >
        {done ? '✓' : ''}
      </span>
      <span>
        {children}
        <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
      </span>
    </li>
  );
}

/**
 * /staff/welcome: after accepting an invitation, the person chooses how to sign in — a passkey (with
 * JavaScript), or a password with an authenticator app (every step a plain form) — and finishes.
 */
function StaffWelcome() {
  const progress = useLoaderData<EnrolmentProgress>();
  const refused = useActionData<PasskeyRegistrationAnswer>();
  const finishing = useNavigation().formData?.get('intent') === 'finish';
  const next = nextPasswordStep(progress);
  return (
    <section aria-labelledby="welcome-title" className="mx-auto max-w-2xl">
      <h1 id="welcome-title" className="text-2xl font-extrabold tracking-tight text-ink-900">
        Welcome, {progress.name}
      </h1>
      <p className="mt-1 text-ink-700">
        Set up how you will sign in as {progress.email}. Either way, signing in takes two things, so a stolen password alone opens nothing.
      </p>
      {progress.complete ? (
        <Card className="mt-6 p-5 sm:p-6">
          <h2 className="text-lg font-bold text-ink-900">You are set up</h2>
          <p className="mt-1 text-sm text-ink-700">Your sign-in methods are ready.</p>
          {refused?.error ? (
            <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
              {refused.error}
            </p>
          ) : null}
          <StaffForm className="mt-4">
            <input type="hidden" name="intent" value="finish" />
            <button type="submit" disabled={finishing} className={`${buttonClasses('primary', 'lg')} w-full sm:w-auto`}>
              Go to the staff area
            </button>
          </StaffForm>
        </Card>
      ) : (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Card as="section" className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-ink-900">A passkey</h2>
            <p className="mt-1 text-sm text-ink-700">Sign in with this phone’s or computer’s face, fingerprint or screen lock. Nothing to remember or type.</p>
            <PasskeyRegistration action="/staff/welcome" label="Add a passkey" />
          </Card>
          <Card as="section" className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-ink-900">A password and an authenticator app</h2>
            <ol className="mt-3 space-y-2 text-sm text-ink-800">
              <Step done={progress.password}>Choose a password</Step>
              <Step done={progress.authenticatorApp}>Add the authenticator app</Step>
              <Step done={progress.recoveryCodes}>Save ten recovery codes</Step>
            </ol>
            <p className="mt-4">
              <Link to={next.to} className={`${buttonClasses('secondary', 'lg')} w-full`}>
                {next.label}
              </Link>
            </p>
          </Card>
        </div>
      )}
    </section>
  );
}

export const staffWelcomePage: StaffPageModule = { Component: StaffWelcome, loader: welcomeLoader, action: welcomeAction, shouldRevalidate: unlessPasskeyOptions };
