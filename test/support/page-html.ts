/**
 * Small readers for server-rendered HTML in HTTP tests: enough to find an element by id, its
 * text, its links and its label/value pairs without a DOM.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };

/** Visible text: tags removed, entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|quot|#x27|#39|lt|gt|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The JSON-LD objects of the page's head, parsed. */
export function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The first element whose opening tag matches `opening`, through its matching closing tag. */
export function elementHtml(html: string, opening: RegExp): string {
  const start = html.search(opening);
  if (start === -1) return '';
  const tag = /^<([a-z0-9]+)/.exec(html.slice(start))![1]!;
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return html.slice(start);
}

/** The element with this id. */
export const byId = (html: string, id: string) => elementHtml(html, new RegExp(`<[a-z0-9]+ [^>]*\\bid="${id}"`));

/** The page's main area. */
export const mainOf = (html: string) => elementHtml(html, /<main\b/);

export interface PageLink {
  href: string;
  text: string;
  target: string | null;
  rel: string | null;
}

function attribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : value.replace(/&amp;/g, '&');
}

/** Every link, with its decoded href, its text (screen-reader text included) and new-tab attributes. */
export function linksOf(html: string): PageLink[] {
  return [...html.matchAll(/(<a\b[^>]*>)([\s\S]*?)<\/a>/g)].map(([, tag, inner]) => ({
    href: attribute(tag!, 'href') ?? '',
    text: textOf(inner!),
    target: attribute(tag!, 'target'),
    rel: attribute(tag!, 'rel'),
  }));
}

/** Label/value pairs of description lists (dt, dd) and row-headed tables (th, td), in order. */
export function labelledValues(html: string): Array<[label: string, value: string]> {
  return [...html.matchAll(/<(dt|th)\b[^>]*>([\s\S]*?)<\/\1>\s*<(dd|td)\b[^>]*>([\s\S]*?)<\/\3>/g)].map((match) => [textOf(match[2]!), textOf(match[4]!)]);
}
