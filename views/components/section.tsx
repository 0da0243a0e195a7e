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

/** A section's h2, where the section lays out its own heading: "Come Ride With Us". */
export function SectionHeading({ id, tone = 'white', children }: { id?: string; tone?: SectionProps['tone']; children: ReactNode }) {
  return (
    <h2 id={id} className={`text-2xl font-bold tracking-tight sm:text-3xl ${tone === 'brand' ? 'text-white' : 'text-ink-900'}`}>
      {children}
    </h2>
  );
}

/** A full-width band of the page with a centred, padded container and an optional heading. */
export function Section({ children, title, intro, id, tone = 'white', className = '' }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={title && headingId ? headingId : undefined} className={`${tones[tone]} py-14 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {title ? (
          <div className="mb-10 max-w-2xl">
            <SectionHeading id={headingId} tone={tone}>
              {title}
            </SectionHeading>
            {intro ? <p className={`mt-3 text-base sm:text-lg ${tone === 'brand' ? 'text-brand-100' : 'text-ink-600'}`}>{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
