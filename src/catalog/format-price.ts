import { formatFigure } from '../text/format-figure';

/**
 * "$12,995": whole dollars with thousands separators, or the dealer's wording for unpriced models.
 * Not Intl's currency format: almost every page loads this with its first JavaScript, and Intl's
 * locale data would cost it 20-60 ms of a phone's main thread (src/text/format-figure.ts).
 */
export function formatPrice(price: number | null): string {
  if (price === null) return 'Contact for Pricing';
  return price < 0 ? `-$${formatFigure(-price)}` : `$${formatFigure(price)}`;
}
