import { Icon } from '../icon';
import { Section } from '../section';

/** What comes with every unit of the model, as a checklist. */
export function StandardFeatures({ items }: { items: readonly string[] }) {
  return (
    <Section title="Standard Features" id="standard-features">
      <ul className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-ink-800">
            <Icon name="check" className="mt-0.5 size-5 text-success-700" />
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}
