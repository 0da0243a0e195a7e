/** The three carts the home page features, with the prices it shows. */
export const featuredVehicles = [
  { slug: 'evolution-d5-maverick-4-plus', price: 12995 },
  { slug: 'evolution-d6-max-gt4', price: 16995 },
  { slug: 'denago-ev-city', price: 11995 },
] as const;
