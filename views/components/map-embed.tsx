import { useEffect, useRef, useState } from 'react';

export const MAP_HEIGHT = 450;

/** How close to the viewport the map must come before it starts loading. */
const LOAD_DISTANCE = '600px';

/**
 * An embedded map that costs nothing until the visitor scrolls near it. Native lazy loading is not
 * enough on its own: browsers fetch lazy frames several thousand pixels ahead, which on a desktop
 * screen is most pages. The frame gets its address once it comes within LOAD_DISTANCE; its space
 * is reserved so nothing shifts. Without JavaScript a link opens the map instead.
 */
export function MapEmbed({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LOAD_DISTANCE} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div className="relative overflow-hidden rounded-[var(--radius-card)] bg-ink-100 ring-1 ring-ink-200">
      <iframe
        ref={frame}
        src={near ? src : undefined}
        title={title}
        height={MAP_HEIGHT}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block h-[450px] w-full border-0"
      />
      <noscript>
        <a href={src} target="_blank" rel="noopener noreferrer" className="absolute inset-0 flex items-center justify-center font-semibold text-brand-700 underline">
          {title} (opens in a new tab)
        </a>
      </noscript>
    </div>
  );
}
