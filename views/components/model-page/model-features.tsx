import type { Feature } from '../../../seeds/model-pages';
import { Section } from '../section';
import { FeatureCard } from '../feature-card';

/** The model in a paragraph, then the four things that set it apart, each a title and a sentence. */
export function ModelFeatures({ overview, features }: { overview: string; features: readonly Feature[] }) {
  return (
    <Section title="Key Features" intro={overview} id="features">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => (
          <FeatureCard key={feature.title} icon="check" title={feature.title} text={feature.description} />
        ))}
      </ul>
    </Section>
  );
}
