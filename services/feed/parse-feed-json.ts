import { feedColumns, type FeedColumnName } from './feed-columns';
import { readFeedRows, type FeedReadOptions, type FeedReadResult, type FeedRow } from './read-feed-rows';

const COLUMN_NAMES = Object.keys(feedColumns) as FeedColumnName[];

/**
 * Reads a dealer feed in JSON: an array of units whose keys are the CSV's column names
 * (stock_number, brand, ...), with values as text or as JSON numbers, arrays and null. Every
 * problem names the entry (counted from 0) and the field: 'entries[3], field price: ...'.
 */
export function parseFeedJson(value: unknown, options: FeedReadOptions): FeedReadResult {
  if (!Array.isArray(value)) return { units: [], problems: ['the file must hold a JSON array of units'] };
  const problems: string[] = [];
  const rows: FeedRow[] = [];
  value.forEach((entry: unknown, index) => {
    const label = `entries[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${label}: must be an object with the fields ${COLUMN_NAMES.join(', ')}`);
      return;
    }
    const cells: FeedRow['cells'] = {};
    let known = true;
    for (const [key, cell] of Object.entries(entry)) {
      if (Object.hasOwn(feedColumns, key)) cells[key as FeedColumnName] = cell;
      else {
        // The key is shown as JSON text, so a strange one still gives a one-line, readable problem.
        problems.push(`${label}, field ${JSON.stringify(key).slice(0, 60)}: not a feed field (the fields are ${COLUMN_NAMES.join(', ')})`);
        known = false;
      }
    }
    if (known) rows.push({ label, cells });
  });
  const result = readFeedRows(rows, options, 'field');
  const unitProblems = rows.length === 0 && problems.length > 0 ? [] : result.problems;
  const entryOf = (problem: string) => Number(/^entries\[(\d+)\]/.exec(problem)?.[1] ?? 0);
  return { units: result.units, problems: [...problems, ...unitProblems].sort((a, b) => entryOf(a) - entryOf(b)) };
}
