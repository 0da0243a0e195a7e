import { Card } from './card';
import type { IconName } from './icon';
import { IconBadge } from './icon-badge';

export interface Point {
  title: string;
  text: string;
  icon: IconName;
}

/** Reasons or benefits as a grid of cards, each an icon, a title and a sentence. */
export function PointGrid({ points }: { points: readonly Point[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {points.map((point) => (
        <Card as="li" key={point.title} className="p-6">
          <IconBadge icon={point.icon} />
          <h3 className="mt-4 text-lg font-bold text-ink-900">{point.title}</h3>
          <p className="mt-2 text-ink-600">{point.text}</p>
        </Card>
      ))}
    </ul>
  );
}
