import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { HYDRATION_DATA_ELEMENT_ID } from '../../src/ssr/hydration-data';
import { serverDataRoutes } from './layout/server-data-routes';
import { staffRoutes } from './staff-routes';

/** The page's lazy route modules must be in place before hydration, or the first render would differ. */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

// The staff area's client entry (staff.html): the same hydration as the public site's
// (views/entry-client.tsx), over the staff route table whose loaders and actions answer on the server.
const routes = serverDataRoutes(staffRoutes);
void loadMatchedRoutes(routes).then(() => {
  // Where React Router looks for the server's data, so that it revives route errors (a 403, a 404) as usual.
  const element = document.getElementById(HYDRATION_DATA_ELEMENT_ID);
  if (element?.textContent) Object.assign(window, { __staticRouterHydrationData: JSON.parse(element.textContent) as unknown });
  const router = createBrowserRouter(routes);
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});
