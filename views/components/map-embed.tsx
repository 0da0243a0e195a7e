import { useEffect, useRef, useState } from 'react';
import { Icon } from './icon';
import { OpensInNewTab } from './opens-in-new-tab';

const MAP_HEIGHT = 450;

/** How close to the viewport the map must come before it starts loading. */
const LOAD_DISTANCE = '600px';

/**
 * The focus ring drawn inside the map's place: the place clips what lies outside it (its rounded
 * corners), where the site's ring is drawn (styles/app.css).
 */
const INSET_FOCUS = 'focus-visible:outline-offset-[-5px] focus-visible:shadow-[inset_0_0_0_2px_var(--color-white)]';

/**
 * An embedded map that costs nothing until the visitor scrolls near it. Until then its place (the
 * map's own size, so nothing shifts) holds a link that opens the map in a new tab: what a visitor
 * without JavaScript uses, and what the page shows before its scripts arrive. The frame itself is
 * written only once the place comes within LOAD_DISTANCE. A frame without an address is no
 * cheaper: the browser makes an empty document and a script context for it while it parses the
 * page (about a tenth of the home page's main-thread work while it loads), and native lazy loading
 * fetches frames several thousand pixels ahead, which on a desktop screen is most pages. A link
 * that has the keyboard's focus is left where it is until focus moves on: nothing changes under a
 * visitor who is on it.
 */
export function MapEmbed({ src, title }: { src: string; title: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const stop = new AbortController();
    let observer: IntersectionObserver | undefined;
    const showMap = () => {
      observer?.disconnect();
      if (element.contains(document.activeElement)) element.addEventListener('focusout', () => setNear(true), { once: true, signal: stop.signal });
      else setNear(true);
    };
    if (typeof IntersectionObserver === 'undefined') showMap();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) showMap();
        },
        { rootMargin: `${LOAD_DISTANCE} 0px` },
      );
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      stop.abort();
    };
  }, [near]);

  return (
    <div ref={place} className="h-[450px] overflow-hidden rounded-[var(--radius-card)] bg-ink-100 ring-1 ring-ink-200">
      {near ? (
        <iframe
          src={src}
          title={title}
          height={MAP_HEIGHT}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className={`block h-full w-full border-0 ${INSET_FOCUS}`}
        />
      ) : (
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          className={`flex h-full flex-col items-center justify-center gap-2 p-6 text-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 ${INSET_FOCUS}`}
        >
          <Icon name="pin" className="size-8" />
          <span className="text-balance">
            {title}
            <span className="ml-1 inline-block align-[-0.125em]">
              <OpensInNewTab />
            </span>
          </span>
        </a>
      )}
    </div>
  );
}
