// The size and stand-in of a vehicle's picture, apart from the card's code: a model's page draws the
// picture without a card, and loads these lines rather than the whole card (npm run check:bundle).

/** A vehicle picture's width and height attributes (8:5), so the page keeps its place while it loads. */
export const VEHICLE_IMAGE_SIZE = { width: 640, height: 400 } as const;

/** What stands in for a vehicle without a picture. */
export const PLACEHOLDER_IMAGE = '/images/vehicles/placeholder.svg';
