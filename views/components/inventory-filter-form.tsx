import type { FormEvent } from 'react';
import { BRAND_FILTERS, PRICE_FILTERS, type BrandFilter, type InventoryFilters, type PriceFilter } from '../../src/catalog/inventory-filters';
import { buttonClasses } from './button-styles';
import { Icon } from './icon';

const brandLabels: Record<BrandFilter, string> = { all: 'All Brands', denago: 'DENAGO', evolution: 'EVOLUTION' };
const priceLabels: Record<PriceFilter, string> = {
  all: 'All Prices',
  'under-15000': 'Under $15,000',
  '15000-25000': '$15,000 - $25,000',
  'over-25000': 'Over $25,000',
};

/** "d6-max" → "D6 Max": a category as a shopper reads it. */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

interface InventoryFilterFormProps {
  filters: InventoryFilters;
  categories: readonly string[];
  onFilterChange: <Key extends keyof InventoryFilters>(key: Key, value: InventoryFilters[Key]) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const fieldClasses =
  'mt-1 block min-h-11 w-full rounded-xl border-0 bg-white px-3 text-base text-ink-900 ring-1 ring-inset ring-ink-300 focus:ring-2 focus:ring-brand-600';

/**
 * The inventory filters as a plain GET form: without JavaScript it asks the server for the filtered
 * page; with JavaScript the page filters on every change and the submit only confirms.
 */
export function InventoryFilterForm({ filters, categories, onFilterChange, onSubmit }: InventoryFilterFormProps) {
  return (
    <form
      method="get"
      action="/inventory"
      role="search"
      aria-label="Filter vehicles"
      onSubmit={onSubmit}
      className="grid grid-cols-2 items-end gap-x-3 gap-y-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] ring-1 ring-ink-200/70 sm:gap-x-4 sm:p-5 lg:grid-cols-[1.6fr_1fr_1fr_1fr_auto]"
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
      <div>
        <label htmlFor="inventory-brand" className="text-sm font-semibold text-ink-800">
          Brand
        </label>
        <select
          id="inventory-brand"
          name="brand"
          value={filters.brand}
          onChange={(event) => onFilterChange('brand', event.target.value as BrandFilter)}
          className={fieldClasses}
        >
          {BRAND_FILTERS.map((brand) => (
            <option key={brand} value={brand}>
              {brandLabels[brand]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="inventory-category" className="text-sm font-semibold text-ink-800">
          Category
        </label>
        <select
          id="inventory-category"
          name="category"
          value={filters.category}
          onChange={(event) => onFilterChange('category', event.target.value)}
          className={fieldClasses}
        >
          <option value="all">All Categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="inventory-price" className="text-sm font-semibold text-ink-800">
          Price
        </label>
        <select
          id="inventory-price"
          name="price"
          value={filters.price}
          onChange={(event) => onFilterChange('price', event.target.value as PriceFilter)}
          className={fieldClasses}
        >
          {PRICE_FILTERS.map((price) => (
            <option key={price} value={price}>
              {priceLabels[price]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`${buttonClasses('primary')} col-span-2 sm:col-span-1`}>
        <Icon name="check" className="size-4" />
        Apply Filters
      </button>
    </form>
  );
}
