import { resolveHead } from '../../src/head/resolve-head';
import { serializeJsonLd } from '../../src/head/render-head-tags';
import type { BusinessProfile } from '../../src/config/business-profile';
import type { HeadMatch } from '../../src/head/resolve-head';

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | null) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const metaNamed = (attribute: 'name' | 'property', key: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  return element;
};

/** Writes the head of the page now shown: title, description, canonical link, sharing tags and structured data. */
export function updateDocumentHead(matches: readonly HeadMatch[], pathname: string, business: BusinessProfile): void {
  const head = resolveHead(matches, pathname, business);
  document.title = head.title;
  setMeta('meta[name="description"]', metaNamed('name', 'description'), 'content', head.description);
  setMeta('meta[name="keywords"]', metaNamed('name', 'keywords'), 'content', head.keywords.length ? head.keywords.join(', ') : null);
  setMeta('meta[name="robots"]', metaNamed('name', 'robots'), 'content', head.canonicalUrl ? null : 'noindex');
  setMeta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', head.canonicalUrl);
  setMeta('meta[property="og:url"]', metaNamed('property', 'og:url'), 'content', head.canonicalUrl);
  for (const key of ['og:title', 'twitter:title']) setMeta(`meta[property="${key}"],meta[name="${key}"]`, metaNamed('property', key), 'content', head.title);
  for (const key of ['og:description', 'twitter:description'])
    setMeta(`meta[property="${key}"],meta[name="${key}"]`, metaNamed('property', key), 'content', head.description);
  for (const key of ['og:image', 'twitter:image']) setMeta(`meta[property="${key}"],meta[name="${key}"]`, metaNamed('property', key), 'content', head.imageUrl);
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  for (const entry of head.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = serializeJsonLd(entry);
    document.head.append(script);
  }
}
