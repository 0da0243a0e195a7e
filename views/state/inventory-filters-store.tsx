import { createContext, useContext, useState, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import { sameFilters, type InventoryFilters } from '../../src/catalog/inventory-filters';
import { DEFAULT_INVENTORY_FILTERS } from '../../src/catalog/inventory-query';

export interface InventoryFiltersState {
  filters: InventoryFilters;
  setFilter: <Key extends keyof InventoryFilters>(key: Key, value: InventoryFilters[Key]) => void;
  /** Takes filters read from the address bar (Back, Forward, a link); no change, no re-render. */
  replaceFilters: (filters: InventoryFilters) => void;
  clearFilters: () => void;
}

/**
 * The inventory's filters for one visitor: created per request on the server and per page visit in
 * the browser, starting from the query string, never shared between visitors.
 */
export function createInventoryFiltersStore(initial: InventoryFilters): StoreApi<InventoryFiltersState> {
  return createStore<InventoryFiltersState>()((set, get) => ({
    filters: initial,
    setFilter: (key, value) => set({ filters: { ...get().filters, [key]: value } }),
    replaceFilters: (filters) => {
      if (!sameFilters(filters, get().filters)) set({ filters });
    },
    clearFilters: () => set({ filters: DEFAULT_INVENTORY_FILTERS }),
  }));
}

const InventoryFiltersContext = createContext<StoreApi<InventoryFiltersState> | null>(null);

export function InventoryFiltersProvider({ initial, children }: { initial: () => InventoryFilters; children: ReactNode }) {
  const [store] = useState(() => createInventoryFiltersStore(initial()));
  return <InventoryFiltersContext.Provider value={store}>{children}</InventoryFiltersContext.Provider>;
}

export function useInventoryFiltersStore(): StoreApi<InventoryFiltersState> {
  const store = useContext(InventoryFiltersContext);
  if (!store) throw new Error('No InventoryFiltersProvider');
  return store;
}

export function useInventoryFilters<T>(selector: (state: InventoryFiltersState) => T): T {
  return useStore(useInventoryFiltersStore(), selector);
}
