import { modelPageJsonLd } from './model-page-json-ld';
import { brandPageJsonLd } from './brand-page-json-ld';
import { offerCatalogJsonLd } from './offer-catalog-json-ld';
import type { StructuredData } from './structured-data';
import { unitJsonLd } from './unit-json-ld';
import { vehicleListJsonLd } from './vehicle-list-json-ld';

/** The builders the server hands page heads; only server code imports this module. */
export const structuredData: StructuredData = {
  offerCatalog: offerCatalogJsonLd,
  vehicleList: vehicleListJsonLd,
  brandPage: brandPageJsonLd,
  modelPage: modelPageJsonLd,
  unitPage: unitJsonLd,
};
