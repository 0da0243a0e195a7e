export const MAP_HEIGHT = 450;

/**
 * An embedded map. The browser loads it only as the visitor scrolls near it, so it costs nothing
 * on the first paint; its space is reserved so nothing shifts.
 */
export function MapEmbed({ src, title }: { src: string; title: string }) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] bg-ink-100 ring-1 ring-ink-200">
      <iframe
        src={src}
        title={title}
        width="100%"
        height={MAP_HEIGHT}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block h-[450px] w-full border-0"
      />
    </div>
  );
}
