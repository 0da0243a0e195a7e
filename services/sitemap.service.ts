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
 * Every canonical page of the site, once, a batch at a time: the fixed pages and the model pages,
 * then the listed vehicles a catalog page at a time in the catalog's order (those with a fixed model
 * page are that page, already listed; the others their model entry page; units for sale their own
 * page with their photos), then the town and policy pages. Nothing of one catalog page is held once
 * its batch is handed on, so a dealer group's 23,000 units (each up to 40 photo addresses) are never
 * in memory at once. `releasedAt` dates pages that change only with a release; catalog pages carry
 * the catalog's last change when it is known.
 */
export async function* sitemapEntries(catalog: SitemapCatalog, origin: string, releasedAt: Date): AsyncGenerator<SitemapEntry[]> {
  const version = await catalog.catalogVersion?.();
  const released = releasedAt.toISOString();
  const catalogChanged = version?.lastModified ?? released;
  const entry = (path: string, lastmod: string): SitemapEntry => ({ loc: new URL(path, origin).href, lastmod });
  yield [
    ...FIXED_PAGES.map((path) => entry(path, CATALOG_PAGES.has(path) ? catalogChanged : released)),
    ...[...modelPageSlugs].map((slug) => entry(`/vehicles/${slug}`, released)),
  ];
  for await (const vehicles of catalog.listedVehiclePages()) {
    const listed: SitemapEntry[] = [];
    for (const vehicle of vehicles) {
      const path = vehiclePath(vehicle);
      // Units for sale or held; sold ones are no longer listed (their pages answer 410, then go).
      if (vehicle.unit) {
        const images = vehicle.unit.photos.map((photo) => new URL(largestJpegUrl(photo), origin).href);
        listed.push({ ...entry(path, catalogChanged), ...(images.length > 0 ? { images } : {}) });
      } else if (path.startsWith('/vehicle/')) {
        listed.push(entry(path, catalogChanged));
      }
    }
    if (listed.length > 0) yield listed;
  }
  yield [...towns.map((town) => entry(townPath(town), released)), ...POLICY_PAGES.map((path) => entry(path, released))];
}

/** The most URLs and bytes one file of the sitemap takes (tests set small ones). */
export interface SitemapLimits {
  urlsPerFile: number;
  bytesPerFile: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const URLSET_START =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
const URLSET_END = '</urlset>\n';
/** A file's XML is handed on in pieces of about this many characters. */
const PIECE_CHARACTERS = 64 * 1024;

/** One urlset of the sitemap, written as it is read. */
export interface SitemapUrlset {
  /** The file's XML, a piece at a time. Read each file to its end before asking for the next. */
  xml: AsyncIterable<string>;
  /** The latest lastmod among its URLs, once its XML has been read. */
  lastmod(): string;
}

/**
 * Writes the entries as urlsets that each keep within `limits` (every URL in exactly one, in order),
 * a file at a time and each file a piece at a time, so that only the URL being placed is held
 * beside the piece being written: at least one urlset, empty if there are no entries. While they
 * all fit in one file it is the sitemap itself; past that /sitemap.xml is sitemapIndex of them.
 */
export async function* sitemapUrlsets(
  entries: AsyncIterable<readonly SitemapEntry[]>,
  limits: SitemapLimits = { urlsPerFile: SITEMAP_URLS_PER_FILE, bytesPerFile: SITEMAP_BYTES_PER_FILE },
): AsyncGenerator<SitemapUrlset> {
  const frame = Buffer.byteLength(URLSET_START) + Buffer.byteLength(URLSET_END);
  const batches = entries[Symbol.asyncIterator]();
  let batch: readonly SitemapEntry[] = [];
  let next = 0;
  /** The next entry as its <url> line, or undefined when there are no more. */
  const nextUrl = async (): Promise<{ line: string; bytes: number; lastmod: string } | undefined> => {
    while (next >= batch.length) {
      const read = await batches.next();
      if (read.done) return undefined;
      batch = read.value;
      next = 0;
    }
    const entry = batch[next++]!;
    const images = (entry.images ?? []).map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`).join('');
    const line = `  <url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod>${images}</url>\n`;
    return { line, bytes: Buffer.byteLength(line), lastmod: entry.lastmod };
  };
  let waiting = await nextUrl();
  let reading = false;
  let first = true;
  while (first || waiting) {
    if (reading) throw new Error('a sitemap file was asked for before the previous one was read to its end');
    first = false;
    reading = true;
    let lastmod = waiting?.lastmod ?? '';
    async function* xml(): AsyncGenerator<string> {
      let piece = URLSET_START;
      let urls = 0;
      let bytes = frame;
      while (waiting && (urls === 0 || (urls < limits.urlsPerFile && bytes + waiting.bytes <= limits.bytesPerFile))) {
        piece += waiting.line;
        urls += 1;
        bytes += waiting.bytes;
        // ISO 8601 instants in UTC compare as text: the file changed when its latest page did.
        if (waiting.lastmod > lastmod) lastmod = waiting.lastmod;
        if (piece.length >= PIECE_CHARACTERS) {
          yield piece;
          piece = '';
        }
        waiting = await nextUrl();
      }
      yield piece + URLSET_END;
      reading = false;
    }
    yield { xml: xml(), lastmod: () => lastmod };
  }
}

/** /sitemap.xml past one file: the index of the urlsets, served at sitemapPartPath(1), …, each dated by its latest page. */
export function sitemapIndex(lastmods: readonly string[], origin: string): string {
  const listed = lastmods.map(
    (lastmod, index) => `  <sitemap><loc>${escapeXml(new URL(sitemapPartPath(index + 1), origin).href)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed.join('')}</sitemapindex>\n`;
}
