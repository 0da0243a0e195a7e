import type { FormEvent } from 'react';
import type { InventoryChoices } from '../../src/catalog/inventory-listing';
import type { InventoryFilters } from '../../src/catalog/inventory-filters';
import { buttonClasses } from './button-styles';
import { Icon } from './icon';

type SelectFilter = Exclude<keyof InventoryFilters, 'search'>;

/** The drop-downs in order: the query parameter, its label, and the label of its "all" choice. */
const SELECTS: [name: SelectFilter, label: string, all: string][] = [
  ['brand', 'Brand', 'All Brands'],
  ['category', 'Category', 'All Categories'],
  ['price', 'Price', 'All Prices'],
  ['condition', 'Condition', 'All Conditions'],
  ['location', 'Location', 'All Locations'],
];

interface InventoryFilterFormProps {
  filters: InventoryFilters;
  /** What the inventory holds to choose from, named by the server. */
  choices: InventoryChoices;
  onFilterChange: <Key extends keyof InventoryFilters>(key: Key, value: InventoryFilters[Key]) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const fieldClasses =
  'mt-1 block min-h-11 w-full rounded-xl border-0 bg-white px-3 text-base text-ink-900 ring-1 ring-inset ring-ink-300 focus:ring-2 focus:ring-brand-600';

/**
 * The inventory filters as a plain GET form: without JavaScript it asks the server for the filtered
 * page; with JavaScript the page filters on every change and the submit only confirms. Brand,
 * category and price are always there; condition when the inventory holds more than one, location
 * when units name the showroom they stand at.
 */
export function InventoryFilterForm({ filters, choices, onFilterChange, onSubmit }: InventoryFilterFormProps) {
  const selects = SELECTS.filter(([name]) => (name === 'condition' ? choices.condition.length > 1 : name !== 'location' || choices.location.length > 0));
  return (
    <form
      method="get"
      action="/inventory"
      role="search"
      aria-label="Filter vehicles"
      onSubmit={onSubmit}
      className={`grid grid-cols-2 items-end gap-x-3 gap-y-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] ring-1 ring-ink-200/70 sm:gap-x-4 sm:p-5 ${selects.length > 3 ? 'lg:grid-cols-4' : 'lg:grid-cols-[1.6fr_1fr_1fr_1fr_auto]'}`}
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="inventory-search" className="text-sm font-semibold text-ink-800">
          Search
        </label>
        <input
          id="inventory-search"
          type="search"
          name="search"
          value={filters.search}
          onChange={(event) => onFilterChange('search', event.target.value)}
          placeholder="Model, feature or seats"
          autoComplete="off"
          maxLength={100}
          className={`${fieldClasses} placeholder:text-ink-500`}
        />
      </div>
      {selects.map(([name, label, all], index) => (
        // An odd last drop-down takes the whole row on phones, beside nothing.
        <div key={name} className={index === selects.length - 1 && selects.length % 2 ? 'col-span-2 sm:col-span-1' : undefined}>
          <label htmlFor={`inventory-${name}`} className="text-sm font-semibold text-ink-800">
            {label}
          </label>
          <select
            id={`inventory-${name}`}
            name={name}
            value={filters[name]}
            onChange={(event) => onFilterChange(name, event.target.value as InventoryFilters[SelectFilter])}
            className={fieldClasses}
          >
            {[['all', all], ...choices[name]].map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className={`${buttonClasses('primary')} col-span-2 sm:col-span-1`}>
        <Icon name="check" className="size-4" />
        Apply Filters
      </button>
    </form>
  );
}
