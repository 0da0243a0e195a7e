import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';

/** The header that asks the staff controller for one route's loader or action answer as JSON. */
export const STAFF_ROUTE_HEADER = 'X-Staff-Route';

/** What the staff controller answers a bridged request with (controllers/staff.controller.ts). */
export type BridgeAnswer = { data: unknown } | { redirect: string } | { error: { status: number; data: unknown } };

/** Hands the server's answer to the browser's router: data, a redirect to follow, or a route error. */
async function settle(response: Response): Promise<unknown> {
  const answer = (await response.json().catch(() => null)) as BridgeAnswer | null;
  if (!answer) throw data('The server did not answer.', { status: response.status || 500 });
  // Every loader runs again after it, as after a page load: an action's redirect (signing in or out,
  // a confirmation's new session token) changes what the layout shows, and React Router would
  // otherwise keep the layout's data when only the path changes.
  if ('redirect' in answer) throw redirect(answer.redirect, { headers: { 'X-Remix-Revalidate': 'yes' } });
  if ('error' in answer) throw data(answer.error.data, { status: answer.error.status });
  return answer.data;
}

function bridgeLoader(routeId: string) {
  return async ({ request }: LoaderFunctionArgs) =>
    settle(await fetch(request.url, { headers: { [STAFF_ROUTE_HEADER]: routeId, Accept: 'application/json' }, signal: request.signal, credentials: 'same-origin' }));
}

function bridgeAction(routeId: string) {
  return async ({ request }: ActionFunctionArgs) => {
    const body = new URLSearchParams();
    for (const [name, value] of await request.formData()) if (typeof value === 'string') body.append(name, value);
    return settle(
      await fetch(request.url, {
        method: 'POST',
        headers: { [STAFF_ROUTE_HEADER]: routeId, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: request.signal,
        credentials: 'same-origin',
      }),
    );
  };
}

/** A route's own loader and action swapped for the bridge: the same request, answered on the server. */
function bridged(route: RouteObject, module: { loader?: unknown; action?: unknown }): Partial<RouteObject> {
  const id = route.id!;
  return { loader: module.loader ? bridgeLoader(id) : undefined, action: module.action ? bridgeAction(id) : undefined };
}

/**
 * The staff route table for the browser: every loader and action (the layout's and each lazy
 * page's) sends the same request to the same URL with the X-Staff-Route header, and the staff
 * controller runs the real one with the server's services, after the same session, origin and
 * form-token checks. So staff loaders and actions run only on the server, and there is no staff
 * JSON API to keep beside them. (React Router's framework mode does this with single fetch; data
 * mode has nothing built in.)
 */
export function serverDataRoutes(table: readonly RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children, ...rest } = route as RouteObject & { lazy?: () => Promise<Record<string, unknown>> };
    const own = { ...rest, ...bridged(route, route) } as RouteObject;
    if (typeof lazy === 'function') {
      Object.assign(own, { lazy: async () => ({ ...(await lazy()), ...bridged(route, await lazy()) }) });
    }
    if (children) Object.assign(own, { children: serverDataRoutes(children) });
    return own;
  });
}
