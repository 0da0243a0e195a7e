import type { Feature } from '../../../seeds/model-pages';
import { Card } from '../card';
import { Icon } from '../icon';
import { Section } from '../section';

/** The model in a paragraph, then the four things that set it apart, each a title and a sentence. */
export function ModelFeatures({ overview, features }: { overview: string; features: readonly Feature[] }) {
  return (
    <Section title="Key Features" intro={overview} id="features">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <Card as="li" key={feature.title} className="p-6">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name="check" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink-900">{feature.title}</h3>
            <p className="mt-2 text-ink-600">{feature.description}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
