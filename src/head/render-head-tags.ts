import { SHARE_IMAGE } from './page-head';
import type { ResolvedHead } from './resolve-head';

/** Text safe in an HTML attribute value or element content. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/** JSON made safe inside a script element, which it must not be able to close (one pass over the JSON). */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&]/g, (character) => JSON_ESCAPES[character]!);
}

/** A value as JSON inside a script element (escapeJsonForScript). */
export function serializeJsonLd(value: object): string {
  return escapeJsonForScript(JSON.stringify(value));
}

/** The head as HTML, for the server-rendered document. */
export function renderHeadTags(head: ResolvedHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
  const tags = [`<title>${escapeAttribute(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.keywords.length > 0) tags.push(meta('name', 'keywords', head.keywords.join(', ')));
  if (head.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${escapeAttribute(head.canonicalUrl)}">`);
    tags.push(meta('property', 'og:url', head.canonicalUrl));
  } else {
    tags.push(meta('name', 'robots', 'noindex'));
  }
  tags.push(
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', head.imageUrl),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.imageUrl),
  );
  if (head.preloadImage) {
    const { type, srcSet, sizes } = head.preloadImage;
    // Found by the browser before any script runs: the page's largest picture starts loading at once.
    tags.push(
      `<link rel="preload" as="image" type="${escapeAttribute(type)}" imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`,
    );
  }
  for (const entry of head.jsonLd) tags.push(`<script type="application/ld+json">${serializeJsonLd(entry)}</script>`);
  return tags.join('\n    ');
}
