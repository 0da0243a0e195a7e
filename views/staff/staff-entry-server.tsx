import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouterContextProvider } from 'react-router';
import { escapeAttribute } from '../../src/head/render-head-tags';
import { siteDataContext } from '../../src/route-context/route-context';
import { staffRequestContext } from '../../src/route-context/staff-route-context';
import type { StaffRouteHandle } from '../../src/staff/staff-access';
import { hydrationDataScript } from '../../src/ssr/hydration-data';
import type { RenderedPage } from '../../src/ssr/rendered-page.server';
import { staffDocumentTitle } from './layout/staff-layout';
import { bridgedDataStrategy, staffDataStrategy } from './staff-data-strategy';
import { staffRoutes } from './staff-routes';

const handler = createStaticHandler(staffRoutes);

/** One route's loader or action alone, for the browser's staff router (controllers/staff.controller.ts). */
export function queryStaffRoute(request: Request, routeId: string, context: RouterContextProvider): Promise<unknown> {
  return handler.queryRoute(request, { routeId, requestContext: context, dataStrategy: bridgedDataStrategy });
}

/** The routes whose loaders run when the person's role may not open the page: the frame, and the 403. */
const FORBIDDEN_LOADS = new Set(['staff-layout', 'staff-pages']);

/**
 * Renders one staff request through the staff route table, as views/entry-server.tsx does the
 * public one: complete HTML, the status, a title, and `noindex` (no canonical link, no structured
 * data: nothing here is for crawlers).
 */
export async function renderStaffPage(request: Request, context: RouterContextProvider): Promise<RenderedPage> {
  const forbidden = context.get(staffRequestContext).forbidden === true;
  const result = await handler.query(request, {
    requestContext: context,
    dataStrategy: staffDataStrategy,
    ...(forbidden ? { filterMatchesToLoad: (match) => FORBIDDEN_LOADS.has(match.route.id) } : {}),
  });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/staff' };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={result} hydrate={false} />
    </StrictMode>,
  );
  const deepest = result.matches.at(-1)?.route.handle as StaffRouteHandle | undefined;
  const title = result.errors ? 'Error' : (deepest?.title ?? 'Staff');
  return {
    kind: 'page',
    status: result.statusCode,
    head: `<title>${escapeAttribute(staffDocumentTitle(title, context.get(siteDataContext).business.name))}</title>\n    <meta name="robots" content="noindex, nofollow">`,
    html,
    data: hydrationDataScript(result),
    routeIds: result.matches.map((match) => match.route.id),
    canonicalUrl: null,
  };
}
