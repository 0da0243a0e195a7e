import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { resolveHead } from '../src/head/resolve-head';
import { renderHeadTags } from '../src/head/render-head-tags';
import { structuredData } from '../src/head/structured-data.server';
import type { RouterContextProvider } from 'react-router';
import { siteDataContext } from '../src/route-context/route-context';
import { routes } from './routes';
import { preloadDeferredParts } from './layout/deferred-hydration';
import { keepMarkupWith, type RenderComponent } from './components/kept-markup';
import { SiteNoticeBanner } from './layout/site-notice-banner';
import { hydrationDataScript } from '../src/ssr/hydration-data';
import type { RenderedPage } from '../src/ssr/rendered-page.server';

const handler = createStaticHandler(routes);
/** A component with its props as HTML, as the pages' parts rendered once are (kept-markup.ts). */
export const renderComponent: RenderComponent = (component, props) => renderToString(createElement(component, props));
// Cards and other parts that render the same HTML for the same props are rendered once (kept-markup.ts).
keepMarkupWith(renderComponent);

/**
 * Renders one request through the route table: loaders run against the server's catalog, and
 * the result is complete HTML plus the head tags and status a crawler needs.
 */
export async function renderPage(request: Request, context: RouterContextProvider): Promise<RenderedPage> {
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }
  await preloadDeferredParts();
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={result} hydrate={false} />
    </StrictMode>,
  );
  const matches = result.matches.map((match) => ({
    handle: match.route.handle,
    data: result.loaderData[match.route.id],
    params: match.params,
  }));
  const site = context.get(siteDataContext);
  const resolved = resolveHead(matches, result.location.pathname, site.business, structuredData);
  return {
    kind: 'page',
    status: result.statusCode,
    head: renderHeadTags(resolved),
    html,
    banner: site.moment.notice ? renderToString(<SiteNoticeBanner notice={site.moment.notice} />) : '',
    data: hydrationDataScript(result),
    routeIds: result.matches.map((match) => match.route.id),
    canonicalUrl: resolved.canonicalUrl,
  };
}
