// The inventory addresses the benchmarks ask for when they mean to miss every cache: the search
// terms and the filter combinations, shared so that every benchmark measures the same requests.

/** Words a shopper searches the inventory for; the generated catalog holds each. */
export const SEARCH_TERMS = ['nomad', 'city', 'rover', 'maverick', 'forester', 'ranger', 'carrier', 'classic', 'turfman', 'max', 'lithium', 'plus'];
const BRANDS = ['all', 'denago', 'evolution'];
const CATEGORIES = ['all', 'ranger', 'maverick', 'forester', 'turfman', 'rover'];
const PRICES = ['all', 'under-15000', '15000-25000', 'over-25000'];
const CONDITIONS = ['all', 'new', 'used', 'certified'];

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
