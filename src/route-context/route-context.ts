import { createContext } from 'react-router';
import type { Catalog } from '../catalog/catalog';
import type { InquirySender } from '../contact/inquiry-sender';
import type { Clock } from '../time/clock';
import type { SiteData } from './site-data';

// Loaders and actions are handed a RouterContextProvider (React Router's typed context, as in its
// Node custom-server template): they read what they need with context.get(catalogContext).
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/** The catalog: the server's catalog service (no HTTP hop), in the browser the JSON API. */
export const catalogContext = createContext<Catalog>();
/** Where the contact route's action sends a form: the server's inquiry sender, in the browser the JSON API. */
export const inquirySenderContext = createContext<InquirySender>();
/** The layout's data (business profile, town links, business moment): only the server's root loader reads it. */
export const siteDataContext = createContext<SiteData>();
/** The site's one clock. */
export const clockContext = createContext<Clock>();
