import { redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { safeReturnTo } from '../../../src/staff/safe-return-to';
import { SIGN_IN_REFUSED_MESSAGE, SIGN_IN_THROTTLED_MESSAGE, staffSignInContext } from '../../../src/staff/staff-sign-in';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { PasskeyRequest } from '../components/passkey-request';
import { PasswordAndCodeFields, StaffField } from '../components/sign-in-fields';
import { formText, minutesUntil, passwordAttemptOf, refusal, unlessPasskeyOptions, unlessStoreDown, wantsRecoveryCode, type SignInAnswer } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

interface SignInPageData {
  /** `?with=recovery-code`: the form asks for a recovery code instead of the app's code. */
  recoveryCode: boolean;
}

function signInLoader({ request, context }: LoaderFunctionArgs): SignInPageData {
  // Signed in already: the staff home (an enrolling person is sent on to the welcome pages from there).
  if (context.get(staffRequestContext).session) throw redirect('/staff', 303);
  return { recoveryCode: wantsRecoveryCode(new URL(request.url)) };
}

/**
 * The one sign-in form's action, with and without JavaScript: a password with the app's code (or a
 * recovery code), or a passkey (first its request options, then the browser's answer). Signed in:
 * 303 to the page the person came from (a staff page only) or /staff.
 */
async function signInAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const signIn = context.get(staffSignInContext);
  const staffRequest = context.get(staffRequestContext);
  const intent = formText(form, 'intent');
  return unlessStoreDown(async () => {
    if (intent === 'passkey-options') {
      const requested = await signIn.passkeyOptions('sign-in', staffRequest);
      return requested.outcome === 'options' ? ({ passkeyOptions: requested.options } satisfies SignInAnswer) : refusal(requested, {}, { request, context });
    }
    const email = formText(form, 'email');
    const outcome =
      intent === 'passkey'
        ? await signIn.signInWithPasskey(formText(form, 'response'), staffRequest)
        : await signIn.signInWithPassword({ email, ...passwordAttemptOf(form, url) }, staffRequest);
    if (outcome.outcome === 'signed-in') return redirect(safeReturnTo(url.searchParams.get('returnTo')) ?? '/staff', 303);
    return refusal(outcome, intent === 'passkey' ? { via: 'passkey' } : { email }, { request, context });
  });
}

/**
 * /staff/sign-in: one form, no half-signed-in state. The e-mail field offers the browser's passkeys
 * too (`username webauthn`), and with JavaScript a button signs in with a passkey.
 */
function StaffSignIn() {
  const { recoveryCode } = useLoaderData<SignInPageData>();
  const answer = useActionData<SignInAnswer>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === null;
  // A passkey's refusal is shown beside the passkey button.
  const error = answer?.via === 'passkey' ? undefined : answer?.error;
  const errorId = error ? 'sign-in-error' : undefined;
  return (
    <Card as="section" className="mx-auto max-w-md p-5 sm:p-8">
      <h1 id="sign-in-title" className="text-2xl font-extrabold tracking-tight text-ink-900">
        Sign in
      </h1>
      <p className="mt-1 text-sm text-ink-700">For the dealership’s staff.</p>
      {error ? (
        <div id="sign-in-error" role="alert" className="mt-5 rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700">
          {error === 'throttled' ? (
            <>
              <p className="font-bold">{SIGN_IN_THROTTLED_MESSAGE}</p>
              <p className="mt-1">Please wait {minutesUntil(answer?.retryAfterSeconds ?? 60)} and try again, or sign in with a passkey.</p>
            </>
          ) : (
            <p className="font-semibold">{SIGN_IN_REFUSED_MESSAGE}</p>
          )}
        </div>
      ) : null}
      <StaffForm aria-labelledby="sign-in-title" className="mt-5 space-y-5">
        <StaffField
          id="sign-in-email"
          name="email"
          type="email"
          label="E-mail"
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={answer?.email ?? ''}
          errorId={errorId}
        />
        <PasswordAndCodeFields idPrefix="sign-in" recoveryCode={recoveryCode} errorId={errorId} />
        <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
          {sending ? 'Signing in…' : 'Sign in'}
        </button>
      </StaffForm>
      <PasskeyRequest label="Sign in with a passkey" autofill refusedMessage="That passkey did not sign you in. Try again, or use your password and code." />
      <p className="mt-6 text-sm text-ink-600">No account, or locked out? Ask an owner of the dealership: they can invite you or reset your sign-in methods.</p>
    </Card>
  );
}

export const staffSignInPage: StaffPageModule = { Component: StaffSignIn, loader: signInLoader, action: signInAction, shouldRevalidate: unlessPasskeyOptions };
