import type { IconName } from './icon';
import { FeatureCard } from './feature-card';

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
