import { useCallback, useEffect, useMemo, useRef, type FormEvent, type MouseEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigationType, type LoaderFunctionArgs } from 'react-router';
import type { Vehicle } from '../../src/catalog/vehicle';
import { vehicleListJsonLd } from '../../src/head/vehicle-list-json-ld';
import {
  categoryOptions,
  DEFAULT_INVENTORY_FILTERS,
  filterVehicles,
  inventoryQuery,
  parseInventoryFilters,
  type InventoryFilters,
} from '../../src/lib/inventory-filters';
import { contactPath } from '../../src/lib/contact-path';
import { loadVehicleList, type VehicleListData } from '../../src/lib/vehicle-list-loader';
import { catalogFor } from '../../src/request-context';
import { ButtonLink } from '../components/button-link';
import { buttonClasses } from '../components/button-styles';
import { Card } from '../components/card';
import { Icon } from '../components/icon';
import { InventoryFilterForm } from '../components/inventory-filter-form';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { AwaitVehicles } from '../components/await-vehicles';
import { CatalogVehicleCard, VEHICLE_GRID_CLASSES } from '../components/vehicle-card';
import { useBusiness } from '../hooks/use-business';
import { InventoryFiltersProvider, useInventoryFilters, useInventoryFiltersStore } from '../state/inventory-filters-store';
import type { PageModule } from './page-module';

/** What a card and the filters read; the rest of a vehicle stays out of the page's data. */
export type InventoryVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'brand' | 'category' | 'price' | 'images' | 'isNew'>;

type InventoryData = VehicleListData<InventoryVehicle>;


/** Marks history entries the filter form wrote, so the page does not read them back. */
type FilterEntry = 'typing' | 'choice';

interface FilterEntryState {
  inventoryFilters: FilterEntry;
}

function filterEntryOf(state: unknown): FilterEntry | null {
  return typeof state === 'object' && state !== null && 'inventoryFilters' in state ? (state as FilterEntryState).inventoryFilters : null;
}

async function inventoryLoader({ context }: LoaderFunctionArgs) {
  const catalog = catalogFor(context);
  // Spec section 7: a failed load is retried three times before the page shows the error.
  return loadVehicleList(
    async () =>
      (await catalog.listVehicles()).map(({ id, slug, name, description, brand, category, price, images, isNew }) => ({
        id,
        slug,
        name,
        description,
        brand,
        category,
        price,
        images: images.slice(0, 1),
        isNew,
      })),
    { retries: 3 },
  );
}

/**
 * Keeps the filters and the address bar in step: a change in the form goes to the store and into
 * the query string (no request: the loader does not run again for a new query string), and an
 * address the form did not write (Back, Forward, a link) goes into the store.
 */
function useFiltersInAddressBar(categories: readonly string[]) {
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
    store.getState().replaceFilters(parseInventoryFilters(location.search, categories));
  }, [store, location.key, location.search, navigationType, entry, categories]);

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

function InventoryBrowser({ vehicles }: { vehicles: InventoryVehicle[] }) {
  const categories = useMemo(() => categoryOptions(vehicles), [vehicles]);
  const { search } = useLocation();
  return (
    <InventoryFiltersProvider initial={() => parseInventoryFilters(search, categories)}>
      <FilteredInventory vehicles={vehicles} categories={categories} />
    </InventoryFiltersProvider>
  );
}

function FilteredInventory({ vehicles, categories }: { vehicles: InventoryVehicle[]; categories: string[] }) {
  const filters = useInventoryFilters((state) => state.filters);
  const { setFilter, clearFilters } = useFiltersInAddressBar(categories);
  const shown = useMemo(() => filterVehicles(vehicles, filters), [vehicles, filters]);
  const resultsRef = useRef<HTMLParagraphElement>(null);
  const filtered = inventoryQuery(filters).size > 0;

  // With JavaScript the list is already filtered; submitting (Enter, or the button) takes the
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
      <InventoryFilterForm filters={filters} categories={categories} onFilterChange={setFilter} onSubmit={onSubmit} />
      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="results-heading" className="text-2xl font-bold tracking-tight text-ink-900">
          {filtered ? 'Matching Vehicles' : 'All Vehicles'}
        </h2>
        <p ref={resultsRef} tabIndex={-1} role="status" className="text-ink-700 outline-none" data-testid="results-count">
          Showing {shown.length} of {vehicles.length} total vehicles
        </p>
      </div>
      {shown.length > 0 ? (
        <ul className={`${VEHICLE_GRID_CLASSES} mt-6`} aria-labelledby="results-heading">
          {shown.map((vehicle) => (
            <li key={vehicle.id}>
              <CatalogVehicleCard vehicle={vehicle} eyebrow={vehicle.brand.toUpperCase()} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="mt-6 flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-sand-100 text-brand-700">
            <Icon name="gauge" className="size-7" />
          </span>
          <p className="mt-4 text-xl font-bold text-ink-900">No vehicles match your current filters.</p>
          <p className="mt-2 max-w-md text-ink-600">Try a broader search or another price range, or ask us: new carts arrive every week.</p>
          <Link to="/inventory" onClick={onClear} className={`${buttonClasses('primary', 'lg')} mt-6`}>
            Clear All Filters
          </Link>
        </Card>
      )}
    </>
  );
}

function InventoryPage() {
  const data = useLoaderData() as InventoryData;
  const business = useBusiness();
  return (
    <>
      <PageHero eyebrow="DENAGO · EVOLUTION" title="Golf Cart & LSV Inventory">
        <p>
          New electric golf carts and street-legal low-speed vehicles, ready for a test drive at our showrooms. Filter by brand,
          category and price to find your fit.
        </p>
      </PageHero>

      <Section id="inventory">
        <AwaitVehicles list={data} loadingLabel="Loading vehicles…" skeletonClassName={VEHICLE_GRID_CLASSES}>
          {(list) => <InventoryBrowser vehicles={list} />}
        </AwaitVehicles>
      </Section>

      <Section tone="sand" id="inventory-contact">
        <Card className="grid gap-6 p-8 md:grid-cols-[1.5fr_1fr] md:items-center">
          <div>
            <h2 id="inventory-contact-heading" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
              Don't See What You're Looking For?
            </h2>
            <p className="mt-3 text-lg text-ink-600">
              Tell us the seats, range and budget you have in mind. We can order any DENAGO or EVOLUTION model, and we answer within
              24 hours.
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <ButtonLink to={contactPath({ interest: 'sales', topic: 'inventory' })} size="lg">
              <Icon name="mail" className="size-4" />
              Contact Our Sales Team
            </ButtonLink>
            <ButtonLink to={business.phoneHref} variant="call" size="lg">
              <Icon name="phone" className="size-4" />
              Call {business.phone}
            </ButtonLink>
          </div>
        </Card>
      </Section>
    </>
  );
}

export const inventoryPage: PageModule<InventoryData> = {
  Component: InventoryPage,
  loader: inventoryLoader,
  // The filters live in the query string; changing them must not fetch the catalogue again.
  shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
    currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate,
  handle: {
    head: ({ data, business }) => ({
      title: 'Golf Cart & LSV Inventory',
      description: 'Browse new DENAGO and EVOLUTION electric golf carts and street-legal LSVs. Filter by brand, category and price, then book a test drive.',
      // One canonical address for every filtered view.
      canonicalPath: '/inventory',
      keywords: ['golf carts for sale NJ', 'electric golf cart inventory', 'DENAGO', 'EVOLUTION', 'LSV for sale', 'street legal golf cart'],
      jsonLd:
        Array.isArray(data.vehicles) && data.vehicles.length > 0
          ? [vehicleListJsonLd(data.vehicles, { name: `${business.name} golf cart and LSV inventory`, path: '/inventory' }, business.origin)]
          : [],
    }),
  },
};
