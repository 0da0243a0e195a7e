import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { serializeJsonLd } from '../head/render-head-tags';

/** The element the client entry reads the router's hydration data from (views/entry-client.tsx). */
export const HYDRATION_DATA_ELEMENT_ID = 'router-hydration-data';

/** Route errors as React Router's browser router revives them (window.__staticRouterHydrationData). */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [routeId, { message: error.message, __type: 'Error', ...(error.name === 'Error' ? {} : { __subType: error.name }) }];
      return [routeId, error];
    }),
  );
}

/**
 * The server's loader data for the browser's router, as a script element the browser does not run
 * (type application/json), so the page needs no inline script and no per-response CSP nonce: every
 * visitor of a URL gets the same bytes. React Router's own inline script is turned off
 * (StaticRouterProvider hydrate={false}); the client entry reads this one instead.
 */
export function hydrationDataScript(context: StaticHandlerContext): string {
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return `<script type="application/json" id="${HYDRATION_DATA_ELEMENT_ID}">${serializeJsonLd(data)}</script>`;
}
