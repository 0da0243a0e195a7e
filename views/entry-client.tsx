import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes';
import { HYDRATION_DATA_ELEMENT_ID } from '../src/ssr/hydration-data';
import { watchVehiclePageViews } from '../src/vitals/vehicle-page-views';
import { WebVitalsReporter } from '../src/vitals/web-vitals-reporter';

/** The page's lazy route modules must be in place before hydration, or the first render would differ. */
async function loadMatchedRoutes() {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * The server's loader data travels in a JSON script the browser does not run (no inline script,
 * so no CSP nonce); handed to the router where it looks for it, it revives route errors as usual.
 */
function takeHydrationData(): void {
  const element = document.getElementById(HYDRATION_DATA_ELEMENT_ID);
  if (element?.textContent) Object.assign(window, { __staticRouterHydrationData: JSON.parse(element.textContent) as unknown });
}

// The browser's route context (the JSON API, the device's clock): a small chunk of its own, asked
// for at once beside the page's modules so that the first navigation never waits for it, and kept
// out of the entry every page loads.
const browserContext = import('../src/route-context/browser-route-context');

/**
 * A new task: what follows runs after the browser has had its turn (a tap, a paint). Starting the
 * page is split in three such steps (the page's route modules; the router; hydration), so that no
 * one of them holds the main thread long on a slow phone.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  await nextTask();
  await loadMatchedRoutes();
  await nextTask();
  takeHydrationData();
  const router = createBrowserRouter(routes, { getContext: () => browserContext.then((module) => module.browserRouteContext()) });
  // Vehicle pages seen, for the next Web Vitals beacon (the staff inventory counts their views).
  watchVehiclePageViews(router);
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a tap or a scroll during it is not kept waiting).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <RouterProvider router={router} />
        {/* Renders nothing; after hydration it loads the field measurements (src/vitals). */}
        <WebVitalsReporter currentRoute={() => router.state.matches.at(-1)?.route.id} />
      </StrictMode>,
    );
  });
}

void start();
