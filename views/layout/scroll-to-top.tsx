import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page; a second scroll 10 ms later catches content
 * that lays out after the first paint, unless the visitor has already moved. Focus moves to the new page's main area too, as a page load
 * would put it at the start: screen readers read the new page, and the next Tab goes into it rather
 * than on from wherever the link or button that led here used to be.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    // The visitor acting first wins: a key (Tab scrolls its stop into view), a wheel or a touch
    // cancels the second scroll, which would otherwise take them back to the top.
    const listening = new AbortController();
    const again = window.setTimeout(() => {
      listening.abort();
      window.scrollTo(0, 0);
    }, 10);
    for (const type of ['keydown', 'wheel', 'touchstart'] as const) {
      window.addEventListener(type, () => window.clearTimeout(again), { signal: listening.signal, capture: true, passive: true });
    }
    if (firstRender.current) firstRender.current = false;
    else document.getElementById('main')?.focus({ preventScroll: true });
    return () => {
      window.clearTimeout(again);
      listening.abort();
    };
  }, [pathname]);
  return null;
}
