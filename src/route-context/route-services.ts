import { RouterContextProvider } from 'react-router';
import type { Catalog } from '../catalog/catalog';
import type { InquirySender } from '../contact/inquiry-sender';
import type { Clock } from '../time/clock';
import { catalogContext, clockContext, inquirySenderContext, siteDataContext } from './route-context';
import type { SiteData } from './site-data';

// Apart from the contexts themselves (route-context.ts), which every page reads: only the server
// and the browser's first navigation build a context.

export interface RouteServices {
  catalog: Catalog;
  inquiries: InquirySender;
  clock: Clock;
  /** Only on the server: the browser reuses the root loader's answer. */
  site?: SiteData;
}

/** The context every loader and action of one request (or, in the browser, one navigation) is handed. */
export function routeContext(services: RouteServices): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(catalogContext, services.catalog);
  context.set(inquirySenderContext, services.inquiries);
  context.set(clockContext, services.clock);
  if (services.site) context.set(siteDataContext, services.site);
  return context;
}
