import { useEffect, useRef, useState } from 'react';
import { useSiteStore, type Toast } from '../state/site-store';
import { Icon } from '../components/icon';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** One toast: gone after five seconds, or sooner when dismissed or swiped more than 50 px sideways. */
export function ToastMessage({ toast }: { toast: Toast }) {
  const dismiss = useSiteStore((state) => state.dismissToast);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss]);

  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-variant={toast.variant}
      className={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-2xl p-4 shadow-xl ring-1 ${
        destructive ? 'bg-danger-700 text-white ring-danger-700' : 'bg-white text-ink-900 ring-ink-200'
      }`}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (swipeStart.current === null) return;
        const moved = event.clientX - swipeStart.current;
        // Once it is a swipe, the toast follows the pointer even after it leaves the toast; a plain
        // click on the dismiss button is never captured.
        if (Math.abs(moved) > 5 && !event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
        setOffset(moved);
      }}
      onPointerUp={() => {
        swipeStart.current = null;
        if (Math.abs(offset) > TOAST_SWIPE_THRESHOLD_PX) dismiss();
        else setOffset(0);
      }}
      onPointerCancel={() => {
        swipeStart.current = null;
        setOffset(0);
      }}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className={`mt-1 text-sm ${destructive ? 'text-white' : 'text-ink-600'}`}>{toast.description}</p> : null}
      </div>
      <button type="button" onClick={dismiss} className={`-m-1 rounded-full p-1.5 ${destructive ? 'hover:bg-white/15' : 'hover:bg-ink-100'}`}>
        <Icon name="close" className="size-4" />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </div>
  );
}
