import { feedColumns, type FeedColumnName } from './feed-columns';
import { parseCsv } from './parse-csv';
import { readFeedRows, type FeedReadOptions, type FeedReadResult, type FeedRow } from './read-feed-rows';

const COLUMN_NAMES = Object.keys(feedColumns) as FeedColumnName[];
const REQUIRED_COLUMNS = COLUMN_NAMES.filter((column) => 'required' in feedColumns[column]);

/** Header names as dealer systems write them: 'Stock Number' and 'stock-number' mean stock_number. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const isColumn = (name: string): name is FeedColumnName => Object.hasOwn(feedColumns, name);

/** Problems in row order (those of one row stay in the order they were found). */
const byRow = (problems: string[]) => {
  const rowOf = (problem: string) => Number(/^row (\d+)/.exec(problem)?.[1] ?? 0);
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => rowOf(a.problem) - rowOf(b.problem) || a.index - b.index)
    .map(({ problem }) => problem);
};

/**
 * Reads a dealer feed in CSV: row 1 names the columns (any order; the README lists them), every
 * further row is one unit. Checks the header, then every row and column, and lists all problems,
 * each naming its row as a spreadsheet numbers it and its column.
 */
export function parseFeedCsv(text: string, options: FeedReadOptions): FeedReadResult {
  const { records, problems } = parseCsv(text);
  const [header, ...data] = records;
  if (!header) return { units: [], problems: [...problems, `the feed is empty: row 1 must name the columns (${REQUIRED_COLUMNS.join(', ')}, ...)`] };

  const names = header.fields.map(columnName);
  const headerProblems: string[] = [];
  names.forEach((name, index) => {
    const label = `row ${header.row}, column ${name === '' ? index + 1 : header.fields[index]!.trim()}`;
    if (name === '') {
      // Spreadsheets export empty columns to the right of the data; only a nameless column with values is a problem.
      if (data.some((record) => (record.fields[index] ?? '').trim() !== '')) headerProblems.push(`${label}: has values but no name`);
    } else if (!isColumn(name)) {
      headerProblems.push(`${label}: not a feed column (the columns are ${COLUMN_NAMES.join(', ')})`);
    } else if (names.indexOf(name) !== index) {
      headerProblems.push(`${label}: appears twice`);
    }
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!names.includes(column)) headerProblems.push(`row ${header.row}: the required column ${column} is missing`);
  }
  // Without a sound header no cell can be read for sure, so the rows wait until it is fixed.
  if (headerProblems.length > 0) return { units: [], problems: byRow([...problems, ...headerProblems]) };

  const rowProblems: string[] = [];
  const rows: FeedRow[] = [];
  for (const record of data) {
    if (record.fields.length !== names.length) {
      rowProblems.push(`row ${record.row}: has ${record.fields.length} fields where row ${header.row} names ${names.length} columns`);
      continue;
    }
    const cells: FeedRow['cells'] = {};
    names.forEach((name, index) => {
      if (isColumn(name)) cells[name] = record.fields[index];
    });
    rows.push({ label: `row ${record.row}`, cells });
  }
  const result = readFeedRows(rows, options, 'column');
  // A row given up for its field count does not make the feed empty.
  const unitProblems = rows.length === 0 && rowProblems.length > 0 ? [] : result.problems;
  return { units: result.units, problems: byRow([...problems, ...rowProblems, ...unitProblems]) };
}
