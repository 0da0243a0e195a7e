import { createContext, useContext, useState, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export interface SiteState {
  toast: Toast | null;
  /** Shows a toast, replacing the one on screen: one at a time. */
  showToast: (toast: Omit<Toast, 'id'>) => void;
  dismissToast: () => void;
}

let nextToastId = 1;

/** A new store for one visitor: one per request on the server, one per page load in the browser. */
export function createSiteStore(): StoreApi<SiteState> {
  return createStore<SiteState>()((set) => ({
    toast: null,
    showToast: (toast) => set({ toast: { ...toast, id: nextToastId++ } }),
    dismissToast: () => set({ toast: null }),
  }));
}

const SiteStoreContext = createContext<StoreApi<SiteState> | null>(null);

export function SiteStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSiteStore);
  return <SiteStoreContext.Provider value={store}>{children}</SiteStoreContext.Provider>;
}

export function useSiteStore<T>(selector: (state: SiteState) => T): T {
  const store = useContext(SiteStoreContext);
  if (!store) throw new Error('useSiteStore needs a SiteStoreProvider above it');
  return useStore(store, selector);
}
