import type { BusinessProfile } from '../config/business-profile';
import { businessJsonLd, websiteJsonLd } from './site-json-ld';
import { SHARE_IMAGE, type PreloadImage, type RouteHandle } from './page-head';
import type { StructuredData } from './structured-data';

export interface ResolvedHead {
  title: string;
  description: string;
  canonicalUrl: string | null;
  keywords: string[];
  imageUrl: string;
  jsonLd: object[];
  preloadImage?: PreloadImage;
}

/** The parts of a route match the head needs; both React Router's UIMatch and the server's match fit. */
export interface HeadMatch {
  handle?: unknown;
  data?: unknown;
  params: Record<string, string | undefined>;
}

function headOf(handle: unknown): RouteHandle['head'] {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle).head : undefined;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/**
 * Turns the deepest route's head into the complete head of the page, with the site's defaults.
 * The server hands over the structured-data builders; without them (the browser) pages add none.
 */
export function resolveHead(matches: readonly HeadMatch[], pathname: string, business: BusinessProfile, structuredData: StructuredData | null = null): ResolvedHead {
  const match = [...matches].reverse().find((candidate) => headOf(candidate.handle));
  const page = match
    ? headOf(match.handle)!({ data: match.data, params: match.params, pathname, business, structuredData })
    : { description: `${business.name} sells, rents and services electric golf carts.`, canonicalPath: null };
  const title = page.title ? `${page.title} | ${business.name}` : `${business.name} | Premium Golf Cart Dealership`;
  return {
    title,
    description: `${page.description} Call ${business.phone}.`,
    canonicalUrl: page.canonicalPath === null ? null : absoluteUrl(business.origin, page.canonicalPath),
    keywords: page.keywords ?? [],
    imageUrl: absoluteUrl(business.origin, page.image ?? SHARE_IMAGE.path),
    jsonLd: [businessJsonLd(business), websiteJsonLd(business), ...(page.jsonLd ?? [])],
    ...(page.preloadImage ? { preloadImage: page.preloadImage } : {}),
  };
}
