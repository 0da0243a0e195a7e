import { Section } from '../section';
import { StatGrid } from '../stat-grid';
import type { SpecificationRow } from '../../../src/catalog/specification-rows';

/** The figures a quick-specs strip shows, in this order, when the model has them. */
const QUICK_SPEC_KEYS = ['seatingCapacity', 'range', 'topSpeed', 'chargingTime', 'payloadCapacity', 'towingCapacity'];

/** A strip of the model's headline figures, for the page that details its standard equipment. */
export function QuickSpecs({ rows }: { rows: readonly SpecificationRow[] }) {
  const quick = QUICK_SPEC_KEYS.flatMap((key) => rows.filter((row) => row.key === key));
  return (
    <Section title="Quick Specs" id="quick-specs" className="pb-0!">
      <StatGrid stats={quick} tone="light" className="grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" tileClassName="text-center" />
    </Section>
  );
}
