import catalogFile from '../../seeds/catalog.json';
import { modelPages, type ModelPage } from '../../seeds/model-pages';
import { SPECIFICATION_GROUPS, specificationLabels, type SpecificationGroup } from '../../seeds/specification-labels';
import type { BreadcrumbItem } from '../head/breadcrumb-json-ld';
import type { CatalogEntry } from './catalog-entry-schema';

/** One labelled figure of a model, e.g. { label: 'Top Speed', value: '25 mph', group: 'Performance' }. */
export interface SpecificationRow {
  key: string;
  label: string;
  value: string;
  group: SpecificationGroup;
}

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
  /** Home, Vehicles, the brand page, the model. */
  breadcrumb: BreadcrumbItem[];
  /** Every specification the catalog has for the model, labelled, in panel and display order. */
  specifications: SpecificationRow[];
  /** The four hero tiles, their figures read from the catalog entry. */
  highlights: HighlightTile[];
}

// The shipped catalog is checked against catalogEntrySchema by seeds/catalog.test.ts; the page
// reads it as typed data so that the browser does not need the schema. The model page's loader
// imports this module on demand, so the seeds are no part of the page's first load.
const catalog = catalogFile as unknown as CatalogEntry[];
const labelOrder = Object.keys(specificationLabels);

/** A catalog key without a label still shows, in words, with the other features. */
function labelFor(key: string): { label: string; group: SpecificationGroup } {
  const known = specificationLabels[key];
  if (known) return known;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), group: 'Features' };
}

function labelledSpecifications(specifications: Record<string, string>): SpecificationRow[] {
  const rows = Object.entries(specifications).map(([key, value]) => ({ key, value, ...labelFor(key) }));
  const rank = (row: SpecificationRow) => {
    const position = labelOrder.indexOf(row.key);
    return SPECIFICATION_GROUPS.indexOf(row.group) * 1000 + (position === -1 ? 999 : position);
  };
  return rows.sort((first, second) => rank(first) - rank(second));
}

/** The content of the fixed page at /vehicles/{slug}, or null when no such page exists. */
export function modelPageContent(slug: string | undefined): ModelPageContent | null {
  const page = modelPages.find((candidate) => candidate.slug === slug);
  const vehicle = catalog.find((entry) => entry.slug === slug);
  if (!page || !vehicle) return null;
  const brandName = vehicle.brand.toUpperCase();
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
    specifications: labelledSpecifications(vehicle.specifications),
    highlights: page.highlights.map((tile) => ({ label: tile.label, value: vehicle.specifications[tile.specificationKey] ?? '' })),
  };
}
