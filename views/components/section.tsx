import type { ReactNode } from 'react';

interface SectionProps {
  children: ReactNode;
  /** Heading text; rendered as an h2 with an id the section is labelled by. */
  title?: ReactNode;
  intro?: ReactNode;
  id?: string;
  tone?: 'white' | 'sand' | 'brand';
  className?: string;
}

const tones = {
  white: 'bg-white',
  sand: 'bg-sand-50',
  brand: 'bg-brand-900 text-white',
};

/** A full-width band of the page with a centred, padded container and an optional heading. */
export function Section({ children, title, intro, id, tone = 'white', className = '' }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={title && headingId ? headingId : undefined} className={`${tones[tone]} py-14 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {title ? (
          <div className="mb-10 max-w-2xl">
            <h2 id={headingId} className={`text-2xl font-bold tracking-tight sm:text-3xl ${tone === 'brand' ? 'text-white' : 'text-ink-900'}`}>
              {title}
            </h2>
            {intro ? <p className={`mt-3 text-base sm:text-lg ${tone === 'brand' ? 'text-brand-100' : 'text-ink-600'}`}>{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
