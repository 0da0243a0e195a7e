import { Section } from '../section';
import { CheckList } from '../check-list';

/** What comes with every unit of the model, as a checklist. */
export function StandardFeatures({ items }: { items: readonly string[] }) {
  return (
    <Section title="Standard Features" id="standard-features">
      <CheckList items={items} className="grid gap-x-8 gap-y-3 text-ink-800 sm:grid-cols-2 lg:grid-cols-4" />
    </Section>
  );
}
