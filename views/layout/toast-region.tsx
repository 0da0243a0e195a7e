import { lazy, Suspense } from 'react';
import { useSiteStore } from '../state/site-store';

// The toast itself loads when the first one shows (after a failed send, say), not with every page.
const ToastMessage = lazy(() => import('./toast-message').then((module) => ({ default: module.ToastMessage })));

/**
 * The site-wide notification region: one toast at a time (toast-message.tsx). The live region
 * exists from the first paint so screen readers announce what appears in it.
 */
export function ToastRegion() {
  const toast = useSiteStore((state) => state.toast);
  return (
    <section
      id="notifications"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-6 md:justify-end"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-[420px]">
        {toast ? (
          <Suspense fallback={null}>
            <ToastMessage key={toast.id} toast={toast} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
