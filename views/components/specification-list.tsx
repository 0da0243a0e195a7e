import { specificationRows } from '../../src/catalog/specification-rows';

/** The specifications as a description list: label, then value, one row each. */
export function SpecificationList({ specifications }: { specifications: Record<string, string> }) {
  return (
    <dl className="divide-y divide-ink-200">
      {specificationRows(specifications).map((entry) => (
        <div key={entry.key} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
          <dt className="font-medium text-ink-600">{entry.label}</dt>
          <dd className="font-semibold text-ink-900 sm:text-right">{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}
