import { useEffect, useRef, useState } from 'react';
import { Icon } from './icon';

export const MAP_HEIGHT = 450;

/** How close to the viewport the map must come before it starts loading. */
const LOAD_DISTANCE = '600px';

/**
 * An embedded map that costs nothing until the visitor scrolls near it. Until then its place (the
 * map's own size, so nothing shifts) holds a link that opens the map in a new tab: what a visitor
 * without JavaScript uses, and what the page shows before its scripts arrive. The frame itself is
 * written only once the place comes within LOAD_DISTANCE. A frame without an address is no
 * cheaper: the browser makes an empty document and a script context for it while it parses the
 * page (about a tenth of the home page's main-thread work while it loads), and native lazy loading
 * fetches frames several thousand pixels ahead, which on a desktop screen is most pages.
 */
export function MapEmbed({ src, title }: { src: string; title: string }) {
  const place = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  /** Whether the link had the keyboard's focus when the frame replaced it. */
  const focusFrame = useRef(false);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = place.current;
    if (!element) return;
    if (near) {
      // A keyboard visitor on the link keeps their place: focus goes to the frame that replaced it.
      if (focusFrame.current) frame.current?.focus();
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        focusFrame.current = element.contains(document.activeElement);
        setNear(true);
      },
      { rootMargin: `${LOAD_DISTANCE} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={place} className="relative h-[450px] overflow-hidden rounded-[var(--radius-card)] bg-ink-100 ring-1 ring-ink-200">
      {near ? (
        <iframe
          ref={frame}
          src={src}
          title={title}
          height={MAP_HEIGHT}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="block h-[450px] w-full border-0"
        />
      ) : (
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          <Icon name="pin" className="size-8" />
          <span>
            {title}
            <span className="sr-only"> (opens in a new tab)</span>
          </span>
        </a>
      )}
    </div>
  );
}
