import type { UnitEntry } from '../../src/catalog/unit-entry';
import { systemClock } from '../../src/time/clock';
import { feedUnitSchema, type FeedUnit } from './feed-unit-schema';
import { unitSlug } from '../../src/catalog/unit-slug';
import { townSlug } from '../../src/towns/town-slug';
import { addressLabel } from '../photos/download-photo';
import { feedPhotoFile } from '../photos/feed-photo-file';
import { photoAddressRefusal, type PhotoNetworkOptions } from '../photos/photo-address';
import { isWebAddress } from '../photos/photo-source';
import { feedColumns, type FeedColumnName } from './feed-columns';

/** One unit of a feed before it is checked: where it is ('row 4', 'entries[2]') and its cells by column. */
export interface FeedRow {
  label: string;
  cells: Partial<Record<FeedColumnName, unknown>>;
}

export interface FeedReadOptions {
  /** The showroom keys a unit's location may name. */
  locations: readonly string[];
  /** Today, by the site's clock: how far ahead a model year may be. Unset: the system's. */
  today?: Date;
  /**
   * The feed file's folder: photo paths are read relative to it, and each must be an existing
   * file in it or below it (links followed). Without it, photo paths are passed on as written and
   * not looked for.
   */
  baseDir?: string;
  /**
   * Set when some bytes of the file are not text in the encoding it was read in (its name): they
   * were read as U+FFFD, and every cell holding one is refused rather than published as �.
   */
  invalidText?: string;
  /** Where photo addresses may lead: https: only unless it allows http:, and never to an IP address that is not public. */
  photoNetwork?: PhotoNetworkOptions;
}

export interface FeedReadResult {
  /** Every unit of the feed, in its order; use them only when there are no problems. */
  units: UnitEntry[];
  /** One line per problem, naming the row and column: 'row 4, column price: must be a whole number of dollars'. */
  problems: string[];
}

const columnByField = new Map(Object.entries(feedColumns).map(([column, { field }]) => [field as string, column]));

/** Messages can quote what a feed holds; control characters are escaped so each problem stays on one line. */
const oneLine = (problem: string) => problem.replace(/[\u0000-\u001f\u007f]/g, (character) => JSON.stringify(character).slice(1, -1));

/** True for a cell (or a list item) holding U+FFFD, the character a byte that is not text was read as. */
function holdsUnreadableBytes(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\uFFFD');
  return Array.isArray(value) && value.some(holdsUnreadableBytes);
}

/** A checked feed unit as the catalog holds it (the staff form's units too: services/inventory). */
export function unitEntry(unit: FeedUnit, photoSources: string[]): UnitEntry {
  const name = unit.name ?? [unit.year, unit.brand, unit.model].filter((word) => word !== undefined).join(' ');
  const condition = `${unit.condition[0]!.toUpperCase()}${unit.condition.slice(1)}`;
  return {
    slug: unitSlug(unit),
    name,
    description: unit.description ?? `${condition} ${name}${unit.color ? `, ${unit.color}` : ''}.`,
    brand: townSlug(unit.brand),
    brandName: unit.brand,
    model: unit.model,
    // A model family word ('onward' for "Onward 4 Passenger") when the feed gives no category.
    category: unit.category ?? (townSlug(unit.model).split('-')[0] || 'cart'),
    price: unit.price,
    images: [],
    specifications: unit.seats ? { seatingCapacity: `${unit.seats} passenger${unit.seats === 1 ? '' : 's'}` } : {},
    features: unit.features,
    inStock: unit.status !== 'sold',
    isNew: unit.condition === 'new',
    stockNumber: unit.stockNumber,
    ...(unit.serialNumber !== undefined && { serialNumber: unit.serialNumber }),
    ...(unit.year !== undefined && { year: unit.year }),
    condition: unit.condition,
    ...(unit.color !== undefined && { color: unit.color }),
    ...(unit.hours !== undefined && { hours: unit.hours }),
    ...(unit.odometer !== undefined && { odometer: unit.odometer }),
    ...(unit.location !== undefined && { location: unit.location }),
    status: unit.status,
    photoSources,
  };
}

/**
 * Checks every unit of a feed, every column of each, and lists all problems at once: values
 * (through the feed unit schema), stock numbers and page addresses used twice, photo files that
 * are not there. Maps each valid unit to its catalog entry. Column names are assumed known: the
 * CSV and JSON readers report unknown ones themselves. `cell` names a cell in the problems:
 * 'column' for CSV, 'field' for JSON.
 */
export function readFeedRows(rows: FeedRow[], options: FeedReadOptions, cell: 'column' | 'field' = 'column'): FeedReadResult {
  const schema = feedUnitSchema(options.locations, options.today ?? systemClock());
  const problems: string[] = [];
  const units: UnitEntry[] = [];
  const rowByStockNumber = new Map<string, string>();
  const rowBySlug = new Map<string, string>();
  // A file several units show (a stock photo of a model) is looked at once per feed.
  const photoFiles = new Map<string, ReturnType<typeof feedPhotoFile>>();
  if (rows.length === 0) problems.push('the feed lists no units');

  for (const row of rows) {
    const candidate: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row.cells) as [FeedColumnName, unknown][]) {
      const read = feedColumns[column].read(value);
      if (read !== undefined) candidate[feedColumns[column].field] = read;
    }
    const result = schema.safeParse(candidate);
    let valid = result.success;
    // A cell read from bytes that are not text: its one problem is that, whatever the schema thinks of the �.
    const unreadable = new Set(
      options.invalidText === undefined ? [] : (Object.keys(row.cells) as FeedColumnName[]).filter((column) => holdsUnreadableBytes(row.cells[column])),
    );
    for (const column of unreadable) {
      problems.push(`${row.label}, ${cell} ${column}: holds bytes that are not ${options.invalidText} text (shown as \uFFFD)`);
      valid = false;
    }
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [field, item] = issue.path;
        if (unreadable.has(columnByField.get(String(field)) as FeedColumnName)) continue;
        const where = `${row.label}, ${cell} ${columnByField.get(String(field)) ?? String(field)}${typeof item === 'number' ? `, item ${item + 1}` : ''}`;
        problems.push(oneLine(`${where}: ${issue.message}`));
      }
    }
    // A row with other problems still has its stock number and photos checked, so one reading
    // of the feed names every problem.
    const stockNumber = result.success ? result.data.stockNumber : schema.shape.stockNumber.safeParse(candidate.stockNumber).data;
    const earlierStock = stockNumber === undefined ? undefined : rowByStockNumber.get(stockNumber);
    if (earlierStock) {
      problems.push(oneLine(`${row.label}, ${cell} stock_number: ${stockNumber} is already on ${earlierStock}`));
      valid = false;
    } else if (stockNumber !== undefined) rowByStockNumber.set(stockNumber, row.label);

    const slug = result.success ? unitSlug(result.data) : undefined;
    const earlierSlug = slug === undefined ? undefined : rowBySlug.get(slug);
    if (earlierSlug && !earlierStock) {
      problems.push(oneLine(`${row.label}, ${cell} stock_number: gives the page address ${slug}, as ${earlierSlug} does`));
      valid = false;
    } else if (slug !== undefined) rowBySlug.set(slug, row.label);

    const photos = unreadable.has('photos') ? [] : result.success ? result.data.photos : (schema.shape.photos.safeParse(candidate.photos).data ?? []);
    const photoSources = photos.map((source, index) => {
      const where = `${row.label}, ${cell} photos, item ${index + 1}`;
      const whose = stockNumber ? ` (stock ${stockNumber})` : '';
      // A path out of the feed's folder is never opened, an address out of the public internet never
      // asked: the line says whose photo it is. A host name is checked when the photo is downloaded.
      if (isWebAddress(source)) {
        let url: URL | undefined;
        try {
          url = new URL(source);
        } catch {
          problems.push(oneLine(`${where}: ${source.split('?')[0]}${whose} is not a valid address`));
          valid = false;
          return source;
        }
        const refused = photoAddressRefusal(url, options.photoNetwork ?? {});
        if (refused !== undefined) {
          problems.push(oneLine(`${where}: ${addressLabel(url)}${whose} ${refused}`));
          valid = false;
        }
        return source;
      }
      if (options.baseDir === undefined) return source;
      const found = photoFiles.get(source) ?? feedPhotoFile(options.baseDir, source);
      photoFiles.set(source, found);
      if ('file' in found) return found.file;
      if ('refused' in found) problems.push(oneLine(`${where}: ${source}${whose} ${found.refused}`));
      else problems.push(oneLine(`${where}: no such file ${found.missing}`));
      valid = false;
      return source;
    });
    if (valid && result.success) units.push(unitEntry(result.data, photoSources));
  }
  return { units, problems };
}
