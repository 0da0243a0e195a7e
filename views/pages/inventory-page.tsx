import { useCallback, useEffect, useRef, type FormEvent, type MouseEvent } from 'react';
import { data, useLoaderData, useLocation, useNavigate, useNavigationType, type LoaderFunctionArgs } from 'react-router';
import { SiteLink } from '../components/site-link';
import type { InventoryListing, InventoryVehicle } from '../../src/catalog/inventory-listing';
import { INVENTORY_PAGE_SIZE, parseInventoryFilters, parseInventoryPage, type InventoryFilters } from '../../src/catalog/inventory-filters';
import { DEFAULT_INVENTORY_FILTERS, inventoryQuery } from '../../src/catalog/inventory-query';
import { brandLabel } from '../../src/catalog/brand-label';
import { inventoryEyebrow } from '../../src/catalog/inventory-eyebrow';
import { contactPath } from '../../src/contact/contact-path';
import { loadsInBrowser, loadVehicleList, type VehicleListData } from '../../src/catalog/vehicle-list-loader';
import { catalogContext } from '../../src/route-context/route-context';
import { formatFigure } from '../../src/text/format-figure';
import type { BadgeTone } from '../components/badge';
import { ButtonLink } from '../components/button-link';
import { buttonClasses } from '../components/button-styles';
import { Card } from '../components/card';
import { Icon } from '../components/icon';
import { InventoryFilterForm } from '../components/inventory-filter-form';
import { InventoryPagination, isPaginationEntry } from '../components/inventory-pagination';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { AwaitVehicles } from '../components/await-vehicles';
import { CatalogVehicleCard, VEHICLE_GRID_CLASSES } from '../components/vehicle-card';
import { InventoryFiltersProvider, useInventoryFilters, useInventoryFiltersStore } from '../state/inventory-filters-store';
import type { PageModule } from './page-module';
import { CallButton } from '../components/call-button';
import { CtaCard } from '../components/call-to-action';

type InventoryData = VehicleListData<InventoryListing>;

/** Marks history entries the filter form wrote, so the page does not read them back. */
type FilterEntry = 'typing' | 'choice';

interface FilterEntryState {
  inventoryFilters: FilterEntry;
}

function filterEntryOf(state: unknown): FilterEntry | null {
  return typeof state === 'object' && state !== null && 'inventoryFilters' in state ? (state as FilterEntryState).inventoryFilters : null;
}

/** Where a listing lives: its filters (never the search, which is one visitor's) and its page number. */
const listingPath = (listing: Pick<InventoryListing, 'filters' | 'page'>) => {
  const query = inventoryQuery({ ...listing.filters, search: '' }, listing.page).toString();
  return query ? `/inventory?${query}` : '/inventory';
};

async function inventoryLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = { filters: parseInventoryFilters(params), page: parseInventoryPage(params) };
  const catalog = context.get(catalogContext);
  // A failed load is retried three times before the page shows the error and reads no listing (docs/product.md#loading-errors-and-empty-states).
  const loaded = await loadVehicleList(() => catalog.findInventoryPage(query), { retries: 3 });
  // A page number past the end of the list is no page: 404 (the server knows before it renders).
  if (!loadsInBrowser() && 'vehicles' in loaded) {
    const listing = loaded.vehicles as InventoryListing;
    if (listing.page > listing.pageCount) return data(loaded, { status: 404 });
  }
  return loaded;
}

/**
 * Keeps the filters and the address bar in step: a change in the form goes to the store and into
 * the query string, which loads the matching page of the inventory (the first), and an address the
 * form did not write (Back, Forward, a link) goes into the store.
 */
function useFiltersInAddressBar() {
  const store = useInventoryFiltersStore();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const entry = filterEntryOf(location.state);
  // The address bar as last written: navigations finish a moment after a keystroke, and the next
  // keystroke must compare with what is on its way, not with what is still shown.
  const written = useRef({ search: location.search, entry });

  useEffect(() => {
    written.current = { search: location.search, entry };
    if (navigationType !== 'POP' && entry) return;
    store.getState().replaceFilters(parseInventoryFilters(location.search));
  }, [store, location.key, location.search, navigationType, entry]);

  const write = useCallback(
    (filters: InventoryFilters, kind: FilterEntry) => {
      const query = inventoryQuery(filters).toString();
      const search = query ? `?${query}` : '';
      if (search === written.current.search) return;
      // Typing replaces the entry its first keystroke made, so Back skips the keystrokes and
      // returns to the filters before the search; every choice in a list is an entry of its own.
      const replace = kind === 'typing' && written.current.entry === 'typing';
      written.current = { search, entry: kind };
      const state: FilterEntryState = { inventoryFilters: kind };
      navigate({ pathname: location.pathname, search }, { replace, preventScrollReset: true, state });
    },
    [navigate, location.pathname],
  );

  const setFilter = useCallback(
    <Key extends keyof InventoryFilters>(key: Key, value: InventoryFilters[Key]) => {
      store.getState().setFilter(key, value);
      write(store.getState().filters, key === 'search' ? 'typing' : 'choice');
    },
    [store, write],
  );

  const clearFilters = useCallback(() => {
    store.getState().clearFilters();
    write(DEFAULT_INVENTORY_FILTERS, 'choice');
  }, [store, write]);

  return { setFilter, clearFilters };
}

function InventoryBrowser({ listing }: { listing: InventoryListing }) {
  // The listing's filters are the address's, as the catalog applied them (an unknown brand reads as 'all').
  return (
    <InventoryFiltersProvider initial={() => listing.filters}>
      <FilteredInventory listing={listing} />
    </InventoryFiltersProvider>
  );
}

/** A unit held for a buyer says so; a used or certified one says which; a new one is NEW like the models. */
function unitBadge(unit: InventoryVehicle['unit']): { label: string; tone: BadgeTone } | undefined {
  if (unit?.status === 'pending') return { label: 'Sale Pending', tone: 'warning' };
  if (unit && unit.condition !== 'new') return { label: unit.condition, tone: 'brand' };
  return undefined;
}

/** "Showing 6 of 23 total vehicles" on one page; "Showing 25-48 of 57 matching vehicles (2,300 in total)" across pages. */
function resultsSummary({ vehicles, page, pageCount, matching, total }: InventoryListing, filtered: boolean): string {
  if (pageCount <= 1) return `Showing ${vehicles.length} of ${formatFigure(total)} total vehicles`;
  const first = (page - 1) * INVENTORY_PAGE_SIZE + 1;
  const range = vehicles.length > 0 ? `${first}-${first + vehicles.length - 1}` : 'none';
  return filtered
    ? `Showing ${range} of ${formatFigure(matching)} matching vehicles (${formatFigure(total)} in total)`
    : `Showing ${range} of ${formatFigure(total)} total vehicles`;
}

/**
 * A card is drawn only as the visitor nears it (app.css, rendered-when-near): the list is below a
 * phone's first screen, and skipping it halves the first layout's work. Until drawn it is 30rem
 * tall, at least its own height at every width (398-468 px from 320 to 1280 px; wider screens keep
 * the 1280 px layout).
 */
const CARD_RENDERED_WHEN_NEAR = 'rendered-when-near-[30rem]';

function FilteredInventory({ listing }: { listing: InventoryListing }) {
  const filters = useInventoryFilters((state) => state.filters);
  const { setFilter, clearFilters } = useFiltersInAddressBar();
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const location = useLocation();
  const filtered = inventoryQuery(listing.filters).size > 0;
  const pastTheEnd = listing.page > listing.pageCount;

  // Another page of results starts at the results, as a new page would start at the top.
  useEffect(() => {
    if (isPaginationEntry(location.state)) resultsRef.current?.focus();
  }, [location.key, location.state]);

  // With JavaScript the list follows every change; submitting (Enter, or the button) takes the
  // shopper to the results instead of reloading the page.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    resultsRef.current?.focus();
  };
  const onClear = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    clearFilters();
  };

  return (
    <>
      <InventoryFilterForm filters={filters} choices={listing.choices} onFilterChange={setFilter} onSubmit={onSubmit} />
      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="results-heading" className="text-2xl font-bold tracking-tight text-ink-900">
          {filtered ? 'Matching Vehicles' : 'All Vehicles'}
        </h2>
        <p ref={resultsRef} tabIndex={-1} role="status" className="scroll-mt-6 text-ink-700 outline-none" data-testid="results-count">
          {resultsSummary(listing, filtered)}
        </p>
      </div>
      {listing.vehicles.length > 0 ? (
        <ul className={`${VEHICLE_GRID_CLASSES} mt-6`} aria-labelledby="results-heading">
          {listing.vehicles.map((vehicle) => (
            <li key={vehicle.id} className={CARD_RENDERED_WHEN_NEAR}>
              <CatalogVehicleCard vehicle={vehicle} eyebrow={brandLabel(vehicle)} badge={unitBadge(vehicle.unit)} />
            </li>
          ))}
        </ul>
      ) : pastTheEnd ? (
        <Card className="mt-6 flex flex-col items-center px-6 py-14 text-center">
          <p className="text-xl font-bold text-ink-900">
            There is no page {listing.page} of these results: they fit on {listing.pageCount === 1 ? 'one page' : `${listing.pageCount} pages`}.
          </p>
          <SiteLink to={listingPath({ filters: listing.filters, page: 1 })} className={`${buttonClasses('primary', 'lg')} mt-6`}>
            Go to the First Page
          </SiteLink>
        </Card>
      ) : (
        <Card className="mt-6 flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-sand-100 text-brand-700">
            <Icon name="gauge" className="size-7" />
          </span>
          <p className="mt-4 text-xl font-bold text-ink-900">No vehicles match your current filters.</p>
          <p className="mt-2 max-w-md text-ink-600">Try a broader search or another price range, or ask us: new carts arrive every week.</p>
          <SiteLink to="/inventory" onClick={onClear} className={`${buttonClasses('primary', 'lg')} mt-6`}>
            Clear All Filters
          </SiteLink>
        </Card>
      )}
      <InventoryPagination filters={listing.filters} page={listing.page} pageCount={listing.pageCount} />
    </>
  );
}

function InventoryPage() {
  const data = useLoaderData() as InventoryData;
  // The brands listed, when the list is here with the page (always from the server); none while it loads.
  const listing = loadedListing(data);
  return (
    <>
      <PageHero eyebrow={listing ? inventoryEyebrow(listing) : null} title="Golf Cart & LSV Inventory">
        <p>
          New and used golf carts and street-legal low-speed vehicles, ready for a test drive at our showrooms. Filter by brand, condition and price to find your fit.
        </p>
      </PageHero>

      <Section id="inventory">
        <AwaitVehicles list={data} loadingLabel="Loading vehicles…" skeletonClassName={VEHICLE_GRID_CLASSES}>
          {(listing) => <InventoryBrowser listing={listing} />}
        </AwaitVehicles>
      </Section>

      <CtaCard
        id="inventory-contact"
        title="Don't See What You're Looking For?"
        actions={
          <>
            <ButtonLink to={contactPath({ interest: 'sales', topic: 'inventory' })} size="lg" icon="mail">
              Contact Our Sales Team
            </ButtonLink>
            <CallButton variant="call" />
          </>
        }
      >
        Tell us the seats, range and budget you have in mind. We can order any DENAGO or EVOLUTION model, and we answer within 24 hours.
      </CtaCard>
    </>
  );
}

/** The listing itself, once the loader has it (on the server always; in the browser after it loads). */
const loadedListing = (data: InventoryData): InventoryListing | null => (data.loadError || data.vehicles instanceof Promise ? null : data.vehicles);

export const inventoryPage: PageModule<InventoryData> = {
  Component: InventoryPage,
  loader: inventoryLoader,
  handle: {
    head: ({ data, business, structuredData }) => {
      const listing = loadedListing(data);
      const pastTheEnd = listing !== null && listing.page > listing.pageCount;
      const page = listing && listing.page > 1 ? `, Page ${listing.page}` : '';
      return {
        title: `Golf Cart & LSV Inventory${page}`,
        description: 'Browse new DENAGO and EVOLUTION golf carts, used carts of every brand and street-legal LSVs. Filter, then book a test drive.',
        // Each page of each filtered list is its own canonical address (a search is not: it is one
        // visitor's); there is no rel=next/prev, which search engines no longer read.
        canonicalPath: pastTheEnd ? null : listing ? listingPath(listing) : '/inventory',
        keywords: ['golf carts for sale NJ', 'used golf carts NJ', 'DENAGO', 'EVOLUTION', 'LSV for sale'],
        jsonLd: structuredData && listing ? structuredData.inventoryList(listing, listingPath(listing), business) : [],
      };
    },
  },
};
