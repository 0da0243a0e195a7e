import { data, type ActionFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { StoreUnavailableError } from '../../../src/db/store-unavailable-error';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import type { StaffSignInOutcome } from '../../../src/staff/staff-sign-in';
import type { PasskeyStepAnswer } from '../components/passkey-request';
import { STAFF_ROUTE_HEADER } from '../layout/server-data-routes';

// What the sign-in and confirmation actions share: they answer a refusal, a throttle and a
// database outage the same way, and read the same form fields.

/** What the sign-in and confirmation actions answer when they do not sign in or confirm. */
export interface SignInAnswer extends PasskeyStepAnswer {
  /** The e-mail as typed, to fill the form again (never the password or the code). */
  email?: string;
}

/** One field of a posted form as text ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Whether the form asks for a recovery code instead of the app's code (`?with=recovery-code`). */
export function wantsRecoveryCode(url: URL): boolean {
  return url.searchParams.get('with') === 'recovery-code';
}

/** The password and the second factor a sign-in or confirmation form posted. */
export function passwordAttemptOf(form: FormData, url: URL) {
  return {
    password: formText(form, 'password'),
    secondFactor: wantsRecoveryCode(url)
      ? ({ kind: 'recovery-code', recoveryCode: formText(form, 'recoveryCode') } as const)
      : ({ kind: 'code', code: formText(form, 'code') } as const),
  };
}

/**
 * Refused (400) or throttled (429, with `Retry-After` in seconds, which the staff controller writes),
 * as the page shows it.
 */
export function refusal(
  outcome: Exclude<StaffSignInOutcome, { outcome: 'signed-in' }>,
  answer: SignInAnswer,
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
) {
  if (outcome.outcome === 'throttled') {
    context.get(staffRequestContext).headers = { 'Retry-After': String(outcome.retryAfterSeconds) };
    return withStatus(request, { ...answer, error: 'throttled', retryAfterSeconds: outcome.retryAfterSeconds }, 429);
  }
  return withStatus(request, { ...answer, error: 'refused' }, 400);
}

/**
 * The answer with its status for a page rendered on the server. The browser's router (through the
 * staff bridge) gets the bare answer: React Router's queryRoute turns any data() into a thrown
 * Response, which the bridge can only pass on as a route error, and the form would be replaced by
 * an error page instead of showing the refusal.
 */
function withStatus(request: Request, answer: SignInAnswer, status: number) {
  return request.headers.has(STAFF_ROUTE_HEADER) ? answer : data<SignInAnswer>(answer, { status });
}

/** A database outage is a 503 page that says so: never signed in, never confirmed, never unthrottled. */
export async function unlessStoreDown<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw data(error.visitorMessage, { status: 503 });
    throw error;
  }
}

/** Asking for a passkey request changes nothing a page shows, so no loader runs again after it. */
export const unlessPasskeyOptions: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'passkey-options' ? false : defaultShouldRevalidate;

/** "a minute", "7 minutes": how long a throttled person waits. */
export function minutesUntil(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}
