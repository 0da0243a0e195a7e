import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page; a second scroll 10 ms later catches content
 * that lays out after the first paint.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const again = window.setTimeout(() => window.scrollTo(0, 0), 10);
    return () => window.clearTimeout(again);
  }, [pathname]);
  return null;
}
