import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { SiteStoreProvider } from '../state/site-store';
import { deferredHydration } from './deferred-hydration';
import { DocumentHead } from './document-head';
import { MobileCallBar } from './mobile-call-bar';
import { ScrollToTop } from './scroll-to-top';
import { KeptSiteHeader, SiteHeader } from './site-header';
import { ToastRegion } from './toast-region';

/** Marks the document once React has hydrated it, for tests and for CSS that needs JavaScript. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * Notes, on the visit's first page, how the visit began: the contact form sends it with an inquiry.
 * The address and referrer are read at hydration; the code that notes them loads after it, in its
 * own chunk, so no page's initial JavaScript carries it.
 */
function VisitSourceRecorder() {
  useEffect(() => {
    const landing = window.location.href;
    const referrer = document.referrer;
    import('../../src/contact/lead-source')
      .then(({ recordVisitSource }) => recordVisitSource(landing, referrer))
      .catch(() => {
        // A chunk that fails to load (a new deployment): the contact form's hidden fields still name its page.
      });
  }, []);
  return null;
}

// Links and the business's hours only: hydrated after the page is interactive (deferred-hydration.tsx).
const SiteFooter = deferredHydration(() => import('./site-footer').then((module) => module.SiteFooter));

/**
 * Header, main area, footer and the notification region around every page. The skip link and the
 * site notice come before it, in index.html: plain markup the server writes, never hydrated.
 */
export function SiteLayout() {
  return (
    <SiteStoreProvider>
      {typeof import.meta.env === 'undefined' || import.meta.env.SSR ? <KeptSiteHeader /> : <SiteHeader />}
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <MobileCallBar />
      {/* The first paint waits until this region is parsed (index.html), so it stays after the page and its bars. */}
      <ToastRegion />
      <ScrollToTop />
      <DocumentHead />
      <HydrationMarker />
      <VisitSourceRecorder />
    </SiteStoreProvider>
  );
}
