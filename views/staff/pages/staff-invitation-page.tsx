import { data, redirect, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { businessReadableTime } from '../../../src/business/business-time';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { staffEnrolmentContext, type InvitationView } from '../../../src/staff/staff-enrolment';
import { STAFF_ROLE_LABELS } from '../../../src/staff/staff-role';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { formText, minutesUntil, unlessStoreDown } from './sign-in-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

interface InvitationPageData {
  /** Loader data travels as JSON (the hydration data, the browser router's answers): the expiry as an ISO string. */
  invitation: Omit<InvitationView, 'expiresAt'> & { expiresAt: string };
  /** The link's token, posted back by the Accept button (the form's address carries none, so no log line can). */
  token: string;
}

const NOT_FOUND =
  'This invitation link does not work: it was used already, it has expired (links work for 24 hours) or a newer invitation replaced it. Ask whoever invited you for a new one.';

/** Unknown, used or expired (404), or too many such links from this address lately (429 with Retry-After). */
function refusedLink(outcome: { kind: 'not-found' } | { kind: 'throttled'; retryAfterSeconds: number }, context: LoaderFunctionArgs['context']): never {
  if (outcome.kind === 'throttled') {
    context.get(staffRequestContext).headers = { 'Retry-After': String(outcome.retryAfterSeconds) };
    throw data(`Too many invitation links that do not work were opened from here. Please wait ${minutesUntil(outcome.retryAfterSeconds)} and try again.`, {
      status: 429,
    });
  }
  throw data(NOT_FOUND, { status: 404 });
}

/** GET /staff/invitation?token=…: whom the invitation is for. It changes nothing, so a mail scanner opening the link uses nothing up. */
async function invitationLoader({ request, context }: LoaderFunctionArgs): Promise<InvitationPageData> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const found = await unlessStoreDown(() => context.get(staffEnrolmentContext).findInvitation(token, context.get(staffRequestContext)));
  if (found.kind !== 'found') refusedLink(found, context);
  return { invitation: { ...found.invitation, expiresAt: found.invitation.expiresAt.toISOString() }, token };
}

/** Accept: the invitation is used (once) and an enrolment session starts, 303 to the welcome pages. */
async function invitationAction({ request, context }: ActionFunctionArgs) {
  const token = formText(await request.formData(), 'token');
  const accepted = await unlessStoreDown(() => context.get(staffEnrolmentContext).acceptInvitation(token, context.get(staffRequestContext)));
  if (accepted.kind === 'accepted') return redirect('/staff/welcome', 303);
  // The action's refusal replaces the page, as the loader's would.
  return refusedLink(accepted, context);
}

function StaffInvitation() {
  const { invitation, token } = useLoaderData<InvitationPageData>();
  const sending = useNavigation().state === 'submitting';
  return (
    <Card as="section" className="mx-auto max-w-md p-5 sm:p-8">
      <h1 id="invitation-title" className="text-2xl font-extrabold tracking-tight text-ink-900">
        Your invitation
      </h1>
      <p className="mt-3 text-ink-700">
        This invitation is for <strong className="text-ink-900">{invitation.name}</strong> ({invitation.email}), with the {STAFF_ROLE_LABELS[invitation.role]} role.
      </p>
      <p className="mt-2 text-sm text-ink-600">The link works once, until {businessReadableTime(new Date(invitation.expiresAt))}.</p>
      <p className="mt-2 text-sm text-ink-600">Accepting takes you to setting up how you sign in: a passkey, or a password and an authenticator app.</p>
      <StaffForm action="/staff/invitation" aria-labelledby="invitation-title" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full`}>
          {sending ? 'Accepting…' : 'Accept'}
        </button>
      </StaffForm>
      <p className="mt-6 text-sm text-ink-600">Not you? Close this page: nothing happens unless the invitation is accepted.</p>
    </Card>
  );
}

export const staffInvitationPage: StaffPageModule = { Component: StaffInvitation, loader: invitationLoader, action: invitationAction };
