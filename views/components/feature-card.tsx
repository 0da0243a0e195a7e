import type { ReactNode } from 'react';
import { Card } from './card';
import { Icon, type IconName } from './icon';

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

const BADGE_SIZES = {
  md: { box: 'size-10', icon: 'size-5' },
  lg: { box: 'size-12', icon: 'size-6' },
} as const;

/** An icon in the design system's tinted square: what leads a feature, a value or a service. */
export function IconBadge({ icon, size = 'lg' }: { icon: IconName; size?: keyof typeof BADGE_SIZES }) {
  return (
    <span className={`flex ${BADGE_SIZES[size].box} shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700`}>
      <Icon name={icon} className={BADGE_SIZES[size].icon} />
    </span>
  );
}

export interface Point {
  title: string;
  text: string;
  icon: IconName;
}

/** Reasons or benefits as a grid of cards, each an icon, a title and a sentence. */
export function PointGrid({ points, columns = 'sm:grid-cols-2 lg:grid-cols-4' }: { points: readonly Point[]; columns?: string }) {
  return (
    <ul className={`grid gap-6 ${columns}`}>
      {points.map((point) => (
        <FeatureCard key={point.title} icon={point.icon} title={point.title} text={point.text} />
      ))}
    </ul>
  );
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
