import catalogFile from '../../seeds/catalog.json';
import { modelPages, type ModelPage } from '../../seeds/model-pages';
import { brandLabel } from './brand-label';
import { specificationRows, type SpecificationRow } from './specification-rows';
import type { CatalogEntry } from './vehicle';

/** A hero tile as shown: its label and the catalog's figure. */
export interface HighlightTile {
  label: string;
  value: string;
}

/** Everything a fixed model page shows: its page copy, its catalog figures and its place in the site. */
export interface ModelPageContent {
  page: ModelPage;
  vehicle: CatalogEntry;
  /** The brand as the dealer writes it: DENAGO or EVOLUTION. */
  brandName: string;
  /** Home, Vehicles, the brand page, the model: the page's breadcrumb trail (a BreadcrumbItem each). */
  breadcrumb: Array<{ label: string; path: string }>;
  /** Every specification the catalog has for the model, labelled, in panel and display order. */
  specifications: SpecificationRow[];
  /** The four hero tiles, their figures read from the catalog entry. */
  highlights: HighlightTile[];
}

// The shipped catalog is checked against catalogEntrySchema by seeds/catalog.test.ts; the page
// reads it as typed data so that the browser does not need the schema. The model page's loader
// imports this module on demand, so the seeds are no part of the page's first load.
const catalog = catalogFile as unknown as CatalogEntry[];
/** The content of the fixed page at /vehicles/{slug}, or null when no such page exists. */
export function modelPageContent(slug: string | undefined): ModelPageContent | null {
  const page = modelPages.find((candidate) => candidate.slug === slug);
  const vehicle = catalog.find((entry) => entry.slug === slug);
  if (!page || !vehicle) return null;
  const brandName = brandLabel(vehicle);
  return {
    page,
    vehicle,
    brandName,
    breadcrumb: [
      { label: 'Home', path: '/' },
      { label: 'Vehicles', path: '/inventory' },
      { label: brandName, path: `/${vehicle.brand}` },
      { label: vehicle.name, path: `/vehicles/${vehicle.slug}` },
    ],
    specifications: specificationRows(vehicle.specifications),
    highlights: page.highlights.map((tile) => ({ label: tile.label, value: vehicle.specifications[tile.specificationKey] ?? '' })),
  };
}
