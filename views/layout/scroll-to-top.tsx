import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page; a second scroll 10 ms later catches content
 * that lays out after the first paint. Focus moves to the new page's main area too, as a page load
 * would put it at the start: screen readers read the new page, and the next Tab goes into it rather
 * than on from wherever the link or button that led here used to be.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    const again = window.setTimeout(() => window.scrollTo(0, 0), 10);
    if (firstRender.current) firstRender.current = false;
    else document.getElementById('main')?.focus({ preventScroll: true });
    return () => window.clearTimeout(again);
  }, [pathname]);
  return null;
}
