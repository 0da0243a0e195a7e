import type { ReactNode } from 'react';

/** The site's surface for grouped content: white, rounded, softly shadowed. */
export function Card({ children, className = '', as: Element = 'div' }: { children: ReactNode; className?: string; as?: 'div' | 'article' | 'li' | 'section' }) {
  return <Element className={`rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-ink-200/70 ${className}`}>{children}</Element>;
}
