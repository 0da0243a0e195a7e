import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
}

const TONES = {
  /** Tinted tiles on a white or sand band. */
  light: { tile: 'bg-brand-50', label: 'text-ink-600', value: 'text-brand-800' },
  /** See-through tiles on a dark band or hero. */
  dark: { tile: 'bg-white/10 ring-1 ring-inset ring-white/15', label: 'text-brand-100', value: 'text-sun-300' },
  /** Dark tiles on a light band. */
  brand: { tile: 'bg-brand-900', label: 'text-brand-100', value: 'text-sun-300' },
} as const;

const SIZES = {
  /** A model's figures: "25 mph". */
  md: { tile: 'rounded-xl px-4 py-3', label: 'text-sm', value: 'text-lg leading-tight sm:text-xl' },
  /** The dealer's headline numbers: "1,200+". */
  lg: { tile: 'rounded-2xl p-4 sm:p-6', label: 'text-xs sm:text-sm', value: 'text-3xl sm:text-4xl' },
} as const;

interface StatGridProps {
  stats: readonly Stat[];
  tone: keyof typeof TONES;
  size?: keyof typeof SIZES;
  /** The grid's columns and gaps: "grid-cols-2 gap-4". */
  className: string;
  /** Extra classes of each tile, such as its text alignment. */
  tileClassName?: string;
}

/** Figures as a `<dl>` of tiles, each its value in large bold type over its label. */
export function StatGrid({ stats, tone, size = 'md', className, tileClassName = '' }: StatGridProps) {
  const [colors, sizes] = [TONES[tone], SIZES[size]];
  return (
    <dl className={`grid ${className}`}>
      {stats.map((stat) => (
        <div key={stat.label} className={`flex flex-col-reverse justify-end ${sizes.tile} ${colors.tile} ${tileClassName}`}>
          <dt className={`mt-1 font-medium ${sizes.label} ${colors.label}`}>{stat.label}</dt>
          <dd className={`font-extrabold ${sizes.value} ${colors.value}`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
