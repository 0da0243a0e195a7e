import type { SpecificationRow } from '../../src/catalog/specification-rows';

/** Specifications as a description list: label, then value, one row each (the value under its label where the row is narrow). */
export function SpecificationList({ rows, className = '' }: { rows: readonly Pick<SpecificationRow, 'key' | 'label' | 'value'>[]; className?: string }) {
  return (
    <dl className={`divide-y divide-ink-200 ${className}`}>
      {rows.map((entry) => (
        <div key={entry.key} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
          <dt className="font-medium text-ink-600">{entry.label}</dt>
          <dd className="font-semibold text-ink-900 sm:text-right">{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}
