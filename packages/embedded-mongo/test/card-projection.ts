/**
 * The site's inventory card projection (services/inventory/inventory-vehicle.ts), as the site sends
 * it: the store's tests use it as the read the store must answer well, without importing the site.
 */
export const CARD_PROJECTION = {
  _id: 0,
  id: 1,
  slug: 1,
  name: 1,
  description: 1,
  brand: 1,
  category: 1,
  price: 1,
  images: { $slice: ['$images', 1] },
  is_new: 1,
  'unit.brandName': 1,
  'unit.condition': 1,
  'unit.status': 1,
  firstPhoto: { $arrayElemAt: ['$unit.photos', 0] },
};
