import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { recordVisitSource } from '../../src/contact/visit-source';
import { SiteStoreProvider } from '../state/site-store';
import { DocumentHead } from './document-head';
import { MobileCallBar } from './mobile-call-bar';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ToastRegion } from './toast-region';

/** Marks the document once React has hydrated it, for tests and for CSS that needs JavaScript. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Notes, on the visit's first page, how the visit began: the contact form sends it with an inquiry. */
function VisitSourceRecorder() {
  useEffect(recordVisitSource, []);
  return null;
}

/** Header, main area, footer and the notification region around every page. */
export function SiteLayout() {
  return (
    <SiteStoreProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <MobileCallBar />
      <ToastRegion />
      <ScrollToTop />
      <DocumentHead />
      <HydrationMarker />
      <VisitSourceRecorder />
    </SiteStoreProvider>
  );
}
