import { SiteLink } from './site-link';
import type { InventoryFilters } from '../../src/catalog/inventory-filters';
import { inventoryQuery } from '../../src/catalog/inventory-query';
import { buttonClasses } from './button-styles';
import { Icon } from './icon';

/**
 * The page numbers to offer: the first, the last, and two either side of the current one; null
 * marks a gap of more than one page (a gap of one shows that page instead).
 */
export function pageNumbers(page: number, pageCount: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((number) => number >= 1 && number <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((number, index) => {
    const gap = index > 0 ? number - shown[index - 1]! : 1;
    return gap === 1 ? [number] : gap === 2 ? [number - 1, number] : [null, number];
  });
}

/** The links carry this state, so the page moves to the results once the new page is shown. */
const INVENTORY_PAGE_STATE = { inventoryPage: true } as const;

/** True for a history entry a page link wrote. */
export function isPaginationEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'inventoryPage' in state;
}

const pageLinkClasses = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold';

/**
 * Links to the other pages of the current results (filters kept, search included), plain links that
 * work without JavaScript. Nothing when the results fit on one page.
 */
export function InventoryPagination({ filters, page, pageCount }: { filters: InventoryFilters; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const to = (number: number) => {
    const query = inventoryQuery(filters, number).toString();
    return query ? `/inventory?${query}` : '/inventory';
  };
  return (
    <nav aria-label="Inventory pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && page <= pageCount ? (
        <SiteLink to={to(page - 1)} state={INVENTORY_PAGE_STATE} className={buttonClasses('secondary')}>
          <Icon name="arrowLeft" className="size-4" />
          Previous
        </SiteLink>
      ) : null}
      <ol className="flex flex-wrap items-center gap-1">
        {pageNumbers(Math.min(page, pageCount), pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span aria-current="page" className={`${pageLinkClasses} bg-brand-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {number}
                </span>
              ) : (
                <SiteLink to={to(number)} state={INVENTORY_PAGE_STATE} className={`${pageLinkClasses} text-brand-700 hover:bg-brand-50`}>
                  <span className="sr-only">Page </span>
                  {number}
                </SiteLink>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <SiteLink to={to(page + 1)} state={INVENTORY_PAGE_STATE} className={buttonClasses('secondary')}>
          Next
          <Icon name="arrowRight" className="size-4" />
        </SiteLink>
      ) : null}
    </nav>
  );
}
