import { isRouteErrorResponse, type DataStrategyFunction, type DataStrategyResult, type RouterContextProvider } from 'react-router';
import { staffRequestContext } from '../../src/route-context/staff-route-context';
import { StoreUnavailableError } from '../../src/db/store-unavailable-error';
import { StaffForbiddenError } from '../../src/staff/staff-permissions';

/** An error a staff loader or action may raise, as the answer a person should see: its status and a plain reason. */
function asErrorAnswer(error: unknown): Response | null {
  if (error instanceof StoreUnavailableError) return new Response(error.visitorMessage, { status: 503, headers: { 'Retry-After': '30' } });
  if (error instanceof StaffForbiddenError) return new Response(error.publicMessage, { status: 403 });
  return null;
}

/**
 * How the staff route table's loaders and actions run on the server (views/staff/staff-entry-server.tsx):
 * as React Router runs them, except that a database outage becomes a 503 and a permission a service
 * refused becomes a 403, each with its reason on the staff error page, instead of a bare 500. A
 * staff page fails closed: nothing in it was read or changed.
 */
export const staffDataStrategy: DataStrategyFunction<unknown> = async ({ matches, context }) => {
  const results = await Promise.all(
    matches.filter((match) => match.shouldLoad).map(async (match): Promise<[string, DataStrategyResult]> => [match.route.id, await match.resolve()]),
  );
  return Object.fromEntries(
    results.map(([id, result]) => {
      const answer = result.type === 'error' ? asErrorAnswer(result.result) : null;
      // Anything else that failed is logged by the staff controller (ASVS 16.3.4); the person sees a plain 500.
      if (result.type === 'error' && !answer && !isRouteErrorResponse(result.result) && !(result.result instanceof Response)) {
        ((context as RouterContextProvider).get(staffRequestContext).failures ??= []).push(result.result);
      }
      return [id, answer ? { type: 'error', result: answer } : result];
    }),
  );
};
