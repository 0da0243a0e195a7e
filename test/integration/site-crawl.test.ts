import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import { businessFileWith } from '../support/business-file';
import { navigation } from '../../views/layout/navigation';

const ORIGIN = 'https://www.shoregolfcarts.test';
const FINANCING_URL = 'https://apply.lender.test/shore';

const site = useTestApp({ PUBLIC_ORIGIN: ORIGIN, BUSINESS_FILE: businessFileWith({ financingUrl: FINANCING_URL }) });

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Same-origin targets of the page's <a href> links, as path and query, without the fragment. */
function internalLinks(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decodeAttribute(match[1]!);
    if (href === '' || href.startsWith('#')) continue;
    const url = new URL(href, `${ORIGIN}/`);
    if (url.origin !== ORIGIN) continue;
    links.push(url.pathname + url.search);
  }
  return links;
}

interface PageFacts {
  title: string | null;
  canonical: string | null;
  h1Count: number;
  jsonLdErrors: string[];
  jsonLdCount: number;
}

function factsOf(html: string): PageFacts {
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => match[1]!);
  const jsonLdErrors: string[] = [];
  for (const entry of jsonLd) {
    try {
      const value: unknown = JSON.parse(entry);
      if (typeof value !== 'object' || value === null || !('@context' in value) || !('@type' in value)) jsonLdErrors.push('entry without @context or @type');
    } catch (error) {
      jsonLdErrors.push(String(error));
    }
  }
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null,
    h1Count: html.match(/<h1[\s>]/g)?.length ?? 0,
    jsonLdErrors,
    jsonLdCount: jsonLd.length,
  };
}

async function sitemapPaths(): Promise<string[]> {
  const { text } = await request(site.app).get('/sitemap.xml').expect(200);
  return [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!);
    expect(url.origin).toBe(ORIGIN);
    return url.pathname + url.search;
  });
}

describe('the whole site', () => {
  it('answers every internal link and sitemap entry with a page that has one h1, its own title, its canonical URL and valid JSON-LD', async () => {
    const problems: string[] = [];
    const fromSitemap = new Set(await sitemapPaths());
    const queue: Array<{ url: string; from: string }> = [{ url: '/', from: 'start' }, ...[...fromSitemap].map((url) => ({ url, from: 'sitemap' }))];
    const seen = new Set<string>();
    /** Page path → title, for the pages checked as pages (query strings aside). */
    const titles = new Map<string, string>();

    const checkPage = (path: string, html: string) => {
      if (titles.has(path)) return;
      const facts = factsOf(html);
      if (facts.h1Count !== 1) problems.push(`${path}: ${facts.h1Count} <h1> elements`);
      if (!facts.title) problems.push(`${path}: no <title>`);
      if (facts.canonical !== `${ORIGIN}${path}`) problems.push(`${path}: canonical ${facts.canonical}`);
      if (facts.jsonLdCount === 0) problems.push(`${path}: no JSON-LD`);
      for (const error of facts.jsonLdErrors) problems.push(`${path}: JSON-LD ${error}`);
      const twin = [...titles].find(([, title]) => title === facts.title);
      if (twin) problems.push(`${path}: same title as ${twin[0]} ("${facts.title}")`);
      titles.set(path, facts.title ?? '');
    };

    while (queue.length > 0) {
      const { url, from } = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const response = await request(site.app).get(url);
      let html: string | undefined;
      let pagePath = url.split('?')[0]!;

      if (response.status === 301) {
        const target = new URL(response.headers.location!, `${ORIGIN}/`);
        if (fromSitemap.has(url)) problems.push(`${url}: in the sitemap but redirects to ${target.pathname}`);
        if (target.origin !== ORIGIN) {
          problems.push(`${url} (linked from ${from}): 301 off the site to ${target.href}`);
          continue;
        }
        const followed = await request(site.app).get(target.pathname + target.search);
        if (followed.status !== 200) {
          problems.push(`${url} (linked from ${from}): 301 to ${target.pathname}, which answers ${followed.status}`);
          continue;
        }
        html = followed.text;
        pagePath = target.pathname;
        seen.add(target.pathname + target.search);
      } else if (response.status === 302 && url === '/financing') {
        // docs/decisions/003-specification-decisions.md#routes: /financing is a temporary redirect to the external application.
        if (response.headers.location !== FINANCING_URL) problems.push(`/financing: 302 to ${response.headers.location}`);
        continue;
      } else if (response.status !== 200) {
        problems.push(`${url} (linked from ${from}): status ${response.status}`);
        continue;
      } else {
        html = response.text;
      }

      if (!String(response.headers['content-type'] ?? '').includes('text/html') && response.status === 200) {
        problems.push(`${url}: not an HTML page`);
        continue;
      }
      checkPage(pagePath, html);
      for (const link of internalLinks(html)) if (!seen.has(link)) queue.push({ url: link, from: pagePath });
    }

    expect(problems).toEqual([]);
    // The crawl reached the pages every visitor can reach from the home page.
    for (const path of [...navigation.map((link) => link.to), '/privacy', '/terms', '/toms-river-township-golf-carts', '/wildwood-crest-borough-golf-carts']) {
      expect(titles.has(path), `${path} was not reached`).toBe(true);
    }
    for (const path of fromSitemap) expect(titles.has(path), `${path} (sitemap) was not checked`).toBe(true);
  }, 180_000);
});
