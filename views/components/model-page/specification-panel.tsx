import { Card } from '../card';
import { Section } from '../section';
import { SpecificationList } from '../specification-list';
import { SPECIFICATION_GROUPS } from '../../../seeds/specification-labels';
import type { SpecificationRow } from '../../../src/catalog/specification-rows';

// As many columns on wide screens as there are groups, so three groups fill the row too.
const wideColumns = ['', 'lg:grid-cols-1', 'lg:grid-cols-2', 'lg:grid-cols-3', 'lg:grid-cols-4'];

/** The older layout's technical specifications: one card per group that has figures. */
export function SpecificationPanel({ rows }: { rows: readonly SpecificationRow[] }) {
  const groups = SPECIFICATION_GROUPS.map((group) => ({ group, rows: rows.filter((row) => row.group === group) })).filter((entry) => entry.rows.length > 0);
  return (
    <Section title="Technical Specifications" tone="sand" id="specifications">
      <div className={`grid gap-6 sm:grid-cols-2 ${wideColumns[groups.length]}`}>
        {groups.map(({ group, rows: groupRows }) => (
          <Card as="section" key={group} className="border-t-4 border-brand-600 p-6">
            <h3 className="text-lg font-bold text-ink-900">{group}</h3>
            <SpecificationList rows={groupRows} className="mt-4" />
          </Card>
        ))}
      </div>
    </Section>
  );
}
