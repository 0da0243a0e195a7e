import { Section } from '../section';
import type { SpecificationRow } from '../../../src/catalog/specification-rows';

/** The figures a quick-specs strip shows, in this order, when the model has them. */
const QUICK_SPEC_KEYS = ['seatingCapacity', 'range', 'topSpeed', 'chargingTime', 'payloadCapacity', 'towingCapacity'];

/** A strip of the model's headline figures, for the page that details its standard equipment. */
export function QuickSpecs({ rows }: { rows: readonly SpecificationRow[] }) {
  const quick = QUICK_SPEC_KEYS.flatMap((key) => rows.filter((row) => row.key === key));
  return (
    <Section title="Quick Specs" id="quick-specs" className="pb-0!">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {quick.map((row) => (
          <div key={row.key} className="flex flex-col-reverse justify-end rounded-2xl bg-brand-50 px-4 py-4 text-center">
            <dt className="mt-1 text-sm text-ink-600">{row.label}</dt>
            <dd className="text-lg font-extrabold text-brand-800">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
