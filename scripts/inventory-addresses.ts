// The inventory addresses the benchmarks ask for when they mean to miss every cache: the search
// terms and the filter combinations, shared so that every benchmark measures the same requests.

/** Words a shopper searches the inventory for; the generated catalog holds each. */
export const SEARCH_TERMS = ['nomad', 'city', 'rover', 'maverick', 'forester', 'ranger', 'carrier', 'classic', 'turfman', 'max', 'lithium', 'plus'];
const BRANDS = ['all', 'denago', 'evolution'];
const CATEGORIES = ['all', 'ranger', 'maverick', 'forester', 'turfman', 'rover'];
const PRICES = ['all', 'under-15000', '15000-25000', 'over-25000'];
const CONDITIONS = ['all', 'new', 'used', 'certified'];

/** How many filter combinations filteredInventory goes through before it starts over on the next page. */
const FILTER_COMBINATIONS = BRANDS.length * CATEGORIES.length * PRICES.length * CONDITIONS.length;

/** The n-th filtered inventory address: every filter combination on page 1, then on page 2, ...: never the same twice. */
export function filteredInventory(n: number): string {
  let rest = n;
  const pick = (choices: readonly string[]) => {
    const choice = choices[rest % choices.length]!;
    rest = Math.floor(rest / choices.length);
    return choice;
  };
  const query = new URLSearchParams({ brand: pick(BRANDS), category: pick(CATEGORIES), price: pick(PRICES), condition: pick(CONDITIONS) });
  if (rest > 0) query.set('page', String(rest + 1));
  return `/inventory?${query.toString()}`;
}

/**
 * Every filtered inventory page the catalog has, each once, in filteredInventory's order: every
 * combination's page 1, then page 2 of those that have one, and so on. Beyond its last page a
 * combination answers 404, and most of filteredInventory's addresses are past it (at 2,300 units,
 * three in four), so a benchmark that means the filtered page asks for these. `pagesOf` says how
 * many pages a combination's page-1 address has (the inventory API's `pageCount`: its answers are
 * kept apart from the pages', so asking leaves every page a miss).
 */
export async function listedFilteredPages(pagesOf: (address: string) => Promise<number>): Promise<string[]> {
  const pages: number[] = [];
  for (let combination = 0; combination < FILTER_COMBINATIONS; combination += 1) pages.push(await pagesOf(filteredInventory(combination)));
  const addresses: string[] = [];
  for (let page = 1; page <= Math.max(...pages); page += 1) {
    for (const [combination, count] of pages.entries()) if (count >= page) addresses.push(filteredInventory(combination + (page - 1) * FILTER_COMBINATIONS));
  }
  return addresses;
}

/** A filtered address's page count, from the inventory API at `origin` (for listedFilteredPages); an answer without one fails, naming the address. */
export async function apiPageCount(origin: string, address: string): Promise<number> {
  const response = await fetch(`${origin}/api${address}`);
  const pageCount = response.ok ? ((await response.json()) as { pageCount?: unknown }).pageCount : undefined;
  if (typeof pageCount !== 'number' || !Number.isInteger(pageCount) || pageCount < 1)
    throw new Error(`GET /api${address} answered ${response.status} without a page count`);
  return pageCount;
}
