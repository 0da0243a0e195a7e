import { specificationLabels } from '../../seeds/specification-labels';
import { NAMED_SPECIFICATION_KEYS } from '../../src/catalog/vehicle';

export interface SpecificationEntry {
  key: string;
  label: string;
  value: string;
}

/** "motorPower" or "motor_power" → "Motor Power": a key no label file knows, as a shopper reads it. */
export function humanizeSpecificationKey(key: string): string {
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase());
}

const knownOrder = [...NAMED_SPECIFICATION_KEYS, ...Object.keys(specificationLabels).filter((key) => !(NAMED_SPECIFICATION_KEYS as readonly string[]).includes(key))];

/**
 * Every key/value pair of a vehicle's specifications: the four docs/product.md#vehicles names first, then the
 * others in the label file's order, then any key it does not know, under a readable label.
 */
export function specificationEntries(specifications: Record<string, string>): SpecificationEntry[] {
  const rank = (key: string) => {
    const index = knownOrder.indexOf(key);
    return index === -1 ? knownOrder.length : index;
  };
  return Object.entries(specifications)
    .map(([key, value], position) => ({ key, value, position }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.position - b.position)
    .map(({ key, value }) => ({ key, value, label: specificationLabels[key]?.label ?? humanizeSpecificationKey(key) }));
}

/** The specifications as a description list: label, then value, one row each. */
export function SpecificationList({ specifications }: { specifications: Record<string, string> }) {
  return (
    <dl className="divide-y divide-ink-200">
      {specificationEntries(specifications).map((entry) => (
        <div key={entry.key} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
          <dt className="font-medium text-ink-600">{entry.label}</dt>
          <dd className="font-semibold text-ink-900 sm:text-right">{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}
