import type { ReactNode } from 'react';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatPrice } from '../../../src/catalog/format-price';
import { inventoryManagerContext, type InventoryFilter, type InventoryListPage, type InventoryRow } from '../../../src/inventory/inventory-manager';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { staffInputClasses } from '../components/sign-in-fields';
import { shortTimeText } from '../components/lead-text';
import { UnitStatusBadge } from '../components/unit-form-fields';
import type { StaffPageModule } from '../layout/staff-page-module';
import { inventoryFilterFrom, inventoryFilterQuery, isInventoryFiltered } from './inventory-filter';
import { staffAnswer } from './owner-answers';

const PAGE = '/staff/inventory';

interface InventoryPageData {
  list: InventoryListPage;
  filter: InventoryFilter;
}

async function inventoryLoader({ request, context }: LoaderFunctionArgs): Promise<InventoryPageData> {
  const filter = inventoryFilterFrom(new URL(request.url).searchParams);
  const list = await staffAnswer(() => context.get(inventoryManagerContext).list(filter, context.get(staffRequestContext)), PAGE);
  return { list, filter };
}

const unitHref = (stockNumber: string) => `${PAGE}/${encodeURIComponent(stockNumber)}`;
const labelClasses = 'block text-sm font-semibold text-ink-800';
const inputClasses = staffInputClasses(false);
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Search and filters: a plain GET form, so every view of the list is an address (and works without JavaScript). */
function Filters({ filter }: { filter: InventoryFilter }) {
  return (
    <Card as="section" className="mt-4 p-3 sm:p-4">
      <h2 id="inventory-filter-title" className="sr-only">
        Search and filter
      </h2>
      <Form key={inventoryFilterQuery({ ...filter, page: undefined })} method="get" aria-labelledby="inventory-filter-title">
        <div className="grid grid-cols-2 gap-x-2 gap-y-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="inventory-q" className={labelClasses}>
              Stock number or name
            </label>
            <input id="inventory-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={80} autoComplete="off" className={inputClasses} />
          </div>
          <div>
            <label htmlFor="inventory-status" className={labelClasses}>
              Status
            </label>
            <select id="inventory-status" name="status" defaultValue={filter.status ?? ''} className={inputClasses}>
              <option value="">Everything</option>
              <option value="available">Available</option>
              <option value="pending">Pending</option>
              <option value="sold">Sold</option>
              <option value="model">Model entries</option>
            </select>
          </div>
          <div>
            <label htmlFor="inventory-origin" className={labelClasses}>
              Source
            </label>
            <select id="inventory-origin" name="origin" defaultValue={filter.origin ?? ''} className={inputClasses}>
              <option value="">Any</option>
              <option value="feed">From the feed</option>
              <option value="staff">Added by hand</option>
            </select>
          </div>
          <button type="submit" className={`${buttonClasses('primary', 'md')} col-span-2 sm:col-span-1`}>
            Show
          </button>
        </div>
      </Form>
      {isInventoryFiltered(filter) ? (
        <p className="text-sm">
          <Link to={PAGE} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Clear the filter
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

function RowStatus({ row }: { row: InventoryRow }) {
  if (row.status === 'listed') return <Badge tone="brand">Model entry</Badge>;
  if (row.status === 'unlisted') return <Badge tone="neutral">Model, not in stock</Badge>;
  return <UnitStatusBadge status={row.status} />;
}

/** One figure of a row: a small label over its value, so a phone reads it without table headers. */
function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-ink-600">{term}</dt>
      <dd className="font-semibold tabular-nums text-ink-900">{children}</dd>
    </div>
  );
}

/** Units and model entries, one compact card each: name and stock number, status, then the figures in a row. */
function InventoryList({ rows, label }: { rows: readonly InventoryRow[]; label: string }) {
  return (
    <ol className="mt-3 space-y-2" aria-label={label}>
      {rows.map((row) => (
        <li key={row.stockNumber ?? row.publicHref} className="rounded-[var(--radius-card)] bg-white px-4 py-2.5 shadow-[var(--shadow-card)] ring-1 ring-ink-200/70">
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <h3 className="min-w-0 text-base font-bold">
              {row.stockNumber ? (
                <Link to={unitHref(row.stockNumber)} className="inline-flex min-h-11 items-center break-words text-brand-800 underline-offset-2 hover:underline">
                  {row.name}
                </Link>
              ) : (
                <a href={row.publicHref} className="inline-flex min-h-11 items-center break-words text-brand-800 underline-offset-2 hover:underline">
                  {row.name}
                </a>
              )}
            </h3>
            <RowStatus row={row} />
          </div>
          <p className="text-sm text-ink-700">
            {row.stockNumber ? <span className="font-mono font-semibold text-ink-900">#{row.stockNumber}</span> : 'Catalog file'}
            {row.addedByHand ? ' · added by hand' : ''}
            {row.lockedCount > 0 ? ` · ${count(row.lockedCount, 'field', 'fields')} locked` : ''}
            {row.soldAt ? ` · sold ${shortTimeText(row.soldAt)}` : ''}
            {row.stockNumber ? (
              <>
                {' · '}
                <a href={row.publicHref} className="font-semibold text-brand-700 underline">
                  Public page<span className="sr-only"> of {row.name}</span>
                </a>
              </>
            ) : null}
          </p>
          <dl className="mt-1.5 grid grid-cols-3 gap-x-3 gap-y-1 text-sm sm:grid-cols-5">
            <Figure term="Price">{formatPrice(row.price)}</Figure>
            <Figure term="Photos">{row.photos}</Figure>
            <Figure term="Days in stock">{row.daysInStock}</Figure>
            <Figure term="Views">{row.views.toLocaleString('en-US')}</Figure>
            <Figure term="Inquiries">{row.kind === 'unit' ? row.inquiries : '–'}</Figure>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** /staff/inventory (every role): every unit and model entry, newest first, 25 a page, with its figures. */
function StaffInventory() {
  const { list, filter } = useLoaderData<InventoryPageData>();
  const withPage = (page: number) => {
    const query = inventoryFilterQuery({ ...filter, page });
    return query ? `${PAGE}?${query}` : PAGE;
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Inventory</h1>
        {list.canChange ? (
          <Link to={`${PAGE}/new`} className={buttonClasses('primary', 'md')}>
            Add a unit
          </Link>
        ) : null}
      </div>
      <Filters filter={filter} />
      <section aria-labelledby="inventory-list-title" className="mt-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="inventory-list-title" className="text-lg font-bold text-ink-900">
            {isInventoryFiltered(filter) ? 'Matching vehicles' : 'Every vehicle'}
          </h2>
          <p className="text-sm text-ink-700">
            {count(list.matching, 'vehicle', 'vehicles')}, newest first · page {list.page}
          </p>
        </div>
        {list.rows.length === 0 ? (
          <p className="mt-3 rounded-xl bg-white px-4 py-3 text-ink-700 ring-1 ring-ink-200/70">
            {isInventoryFiltered(filter) ? 'Nothing matches this filter.' : list.page > 1 ? 'Nothing on this page.' : 'No vehicles yet.'}
          </p>
        ) : (
          <InventoryList rows={list.rows} label={`Vehicles, page ${list.page}`} />
        )}
        {list.page > 1 || list.hasNext ? (
          <nav aria-label="Inventory pages" className="mt-4 flex flex-wrap gap-3">
            {list.page > 1 ? (
              <Link to={withPage(list.page - 1)} className={buttonClasses('secondary', 'md')}>
                Previous page
              </Link>
            ) : null}
            {list.hasNext ? (
              <Link to={withPage(list.page + 1)} className={buttonClasses('secondary', 'md')}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

export const staffInventoryPage: StaffPageModule = { Component: StaffInventory, loader: inventoryLoader };
