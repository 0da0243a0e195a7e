import { modelPageSlugs } from '../seeds/model-page-slugs';
import { towns } from '../seeds/towns';
import { townPath } from '../src/towns/town-path';
import { vehiclePath } from '../src/catalog/vehicle-path';
import { largestJpegUrl } from '../src/catalog/unit-fields';
import type { CatalogService } from './catalog.service';

export interface SitemapEntry {
  /** Absolute canonical URL on the configured origin. */
  loc: string;
  /** ISO 8601. */
  lastmod: string;
  /** Absolute URLs of the page's own photos (a unit's), for image search. */
  images?: string[];
}

/**
 * What the sitemap reads from the catalog: the listed vehicles a page at a time (a dealer group's
 * 23,000 units are never held at once, only their addresses); the version is optional.
 */
export type SitemapCatalog = Pick<CatalogService, 'listedVehiclePages'> & Partial<Pick<CatalogService, 'catalogVersion'>>;

/**
 * The sitemap protocol allows 50,000 URLs and 50 MB (uncompressed) in one file; past either, a
 * sitemap index lists files that each keep within them. A file is closed at 40,000 URLs, well short
 * of the limit, so that a catalog growing between two builds never reaches it, and at 45 MB,
 * since a unit's photos (up to 40 image tags) make its entry a hundred times longer than a page's.
 */
export const SITEMAP_URLS_PER_FILE = 40_000;
export const SITEMAP_BYTES_PER_FILE = 45 * 1024 * 1024;

/** Where the files of a split sitemap are: `/sitemap-1.xml`, `/sitemap-2.xml`, … */
export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/** Pages whose content comes from seeds and code, and changes only with a new release. */
const FIXED_PAGES = ['/', '/inventory', '/rentals', '/services', '/showroom', '/about', '/contact', '/denago', '/evolution'];
/** Pages that list the catalog, so they change when it does. */
const CATALOG_PAGES = new Set(['/inventory', '/evolution']);
const POLICY_PAGES = ['/privacy', '/terms'];

/**
 * Every canonical page of the site, once, in a crawler-friendly order. Vehicles with a fixed model
 * page appear as that page; the others as their model entry page; units for sale as their own page
 * with their photos. `releasedAt` dates pages that change
 * only with a release; catalog pages carry the catalog's last change when it is known.
 */
export async function sitemapEntries(catalog: SitemapCatalog, origin: string, releasedAt: Date): Promise<SitemapEntry[]> {
  const version = await catalog.catalogVersion?.();
  const released = releasedAt.toISOString();
  const catalogChanged = version?.lastModified ?? released;
  const detailPages: string[] = [];
  // Units for sale or held; sold ones are no longer listed (their pages answer 410, then go).
  const units: Array<{ path: string; images: string[] }> = [];
  for await (const vehicles of catalog.listedVehiclePages()) {
    for (const vehicle of vehicles) {
      const path = vehiclePath(vehicle);
      if (path.startsWith('/vehicle/')) detailPages.push(path);
      if (vehicle.unit) units.push({ path, images: vehicle.unit.photos.map((photo) => new URL(largestJpegUrl(photo), origin).href) });
    }
  }
  const entries: Array<[path: string, lastmod: string]> = [
    ...FIXED_PAGES.map((path): [string, string] => [path, CATALOG_PAGES.has(path) ? catalogChanged : released]),
    ...[...modelPageSlugs].map((slug): [string, string] => [`/vehicles/${slug}`, released]),
    ...detailPages.map((path): [string, string] => [path, catalogChanged]),
    ...units.map(({ path }): [string, string] => [path, catalogChanged]),
    ...towns.map((town): [string, string] => [townPath(town), released]),
    ...POLICY_PAGES.map((path): [string, string] => [path, released]),
  ];
  const imagesOf = new Map(units.map((unit) => [unit.path, unit.images]));
  return entries.map(([path, lastmod]) => {
    const images = imagesOf.get(path);
    return { loc: new URL(path, origin).href, lastmod, ...(images?.length ? { images } : {}) };
  });
}

/** The most URLs and bytes one file of the sitemap takes (tests set small ones). */
export interface SitemapLimits {
  urlsPerFile: number;
  bytesPerFile: number;
}

/**
 * What /sitemap.xml and its parts answer: `main` is the one urlset while every URL fits in a file,
 * else a sitemap index of `parts` (served at sitemapPartPath(1), …), each a urlset within the limits.
 */
export interface SitemapFiles {
  main: string;
  parts: string[];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const URLSET_START =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
const URLSET_END = '</urlset>\n';

const urlset = (urls: readonly string[]) => `${URLSET_START}${urls.map((url) => `${url}\n`).join('')}${URLSET_END}`;

/** Writes the sitemap's XML: one urlset, or an index of urlsets that each keep within `limits`, every URL in exactly one. */
export function sitemapFiles(
  entries: readonly SitemapEntry[],
  origin: string,
  limits: SitemapLimits = { urlsPerFile: SITEMAP_URLS_PER_FILE, bytesPerFile: SITEMAP_BYTES_PER_FILE },
): SitemapFiles {
  const frame = Buffer.byteLength(URLSET_START) + Buffer.byteLength(URLSET_END);
  const parts: Array<{ urls: string[]; bytes: number; lastmod: string }> = [];
  for (const entry of entries) {
    const images = (entry.images ?? []).map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`).join('');
    const url = `  <url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod>${images}</url>`;
    const bytes = Buffer.byteLength(url) + 1;
    let part = parts.at(-1);
    if (!part || part.urls.length >= limits.urlsPerFile || (part.urls.length > 0 && frame + part.bytes + bytes > limits.bytesPerFile)) {
      part = { urls: [], bytes: 0, lastmod: entry.lastmod };
      parts.push(part);
    }
    part.urls.push(url);
    part.bytes += bytes;
    // ISO 8601 instants in UTC compare as text: the part changed when its latest page did.
    if (entry.lastmod > part.lastmod) part.lastmod = entry.lastmod;
  }
  if (parts.length <= 1) return { main: urlset(parts[0]?.urls ?? []), parts: [] };
  const listed = parts.map(
    (part, index) => `  <sitemap><loc>${escapeXml(new URL(sitemapPartPath(index + 1), origin).href)}</loc><lastmod>${part.lastmod}</lastmod></sitemap>\n`,
  );
  return {
    main: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed.join('')}</sitemapindex>\n`,
    parts: parts.map((part) => urlset(part.urls)),
  };
}
