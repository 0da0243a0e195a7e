import type { ReactNode } from 'react';
import { Card } from './card';
import { Section, SectionHeading } from './section';

interface CallToActionProps {
  /** The section's id; its heading's is `${id}-heading`. */
  id: string;
  title: string;
  /** The pitch under the heading, a sentence. */
  children: ReactNode;
  /** The buttons. */
  actions: ReactNode;
}

/** A page's dark closing band: a heading and a sentence, the buttons beside them on wide screens. */
export function CtaBanner({ id, title, children, actions }: CallToActionProps) {
  return (
    <Section tone="brand" id={id}>
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <SectionHeading id={`${id}-heading`} tone="brand">
            {title}
          </SectionHeading>
          <p className="mt-2 text-lg text-brand-100">{children}</p>
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </div>
    </Section>
  );
}

interface CtaCardProps extends CallToActionProps {
  tone?: 'white' | 'sand';
  /** More under the pitch, such as a list of ways to reach us. */
  details?: ReactNode;
  /** More of the band under the card, such as fine print. */
  after?: ReactNode;
}

/** A closing card on a sand (or white) band: a question, a sentence, and the buttons stacked beside them. */
export function CtaCard({ id, title, children, actions, tone = 'sand', details, after }: CtaCardProps) {
  return (
    <Section tone={tone} id={id}>
      <Card className="grid gap-6 p-8 md:grid-cols-[1.5fr_1fr] md:items-center">
        <div>
          <SectionHeading id={`${id}-heading`}>{title}</SectionHeading>
          <p className="mt-3 text-lg text-ink-600">{children}</p>
          {details}
        </div>
        <div className="flex flex-col gap-3">{actions}</div>
      </Card>
      {after}
    </Section>
  );
}
