import { data, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffEnrolmentContext } from '../../../src/staff/staff-enrolment';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { unlessStoreDown } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

type RecoveryCodesPageData = { made: boolean };
type RecoveryCodesAnswer = { codes: string[] } | { error: string };

async function recoveryCodesLoader({ context }: LoaderFunctionArgs): Promise<RecoveryCodesPageData> {
  const progress = await unlessStoreDown(() => context.get(staffEnrolmentContext).progress(context.get(staffRequestContext)));
  if (!progress.authenticatorApp) throw redirect('/staff/welcome', 303);
  return { made: progress.recoveryCodes };
}

/**
 * Makes the ten codes and answers them, once: only their hashes are kept, and this answer is
 * neither stored nor recompressed on the way (`no-store, no-transform`).
 */
async function recoveryCodesAction({ context }: ActionFunctionArgs) {
  const request = context.get(staffRequestContext);
  const codes = await unlessStoreDown(() => context.get(staffEnrolmentContext).createRecoveryCodes(request));
  if (!codes) return data<RecoveryCodesAnswer>({ error: 'Your recovery codes were made already and are shown only once.' }, { status: 409 });
  request.headers = { ...request.headers, 'Cache-Control': 'no-store, no-transform' };
  return { codes } satisfies RecoveryCodesAnswer;
}

function FinishForm() {
  const finishing = useNavigation().state === 'submitting';
  return (
    <StaffForm action="/staff/welcome" className="mt-6">
      <input type="hidden" name="intent" value="finish" />
      <button type="submit" disabled={finishing} className={`${buttonClasses('primary', 'lg')} w-full`}>
        I have saved them: go to the staff area
      </button>
    </StaffForm>
  );
}

/**
 * /staff/welcome/recovery-codes: ten codes that each stand in for the authenticator app once, for a
 * lost phone. Shown once, on the answer to the button; then the enrolment finishes.
 */
function StaffWelcomeRecoveryCodes() {
  const { made } = useLoaderData<RecoveryCodesPageData>();
  const answer = useActionData<RecoveryCodesAnswer>();
  const making = useNavigation().state === 'submitting';
  const codes = answer && 'codes' in answer ? answer.codes : null;
  return (
    <Card as="section" className="mx-auto max-w-md p-5 sm:p-8">
      <p className="text-sm font-semibold text-brand-700">Step 3 of 3</p>
      <h1 id="codes-title" className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
        Recovery codes
      </h1>
      {codes ? (
        <>
          <p className="mt-2 text-ink-700">
            Save these now: print them, or keep them in your password manager. <strong>They are shown only this once.</strong> Each one works once, in place of the app’s
            code, with your password.
          </p>
          <ol
            aria-label="Your recovery codes"
            className="mt-4 grid grid-cols-2 gap-2 rounded-xl bg-ink-100 p-4 font-mono text-base text-ink-900"
            data-testid="recovery-codes"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <FinishForm />
        </>
      ) : made ? (
        <>
          <p className="mt-2 text-ink-700">Your recovery codes were shown once already. If you did not save them, you can make new ones on your account page later.</p>
          <FinishForm />
        </>
      ) : (
        <>
          <p className="mt-2 text-ink-700">
            If you lose your phone, a recovery code signs you in with your password instead of the app’s code. You get ten, each usable once, shown only once.
          </p>
          {answer && 'error' in answer ? (
            <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
              {answer.error}
            </p>
          ) : null}
          <StaffForm aria-labelledby="codes-title" className="mt-6">
            <button type="submit" disabled={making} className={`${buttonClasses('primary', 'lg')} w-full`}>
              Show my recovery codes
            </button>
          </StaffForm>
        </>
      )}
    </Card>
  );
}

export const staffWelcomeRecoveryCodesPage: StaffPageModule = { Component: StaffWelcomeRecoveryCodes, loader: recoveryCodesLoader, action: recoveryCodesAction };
