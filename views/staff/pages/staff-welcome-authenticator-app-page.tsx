import { data, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffEnrolmentContext, type AuthenticatorAppSetup } from '../../../src/staff/staff-enrolment';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffField } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { formText, unlessStoreDown } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

/** This page holds the key: never kept anywhere, and never recompressed on the way (ASVS 6.5, decision 011's flow 2). */
const KEY_HEADERS = { 'Cache-Control': 'no-store, no-transform' };

/** The app being set up, or null when the set-up must be started (again) with a new key. */
type AuthenticatorPageData = { setup: AuthenticatorAppSetup | null };

async function authenticatorLoader({ context }: LoaderFunctionArgs): Promise<AuthenticatorPageData> {
  const enrolment = context.get(staffEnrolmentContext);
  const request = context.get(staffRequestContext);
  return unlessStoreDown(async () => {
    const progress = await enrolment.progress(request);
    if (!progress.password) throw redirect('/staff/welcome/password', 303);
    if (progress.authenticatorApp) throw redirect('/staff/welcome/recovery-codes', 303);
    request.headers = { ...request.headers, ...KEY_HEADERS };
    return { setup: await enrolment.authenticatorAppSetup(request) };
  });
}

/** A code from the app confirms it (and is used up); `intent=new-key` starts over with a new key. */
async function authenticatorAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const enrolment = context.get(staffEnrolmentContext);
  const staffRequest = context.get(staffRequestContext);
  return unlessStoreDown(async () => {
    if (formText(form, 'intent') === 'new-key') {
      await enrolment.startAuthenticatorApp(staffRequest);
      return redirect('/staff/welcome/authenticator-app', 303);
    }
    const confirmed = await enrolment.confirmAuthenticatorApp(formText(form, 'code'), staffRequest);
    if (confirmed.ok) return redirect('/staff/welcome/recovery-codes', 303);
    return data({ error: confirmed.message }, { status: 400 });
  });
}

/**
 * /staff/welcome/authenticator-app: the QR code to scan, the otpauth:// address as a link (it opens
 * the app on the phone itself) and the key in groups of four to type in by hand; then a current code.
 */
function StaffWelcomeAuthenticatorApp() {
  const { setup } = useLoaderData<AuthenticatorPageData>();
  const refused = useActionData<{ error: string }>();
  const sending = useNavigation().state === 'submitting';
  const errorId = refused ? 'code-error' : undefined;
  return (
    <Card as="section" className="mx-auto max-w-xl p-5 sm:p-8">
      <p className="text-sm font-semibold text-brand-700">Step 2 of 3</p>
      <h1 id="app-title" className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
        Add the authenticator app
      </h1>
      {setup ? (
        <>
          <p className="mt-2 text-ink-700">
            In an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy, or your phone’s passwords app), add an account by scanning this
            code:
          </p>
          <img
            src={setup.qrCodeDataUrl}
            alt="QR code of the authenticator app key for your staff account"
            width={240}
            height={240}
            className="mx-auto mt-4 size-60 bg-white"
          />
          <p className="mt-4 text-sm text-ink-700">On this phone? Open the app with the key in one tap:</p>
          <p className="mt-2">
            <a href={setup.uri} className={`${buttonClasses('secondary', 'md')} w-full py-2 text-center`}>
              Open the authenticator app with the key
            </a>
          </p>
          <p className="mt-3 text-sm text-ink-700">Or type this key into the app (time-based, 6 digits):</p>
          <p className="mt-1 select-all break-words rounded-xl bg-ink-100 px-4 py-3 font-mono text-lg tracking-wide text-ink-900" data-testid="authenticator-key">
            {setup.key}
          </p>
          {refused ? (
            <p id="code-error" role="alert" className="mt-5 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
              {refused.error}
            </p>
          ) : null}
          <StaffForm aria-labelledby="app-title" className="mt-5 space-y-5">
            <StaffField
              id="app-code"
              name="code"
              type="text"
              label="Code from the app"
              hint="The 6 digits it shows now for this account."
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]*"
              required
              errorId={errorId}
            />
            <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
              Confirm and continue
            </button>
          </StaffForm>
        </>
      ) : (
        <p className="mt-2 text-ink-700">Start with a new key for your authenticator app.</p>
      )}
      <StaffForm className="mt-6">
        <input type="hidden" name="intent" value="new-key" />
        <button type="submit" className={buttonClasses(setup ? 'ghost' : 'primary', 'md')}>
          {setup ? 'Use a new key instead' : 'Make a key'}
        </button>
      </StaffForm>
    </Card>
  );
}

export const staffWelcomeAuthenticatorAppPage: StaffPageModule = { Component: StaffWelcomeAuthenticatorApp, loader: authenticatorLoader, action: authenticatorAction };
