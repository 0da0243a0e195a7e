import { redirect, type ActionFunctionArgs } from 'react-router';
import { staffRequestContext, staffSessionsContext } from '../../../src/route-context/staff-route-context';
import type { StaffPageModule } from '../layout/staff-page-module';

/** `POST /staff/sign-out` (the button in every signed-in page's header): the session ends on the server. */
async function signOutAction({ context }: ActionFunctionArgs) {
  await context.get(staffSessionsContext).signOut(context.get(staffRequestContext));
  return redirect('/staff/sign-in', 303);
}

/** Signing out changes state, so only a post does it; a visit to the address is told so (405). */
function signOutLoader(): never {
  throw new Response('Sign out with the button at the top of any staff page.', { status: 405, headers: { Allow: 'POST' } });
}

function SignOutPage() {
  return null;
}

export const staffSignOut: StaffPageModule = { Component: SignOutPage, loader: signOutLoader, action: signOutAction };
