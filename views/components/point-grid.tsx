import { Card } from './card';
import { Icon, type IconName } from './icon';

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
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon name={point.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-bold text-ink-900">{point.title}</h3>
          <p className="mt-2 text-ink-600">{point.text}</p>
        </Card>
      ))}
    </ul>
  );
}
