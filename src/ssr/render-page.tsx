import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { resolveHead } from '../head/resolve-head';
import { renderHeadTags } from '../head/render-head-tags';
import { structuredData } from '../head/structured-data.server';
import type { RequestContext } from '../request-context';
import { routes } from '../routes';
import { preloadDeferredParts } from '../../views/layout/deferred-hydration';
import { hydrationDataScript } from './hydration-data';

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      /** The router's hydration data as a non-executed JSON script, for after the root element. */
      data: string;
      routeIds: string[];
      /** The page's canonical URL, or null for a page not to be indexed. */
      canonicalUrl: string | null;
    }
  | { kind: 'redirect'; status: number; location: string };

const handler = createStaticHandler(routes);

/**
 * Renders one request through the route table: loaders run against the server's catalog, and
 * the result is complete HTML plus the head tags and status a crawler needs.
 */
export async function renderPage(request: Request, context: RequestContext): Promise<RenderedPage> {
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
  const resolved = resolveHead(matches, result.location.pathname, context.site.business, structuredData);
  return {
    kind: 'page',
    status: result.statusCode,
    head: renderHeadTags(resolved),
    html,
    data: hydrationDataScript(result),
    routeIds: result.matches.map((match) => match.route.id),
    canonicalUrl: resolved.canonicalUrl,
  };
}
