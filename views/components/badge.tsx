import type { ReactNode } from 'react';

export type BadgeTone = 'new' | 'success' | 'neutral' | 'brand' | 'warning';

const tones: Record<BadgeTone, string> = {
  new: 'bg-sun-400 text-ink-900',
  success: 'bg-success-50 text-success-700 ring-1 ring-inset ring-success-700/20',
  neutral: 'bg-ink-100 text-ink-700',
  brand: 'bg-brand-100 text-brand-800',
  warning: 'bg-sun-100 text-ink-800',
};

export function Badge({ tone = 'neutral', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide ${tones[tone]} ${className}`}>{children}</span>;
}
