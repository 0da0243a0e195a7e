import { isRouteErrorResponse, type DataStrategyFunction, type DataStrategyResult, type RouterContextProvider } from 'react-router';
import { staffRequestContext } from '../../src/route-context/staff-route-context';
import { StoreUnavailableError } from '../../src/db/store-unavailable-error';
import { StaffForbiddenError } from '../../src/staff/staff-permissions';

/** An error a staff loader or action may raise, as the answer a person should see: its status and a plain reason. */
function asErrorAnswer(error: unknown): Response | null {
  if (error instanceof StoreUnavailableError) return new Response(error.visitorMessage, { status: 503, headers: { 'Retry-After': '30' } });
  if (error instanceof StaffForbiddenError) return new Response(error.publicMessage, { status: 403 });
  // A service's refusal that names its status and a reason meant for the person (NotEnrollingError, ConfirmationRequiredError…).
  const { status, publicMessage } = (error ?? {}) as { status?: unknown; publicMessage?: unknown };
  if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500 && typeof publicMessage === 'string') {
    return new Response(publicMessage, { status });
  }
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

/** React Router's `data(value, { status })` result, which it exports no test for. */
function isDataWithStatus(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/**
 * The same for one route asked for by the browser's staff router (views/staff/layout/server-data-routes.ts):
 * an answer the page shows as data, such as a refused form with its reasons (`data(values, { status:
 * 400 })`), goes back as data. Its status is for the page a form without JavaScript comes back to;
 * React Router would otherwise turn it into a route error and replace the form with an error page.
 */
export const bridgedDataStrategy: DataStrategyFunction<unknown> = async (args) => {
  const results = await staffDataStrategy(args);
  return Object.fromEntries(
    Object.entries(results).map(([id, result]) => [
      id,
      result.type === 'data' && isDataWithStatus(result.result) ? { type: 'data', result: result.result.data } : result,
    ]),
  );
};
