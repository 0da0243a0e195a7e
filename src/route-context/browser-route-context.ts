import type { Catalog } from '../catalog/catalog';
import type { InquirySender } from '../contact/inquiry-sender';
import { systemClock } from '../time/clock';
import { routeContext } from './route-services';

// The browser's services, loaded with the first loader or action that uses them: a page rendered
// on the server hydrates with the server's data and needs none of their code.
const httpCatalog = () => import('../catalog/http-catalog').then((module) => module.httpCatalog);
const httpInquirySender = () => import('../contact/http-inquiry-sender').then((module) => module.httpInquirySender);

const browserCatalog: Catalog = {
  listVehicles: () => httpCatalog().then((catalog) => catalog.listVehicles()),
  listVehiclesByBrand: (brand) => httpCatalog().then((catalog) => catalog.listVehiclesByBrand(brand)),
  findVehicle: (id) => httpCatalog().then((catalog) => catalog.findVehicle(id)),
  findVehicleBySlug: (slug) => httpCatalog().then((catalog) => catalog.findVehicleBySlug(slug)),
  findVehiclesBySlug: (slugs) => httpCatalog().then((catalog) => catalog.findVehiclesBySlug(slugs)),
  findInventoryPage: (query) => httpCatalog().then((catalog) => catalog.findInventoryPage(query)),
  countVehicles: () => httpCatalog().then((catalog) => catalog.countVehicles()),
};

const browserInquirySender: InquirySender = {
  send: (values) => httpInquirySender().then((sender) => sender.send(values)),
};

/** The route context in the browser: the JSON API for the catalog and the contact form, the device's clock. */
export const browserRouteContext = () => routeContext({ catalog: browserCatalog, inquiries: browserInquirySender, clock: systemClock });
