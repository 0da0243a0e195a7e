import { ICON_PATHS, type IconName } from '../../seeds/icon-paths';

export type { IconName };

/** Stroke icons drawn on a 24-unit grid; decorative unless given a label. */
export function Icon({ name, className = 'size-5', label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: 'false' })}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
