import { data } from 'react-router';
import { StoreUnavailableError } from '../db/store-unavailable-error';

/** Loader data a page receives at once (server-rendered and hydrated) or later (client-side navigation). */
export type Deferrable<T> = T | Promise<T>;

export interface VehicleListData<T> {
  /** The list (or a page of it), or in the browser the pending one, which the page renders through <Await>. */
  vehicles: Deferrable<T>;
  /** Set when the server could not read the catalog; the page says so instead of the grid. */
  loadError: string | null;
}

/** True where route loaders run in the visitor's browser (client-side navigation). */
export function loadsInBrowser(): boolean {
  return typeof document !== 'undefined';
}

/**
 * A promise handed to the page rather than awaited. <Await> reports its failure once it renders;
 * the empty handler keeps the browser from calling the rejection unhandled before that.
 */
export function handedToPage<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function withRetries<T>(load: () => Promise<T>, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await wait(250 * 2 ** attempt);
    }
  }
}

function statusOf(error: unknown): number {
  if (error instanceof StoreUnavailableError) return 503;
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status >= 500 && status < 600 ? status : 500;
}

/**
 * A grid's vehicles for a route loader. On the server it waits, so the HTML is complete; when the
 * catalog cannot be read the page still renders, says 'Failed to fetch vehicles: {status}'
 * (docs/product.md#loading-errors-and-empty-states) and answers with that status. In the browser it hands the page the pending list
 * at once, so a client-side navigation shows the skeleton cards while it loads, after `retries`
 * further attempts on failure. `empty` stands in for the list beside a load error (default: []).
 */
export async function loadVehicleList<T>(load: () => Promise<T>, { retries = 0, empty = [] as unknown as T }: { retries?: number; empty?: T } = {}) {
  if (loadsInBrowser()) {
    return { vehicles: handedToPage(withRetries(load, retries)), loadError: null } satisfies VehicleListData<T>;
  }
  try {
    return { vehicles: await load(), loadError: null } satisfies VehicleListData<T>;
  } catch (error) {
    const status = statusOf(error);
    return data({ vehicles: empty, loadError: `Failed to fetch vehicles: ${status}` } satisfies VehicleListData<T>, { status });
  }
}
