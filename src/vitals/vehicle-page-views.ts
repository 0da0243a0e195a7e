// Views of the vehicles' public pages, counted from the page-view beacon the site sends with its Web
// Vitals (issue 24: the staff inventory's "views"), so a page served from a cache counts too. The
// beacon names the pages seen, never the visitor: the path of a unit's or a model entry's page.

/** A unit's page (/inventory/<slug>) or a model entry's (/vehicle/<uuid>): the pages whose views are counted. */
export const VEHICLE_PAGE_PATH = /^\/(?:inventory|vehicle)\/[a-z0-9-]{1,80}$/;

/** A beacon names at most this many page views (a visitor who opened more before it went out loses the rest). */
export const MAX_VIEWS_PER_REPORT = 10;

let pending: string[] = [];
let lastLocation: string | undefined;

/** One view of the page shown now, when it is a vehicle's; waits for the next beacon. */
export function noteVehiclePageView(pathname: string, locationKey: string): void {
  if (locationKey === lastLocation) return;
  lastLocation = locationKey;
  if (VEHICLE_PAGE_PATH.test(pathname) && pending.length < MAX_VIEWS_PER_REPORT) pending.push(pathname);
}

/** The views noted since the last beacon, emptied: each view goes out once. */
export function takeVehiclePageViews(): string[] {
  const views = pending;
  pending = [];
  return views;
}

interface WatchedRouter {
  state: { location: { pathname: string; key: string } };
  subscribe(listener: (state: { location: { pathname: string; key: string } }) => void): unknown;
}

/** Notes the page the document opened on and every page a client-side navigation then shows. */
export function watchVehiclePageViews(router: WatchedRouter): void {
  noteVehiclePageView(router.state.location.pathname, router.state.location.key);
  router.subscribe((state) => noteVehiclePageView(state.location.pathname, state.location.key));
}
