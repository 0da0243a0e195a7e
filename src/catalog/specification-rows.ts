import { specificationLabels, type SpecificationGroup } from '../../seeds/specification-labels';
import { NAMED_SPECIFICATION_KEYS } from './vehicle';

/** One labelled figure of a vehicle, e.g. { key: 'topSpeed', label: 'Top Speed', value: '25 mph', group: 'Performance' }. */
export interface SpecificationRow {
  key: string;
  label: string;
  value: string;
  group: SpecificationGroup;
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
 * Every key/value pair of a vehicle's specifications, labelled and in the one display order: the
 * four the catalog names first, then the others in the label file's order, then any key it does
 * not know (under a readable label, with the features). A grouped panel keeps this order per group.
 */
export function specificationRows(specifications: Record<string, string>): SpecificationRow[] {
  const rank = (key: string) => {
    const index = knownOrder.indexOf(key);
    return index === -1 ? knownOrder.length : index;
  };
  return Object.entries(specifications)
    .map(([key, value], position) => ({ key, value, position }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.position - b.position)
    .map(({ key, value }) => {
      const known = specificationLabels[key];
      return { key, value, label: known?.label ?? humanizeSpecificationKey(key), group: known?.group ?? 'Features' };
    });
}
