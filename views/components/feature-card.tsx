import type { ReactNode } from 'react';
import { Card } from './card';
import type { IconName } from './icon';
import { IconBadge } from './icon-badge';

interface FeatureCardProps {
  /** The icon in a tinted square that leads the card. */
  icon?: IconName;
  /** Another mark to lead the card instead, such as a step's number. */
  lead?: ReactNode;
  title: ReactNode;
  /** A sentence under the title. */
  text?: ReactNode;
  /** More under the text: a tagline, a checklist. */
  children?: ReactNode;
  /** A button at the card's foot, lined up across a row of cards. */
  action?: ReactNode;
  className?: string;
}

/** A list item as a card: an icon, a title and a sentence; a reason, a value, a service, a step. */
export function FeatureCard({ icon, lead, title, text, children, action, className = '' }: FeatureCardProps) {
  return (
    <Card as="li" className={`flex flex-col p-6 ${className}`}>
      {lead ?? (icon ? <IconBadge icon={icon} /> : null)}
      <h3 className="mt-4 text-lg font-bold text-ink-900">{title}</h3>
      {text ? <p className="mt-2 text-ink-600">{text}</p> : null}
      {children}
      {action ? <div className="mt-auto pt-5">{action}</div> : null}
    </Card>
  );
}
