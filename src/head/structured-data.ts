import type { brandPageJsonLd } from './brand-page-json-ld';
import type { inventoryListJsonLd } from './inventory-list-json-ld';
import type { offerCatalogJsonLd } from './offer-catalog-json-ld';
import type { unitJsonLd } from './unit-json-ld';
import type { modelPageJsonLd } from './model-page-json-ld';
import type { showroomJsonLd } from './showroom-json-ld';
import type { townJsonLd } from './town-json-ld';
import type { catalogVehicleJsonLd } from './vehicle-json-ld';

/**
 * The structured-data (JSON-LD) builders a page's head uses, handed to it by the server when it
 * renders the page (structured-data.server.ts). Crawlers read structured data in the server's HTML;
 * after a client-side navigation the browser leaves it out, so its bundles need not carry these.
 */
export interface StructuredData {
  offerCatalog: typeof offerCatalogJsonLd;
  inventoryList: typeof inventoryListJsonLd;
  brandPage: typeof brandPageJsonLd;
  modelPage: typeof modelPageJsonLd;
  unitPage: typeof unitJsonLd;
  vehiclePage: typeof catalogVehicleJsonLd;
  townPage: typeof townJsonLd;
  showroom: typeof showroomJsonLd;
}
