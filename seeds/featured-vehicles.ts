/**
 * The three carts the home page features, in order. Their prices are the catalog's, so an
 * import that changes a price changes the home page too.
 */
export const featuredVehicles = ['evolution-d5-maverick-4-plus', 'evolution-d6-max-gt4', 'denago-ev-city'] as const;
