import type { VehicleRecord } from '../../models/vehicle.model';
import type { CardPhoto, InventoryVehicle } from '../../src/catalog/inventory-listing';
import { cardDescription } from '../../src/catalog/card-description';
import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { photoAtBase } from '../photos/photo-paths';

/** What an inventory page asks of the store's query (a search's, or a filtered page's before the facet index is built): the vehicles' ids, their cards read by id unless kept. */
export const PAGE_IDS_PROJECTION = { _id: 0, id: 1 };

/** What a card needs of a stored vehicle: the $project stage of a page's cards, read by id. */
export const INVENTORY_PROJECTION = {
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

export type InventoryRecord = Pick<VehicleRecord, 'id' | 'slug' | 'name' | 'description' | 'brand' | 'category' | 'price' | 'images' | 'is_new'> & {
  unit?: Partial<Pick<NonNullable<VehicleRecord['unit']>, 'brandName' | 'condition' | 'status'>>;
  firstPhoto?: UnitPhoto | null;
};

/** A card is at most a third of a wide page and the whole width of a phone: 480 or 960 px wide. */
function cardPhoto(photo: UnitPhoto): CardPhoto {
  const sizes = photo.sources.webp.slice(0, 2);
  return { src: sizes[0]!.url, srcSet: sizes.map((size) => `${size.url} ${size.width}w`).join(', ') };
}

/** A stored vehicle as an inventory card reads it, its photo where PHOTO_BASE_URL says (unset: the site's /photos). */
export function inventoryVehicle(record: InventoryRecord, photoBaseUrl?: string): InventoryVehicle {
  const { id, slug, name, description, brand, category, price, images, is_new, unit, firstPhoto } = record;
  const card: InventoryVehicle = {
    id,
    slug,
    name,
    description: cardDescription(description),
    brand,
    category,
    price: price ?? null,
    images: images ?? [],
    isNew: is_new ?? true,
  };
  if (unit?.brandName && unit.condition && unit.status) card.unit = { brandName: unit.brandName, condition: unit.condition, status: unit.status };
  if (firstPhoto) card.photo = cardPhoto(photoAtBase(firstPhoto, photoBaseUrl));
  return card;
}
