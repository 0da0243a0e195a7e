import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { escapeJsonForScript, serializeJsonLd } from '../head/render-head-tags';

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

/** The public site's root route (views/routes.tsx), whose data is the site data; the staff area's routes have other ids. */
const SITE_DATA_ROUTE_ID = 'root';

/** The site data's JSON with the members it was made from (siteDataJson). */
let keptSiteData: { members: Array<[string, unknown]>; json: string } | undefined;

/**
 * The root route's data as JSON. The site data (business, town links, business moment) is made of
 * the same objects on every page of a business moment, none ever changed in place
 * (site-content-reader.ts makes new ones for a new revision or moment): its JSON, 10 KB of a page's
 * 24 KB of data, is written again only when a member is another object.
 */
function siteDataJson(data: object): string {
  const members = Object.entries(data);
  const same =
    keptSiteData?.members.length === members.length && keptSiteData.members.every(([name, value], index) => name === members[index]![0] && value === members[index]![1]);
  if (!same || !keptSiteData) keptSiteData = { members, json: serializeJsonLd(data) };
  return keptSiteData.json;
}

/**
 * An object's JSON as JSON.stringify writes it, from its members' JSON: a member whose value has
 * no JSON (undefined) is left out, as JSON.stringify leaves it out.
 */
function objectJson(members: Array<[name: string, json: string | undefined]>): string {
  const written = members.filter((member): member is [string, string] => member[1] !== undefined).map(([name, json]) => `${JSON.stringify(name)}:${json}`);
  return `{${written.join(',')}}`;
}

/** A value as JSON inside a script element; undefined for a value that has none. */
function jsonInScript(value: unknown): string | undefined {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? undefined : escapeJsonForScript(json);
}

/**
 * The server's loader data for the browser's router, as a script element the browser does not run
 * (type application/json), so the page needs no inline script and no per-response CSP nonce: every
 * visitor of a URL gets the same bytes. React Router's own inline script is turned off
 * (StaticRouterProvider hydrate={false}); the client entry reads this one instead. The same JSON
 * as JSON.stringify of `{ loaderData, actionData, errors }`, the root route's kept (siteDataJson).
 */
export function hydrationDataScript(context: StaticHandlerContext): string {
  const loaderData = objectJson(
    Object.entries(context.loaderData).map(([routeId, data]) => [
      routeId,
      routeId === SITE_DATA_ROUTE_ID && typeof data === 'object' && data !== null ? siteDataJson(data) : jsonInScript(data),
    ]),
  );
  const json = objectJson([
    ['loaderData', loaderData],
    ['actionData', jsonInScript(context.actionData)],
    ['errors', jsonInScript(serializeErrors(context.errors))],
  ]);
  return `<script type="application/json" id="${HYDRATION_DATA_ELEMENT_ID}">${json}</script>`;
}
