import { data, redirect, type RouterContextProvider } from 'react-router';
import { StoreUnavailableError } from '../../../src/db/store-unavailable-error';
import { ConfirmationRequiredError, type StaffAccountChange } from '../../../src/staff/staff-accounts';
import { StaffForbiddenError } from '../../../src/staff/staff-permissions';
import { safeReturnTo } from '../../../src/staff/safe-return-to';
import { requireConfirmation } from './require-confirmation';

// How the owner's pages and the account page answer what the services raise: a role without the
// permission is a 403 page, a change without a recent confirmation goes to /staff/confirm and
// back, and a database outage is a 503 page that says nothing was changed.

/** The answer of a refused change, for the page to show beside its form (what was typed is never sent back). */
export interface ChangeRefusal {
  intent: string;
  error: string;
}

/** Runs a loader's or action's work with the services' errors turned into the staff area's answers. */
export async function staffAnswer<T>(work: () => Promise<T>, returnTo: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffForbiddenError) throw data(error.publicMessage, { status: 403 });
    if (error instanceof ConfirmationRequiredError) throw redirect(`/staff/confirm?returnTo=${encodeURIComponent(safeReturnTo(returnTo) ?? '/staff')}`, 303);
    if (error instanceof StoreUnavailableError) throw data(error.visitorMessage, { status: 503 });
    throw error;
  }
}

/**
 * A sensitive change (decision 011, flow 4): asks for "confirm it's you" first unless it was done
 * within 5 minutes, then runs the change with the services' errors answered as above.
 */
export function confirmedChange<T>(context: Readonly<RouterContextProvider>, returnTo: string, work: () => Promise<T>): Promise<T> {
  requireConfirmation(context, returnTo);
  return staffAnswer(work, returnTo);
}

/** A refused change as the page's action data, with the status the service gave (404, 409) or 400. */
export function refused(intent: string, change: Exclude<StaffAccountChange, { ok: true }> | { status: number; message: string }) {
  return data<ChangeRefusal>({ intent, error: change.message }, { status: change.status });
}

/** One field of a posted form as text ('' when absent). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
