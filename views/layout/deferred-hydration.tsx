import { lazy, Suspense, type ComponentType } from 'react';

const onServer = typeof document === 'undefined';
const serverLoads: Array<() => Promise<unknown>> = [];

/**
 * A part of a page that needs no JavaScript to be read or used (text, plain links, a map that
 * loads by itself): the server renders it with the page, and the browser fetches its code beside
 * the page's, without waiting for it, then hydrates it when it arrives. So no page's initial
 * JavaScript (npm run check:bundle) carries it, and until then its links work as plain links. A
 * chunk that fails to load (a new deployment) leaves the server's HTML as it is. The server
 * renders it only after preloadDeferredParts().
 */
export function deferredHydration<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  if (onServer) {
    let Loaded: ComponentType<Props> | undefined;
    serverLoads.push(async () => {
      Loaded ??= await load();
    });
    return function Deferred(props: Props) {
      if (!Loaded) throw new Error('deferredHydration: preloadDeferredParts() must run before rendering');
      return (
        <Suspense>
          <Loaded {...props} />
        </Suspense>
      );
    };
  }
  // Requested at once, while the page hydrates; a failed load never settles, so the server's HTML stays.
  const loading = load().then(
    (component) => ({ default: component }),
    () => new Promise<never>(() => {}),
  );
  const Lazy = lazy(() => loading);
  return function Deferred(props: Props) {
    return (
      <Suspense>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** Loads the code of every deferred part on the server (once), so that rendering never waits for one. */
export async function preloadDeferredParts(): Promise<void> {
  await Promise.all(serverLoads.map((preload) => preload()));
}
