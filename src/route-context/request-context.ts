import type { Catalog } from '../catalog/catalog';
import type { InquirySender } from '../contact/inquiry-sender';
import type { SiteData } from './site-data';

/** What the server hands every route loader and action; absent in the browser. */
export interface RequestContext {
  catalog: Catalog;
  site: SiteData;
  /** Where the contact route's action sends the form (services/contact-form-sender.ts). */
  inquiries: InquirySender;
}

export function isRequestContext(context: unknown): context is RequestContext {
  return typeof context === 'object' && context !== null && 'catalog' in context;
}

/**
 * The browser's catalog (http-catalog.ts, the JSON API), loaded with the first loader that reads
 * it: a server-rendered page hydrates with the server's data and needs none of it.
 */
const browserCatalog = new Proxy({} as Catalog, {
  get:
    (_target, method: keyof Catalog) =>
    (...args: unknown[]) =>
      import('../catalog/http-catalog').then(({ httpCatalog }) => (httpCatalog[method] as (...parameters: unknown[]) => Promise<unknown>)(...args)),
});

/** The catalog a loader should read: the server's service, else the browser's JSON API. */
export function catalogFor(context: unknown): Catalog {
  return isRequestContext(context) ? context.catalog : browserCatalog;
}

/** The layout's data; only the server's root loader asks, the browser reuses its answer. */
export function siteDataFor(context: unknown): SiteData {
  if (!isRequestContext(context)) throw new Error('The site data comes with the server-rendered page');
  return context.site;
}
