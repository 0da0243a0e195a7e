import { redirect, type RouterContextProvider } from 'react-router';
import { staffRequestContext, staffSessionsContext } from '../../../src/route-context/staff-route-context';
import { safeReturnTo } from '../../../src/staff/safe-return-to';

/**
 * For the action of a sensitive change (a sign-in method, a role, a person, sessions; decision 011,
 * flow 4): unless the person signed in or confirmed it's them within the last 5 minutes, it throws
 * a 303 to /staff/confirm, which returns to `returnTo` (the page, where they submit again: a post is
 * never replayed). Call it before changing anything.
 *
 *   requireConfirmation(context, '/staff/account');
 */
export function requireConfirmation(context: Readonly<RouterContextProvider>, returnTo: string): void {
  if (context.get(staffSessionsContext).isRecentlyConfirmed(context.get(staffRequestContext))) return;
  throw redirect(`/staff/confirm?returnTo=${encodeURIComponent(safeReturnTo(returnTo) ?? '/staff')}`, 303);
}
