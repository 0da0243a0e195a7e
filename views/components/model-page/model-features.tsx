import type { Feature } from '../../../seeds/model-pages';
import { Card } from '../card';
import { Section } from '../section';
import { IconBadge } from '../icon-badge';

/** The model in a paragraph, then the four things that set it apart, each a title and a sentence. */
export function ModelFeatures({ overview, features }: { overview: string; features: readonly Feature[] }) {
  return (
    <Section title="Key Features" intro={overview} id="features">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <Card as="li" key={feature.title} className="p-6">
            <IconBadge icon="check" size="md" />
            <h3 className="mt-4 text-lg font-bold text-ink-900">{feature.title}</h3>
            <p className="mt-2 text-ink-600">{feature.description}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
