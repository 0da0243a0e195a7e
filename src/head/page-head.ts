import type { BusinessProfile } from '../config/business-profile';
import type { StructuredData } from './structured-data';

/** What a page says about itself to browsers, crawlers and link previews. */
export interface PageHead {
  /** The page's own title; the business name is appended. Omit for the home page's default. */
  title?: string;
  /** One or two sentences; the business phone is appended. */
  description: string;
  /** Path of the canonical URL on the configured origin; null for pages that must not be indexed. */
  canonicalPath: string | null;
  keywords?: string[];
  /** Site path or absolute URL of the sharing image (1200x630). */
  image?: string;
  /** Structured data the page adds to the site-wide business and website entries. */
  jsonLd?: object[];
  /** The page's main picture (its LCP element), preloaded at the width the browser will choose. */
  preloadImage?: PreloadImage;
}

/** An image for <link rel=preload as=image>: its format and the srcset and sizes of its <source>. */
export interface PreloadImage {
  type: string;
  srcSet: string;
  sizes: string;
}

export interface HeadArgs<Data> {
  data: Data;
  params: Record<string, string | undefined>;
  pathname: string;
  business: BusinessProfile;
  /** The JSON-LD builders, on the server only (null in the browser, which leaves structured data to the server's HTML). */
  structuredData: StructuredData | null;
}

/** Routes set their head through `handle.head`; the deepest route that has one wins. */
export interface RouteHandle<Data = unknown> {
  head?: (args: HeadArgs<Data>) => PageHead;
}

export const SHARE_IMAGE = { path: '/images/share.png', width: 1200, height: 630 } as const;
