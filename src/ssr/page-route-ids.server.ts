import type { RouteObject } from 'react-router';

/** The ids of a route table's pages (its leaves, not its layout routes): one per page type. */
export function pageRouteIds(table: readonly RouteObject[]): string[] {
  return table.flatMap((route) => (route.children ? pageRouteIds(route.children) : route.id ? [route.id] : []));
}
