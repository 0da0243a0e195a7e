import { redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { safeReturnTo } from '../../../src/staff/safe-return-to';
import { SIGN_IN_THROTTLED_MESSAGE, staffSignInContext, type ConfirmationMethods } from '../../../src/staff/staff-sign-in';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { PasskeyRequest } from '../components/passkey-request';
import { PasswordAndCodeFields } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { formText, minutesUntil, passwordAttemptOf, refusal, unlessPasskeyOptions, unlessStoreDown, wantsRecoveryCode, type SignInAnswer } from './sign-in-answers';
import { useStaffLayout } from '../layout/staff-layout';
import type { StaffPageModule } from '../layout/staff-page-module';

/** The one answer to a failed confirmation: no hint which part was wrong. */
export const CONFIRMATION_REFUSED_MESSAGE = 'That password and code do not match your account';

interface ConfirmPageData {
  methods: ConfirmationMethods;
  recoveryCode: boolean;
}

async function confirmLoader({ request, context }: LoaderFunctionArgs): Promise<ConfirmPageData> {
  return unlessStoreDown(async () => ({
    methods: await context.get(staffSignInContext).confirmationMethods(context.get(staffRequestContext)),
    recoveryCode: wantsRecoveryCode(new URL(request.url)),
  }));
}

/**
 * "Confirm it's you" (decision 011, flow 4): what sign-in asks, a password with the app's code (or a
 * recovery code) or a passkey, for the signed-in person. Confirmed: the session gets a new token and
 * the person goes back to the page (a staff page only), where they send their change again.
 */
async function confirmAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const signIn = context.get(staffSignInContext);
  const staffRequest = context.get(staffRequestContext);
  const intent = formText(form, 'intent');
  return unlessStoreDown(async () => {
    if (intent === 'passkey-options') {
      const requested = await signIn.passkeyOptions('confirmation', staffRequest);
      return requested.outcome === 'options' ? ({ passkeyOptions: requested.options } satisfies SignInAnswer) : refusal(requested, {}, { request, context });
    }
    const outcome =
      intent === 'passkey'
        ? await signIn.confirmWithPasskey(formText(form, 'response'), staffRequest)
        : await signIn.confirmWithPassword(passwordAttemptOf(form, url), staffRequest);
    if (outcome.outcome === 'signed-in') return redirect(safeReturnTo(url.searchParams.get('returnTo')) ?? '/staff', 303);
    return refusal(outcome, intent === 'passkey' ? { via: 'passkey' } : {}, { request, context });
  });
}

/** /staff/confirm: before a sensitive change, the person shows again that it is them. */
function StaffConfirm() {
  const { methods, recoveryCode } = useLoaderData<ConfirmPageData>();
  const { staff } = useStaffLayout();
  const answer = useActionData<SignInAnswer>();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === null;
  // A passkey's refusal is shown beside the passkey button.
  const error = answer?.via === 'passkey' ? undefined : answer?.error;
  const errorId = error ? 'confirm-error' : undefined;
  return (
    <Card as="section" className="mx-auto max-w-md p-5 sm:p-8">
      <h1 id="confirm-title" className="text-2xl font-extrabold tracking-tight text-ink-900">
        Confirm it’s you
      </h1>
      <p className="mt-1 text-sm text-ink-700">
        This change needs your sign-in again. Afterwards you go back to the page and send it once more; for 5 minutes you will not be asked again.
      </p>
      {error ? (
        <div id="confirm-error" role="alert" className="mt-5 rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700">
          {error === 'throttled' ? (
            <>
              <p className="font-bold">{SIGN_IN_THROTTLED_MESSAGE}</p>
              <p className="mt-1">Please wait {minutesUntil(answer?.retryAfterSeconds ?? 60)} and try again.</p>
            </>
          ) : (
            <p className="font-semibold">{CONFIRMATION_REFUSED_MESSAGE}</p>
          )}
        </div>
      ) : null}
      {methods.password ? (
        <StaffForm aria-labelledby="confirm-title" className="mt-5 space-y-5">
          {/* For password managers: which account this password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={staff?.email ?? ''} readOnly hidden />
          <PasswordAndCodeFields idPrefix="confirm" recoveryCode={recoveryCode} errorId={errorId} />
          <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
            {sending ? 'Confirming…' : 'Confirm'}
          </button>
        </StaffForm>
      ) : null}
      {methods.passkey ? (
        <PasskeyRequest label="Confirm with a passkey" autofill={false} refusedMessage="That passkey did not confirm it’s you. Use a passkey of your own account." />
      ) : null}
      {methods.passkey && !methods.password ? (
        <noscript>
          <p className="mt-5 text-sm text-ink-700">Confirming with a passkey needs JavaScript. Please turn it on for this site.</p>
        </noscript>
      ) : null}
    </Card>
  );
}

export const staffConfirmPage: StaffPageModule = { Component: StaffConfirm, loader: confirmLoader, action: confirmAction, shouldRevalidate: unlessPasskeyOptions };
