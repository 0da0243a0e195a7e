import { lazy, Suspense, useEffect, type ComponentType } from 'react';

// On the server (and in tests without a DOM); the browser's build leaves the server's branch out.
const onServer = typeof import.meta.env === 'undefined' || import.meta.env.SSR;
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
    useEffect(() => countWaitingPart(+1), []);
    return (
      <Suspense>
        <Lazy {...props} />
        <PartHydrated />
      </Suspense>
    );
  };
}

/**
 * How many deferred parts on the page wait for their code, as data-deferred-waiting on <html>
 * ("0" once every one is hydrated): until then their links are plain links, so browser tests that
 * need client-side navigation wait for it. A part's own effect runs when its boundary hydrates,
 * before or after the wrapper's (+1) runs with the page, so the sum is right either way.
 */
function countWaitingPart(change: number) {
  const root = document.documentElement;
  root.dataset.deferredWaiting = String(Number(root.dataset.deferredWaiting ?? 0) + change);
}

/** Renders nothing; its effect runs once the deferred part beside it has hydrated. */
function PartHydrated() {
  useEffect(() => countWaitingPart(-1), []);
  return null;
}

/** Loads the code of every deferred part on the server (once), so that rendering never waits for one. */
export async function preloadDeferredParts(): Promise<void> {
  await Promise.all(serverLoads.map((preload) => preload()));
}
