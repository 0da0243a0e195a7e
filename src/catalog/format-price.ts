const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$12,995": whole dollars with thousands separators, or the dealer's wording for unpriced models. */
export function formatPrice(price: number | null): string {
  return price === null ? 'Contact for Pricing' : dollars.format(price);
}
