import { townSlug } from '../towns/town-slug';

const MAX_SLUG_LENGTH = 80;

/**
 * A unit's page address: year, brand, model and stock number in kebab-case,
 * '2021-club-car-onward-4-passenger-u2417'. The same unit always gets the same slug; the stock
 * number at the end keeps two carts of one model apart, and survives when a long model is cut.
 */
export function unitSlug(unit: { year?: number; brand: string; model: string; stockNumber: string }): string {
  const stock = townSlug(unit.stockNumber);
  const words = townSlug([unit.year, unit.brand, unit.model].filter((word) => word !== undefined).join(' '));
  const room = MAX_SLUG_LENGTH - stock.length - 1;
  const head = words.length <= room ? words : words.slice(0, words.lastIndexOf('-', room));
  return head ? `${head}-${stock}` : stock;
}
