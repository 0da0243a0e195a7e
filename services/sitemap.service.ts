import { modelPageSlugs } from '../seeds/model-page-slugs';
import { towns } from '../seeds/towns';
import type { Catalog } from '../src/catalog/catalog';
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

/** What the sitemap reads from the catalog; the version is optional so any catalog will do. */
export type SitemapCatalog = Pick<Catalog, 'listVehicles'> & Partial<Pick<CatalogService, 'catalogVersion'>>;

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
  const [vehicles, version] = await Promise.all([catalog.listVehicles(), catalog.catalogVersion?.()]);
  const released = releasedAt.toISOString();
  const catalogChanged = version?.lastModified ?? released;
  const detailPages = vehicles.map(vehiclePath).filter((path) => path.startsWith('/vehicle/'));
  // Units for sale or held; sold ones are no longer listed (their pages answer 410, then go).
  const units = vehicles.flatMap((vehicle) =>
    vehicle.unit ? [{ path: vehiclePath(vehicle), images: vehicle.unit.photos.map((photo) => new URL(largestJpegUrl(photo), origin).href) }] : [],
  );
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
