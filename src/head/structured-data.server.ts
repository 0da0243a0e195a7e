import { modelPageJsonLd } from './model-page-json-ld';
import { brandPageJsonLd } from './brand-page-json-ld';
import { inventoryListJsonLd } from './inventory-list-json-ld';
import { offerCatalogJsonLd } from './offer-catalog-json-ld';
import { showroomJsonLd } from './showroom-json-ld';
import type { StructuredData } from './structured-data';
import { townJsonLd } from './town-json-ld';
import { unitJsonLd } from './unit-json-ld';
import { catalogVehicleJsonLd } from './vehicle-json-ld';

/** The builders the server hands page heads; only server code imports this module. */
export const structuredData: StructuredData = {
  offerCatalog: offerCatalogJsonLd,
  inventoryList: inventoryListJsonLd,
  brandPage: brandPageJsonLd,
  modelPage: modelPageJsonLd,
  unitPage: unitJsonLd,
  vehiclePage: catalogVehicleJsonLd,
  townPage: townJsonLd,
  showroom: showroomJsonLd,
};
