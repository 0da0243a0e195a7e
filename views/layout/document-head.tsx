import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useBusiness } from '../hooks/use-business';

/**
 * Keeps the document head in step with client-side navigation. The server already wrote the head
 * of the first page, so the first render changes nothing, and the code that writes a head (with
 * the site's structured data) loads only at the first navigation, not with the page.
 */
export function DocumentHead() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const business = useBusiness();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    let current = true;
    void import('./update-document-head').then(({ updateDocumentHead }) => {
      if (current) updateDocumentHead(matches, pathname, business);
    });
    return () => {
      current = false;
    };
  }, [matches, pathname, business]);

  return null;
}
