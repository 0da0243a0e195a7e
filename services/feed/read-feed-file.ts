import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeFeedText } from './decode-feed-text';
import { parseFeedCsv } from './parse-feed-csv';
import { parseFeedJson } from './parse-feed-json';
import type { FeedReadOptions, FeedReadResult } from './read-feed-rows';

/**
 * Reads a dealer feed file: JSON when its name ends in .json, CSV otherwise. Photo paths in it are
 * read relative to the file's folder and must exist. Text must be UTF-8 (or UTF-16 with a byte
 * order mark): a file with other bytes is refused, with a line for each cell that holds them.
 * Nothing is written; the result lists every unit and every problem.
 */
export async function readFeedFile(file: string, options: Pick<FeedReadOptions, 'locations' | 'today' | 'photoNetwork'>): Promise<FeedReadResult> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { units: [], problems: [`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`] };
  }
  const { text, encoding, valid } = decodeFeedText(bytes);
  const readOptions = { ...options, baseDir: path.dirname(path.resolve(file)), ...(valid ? {} : { invalidText: encoding }) };
  const result = path.extname(file).toLowerCase() !== '.json' ? parseFeedCsv(text, readOptions) : readJson(file, text, readOptions);
  if (valid) return result;
  // Whatever else is wrong, a feed that is not text in its encoding is never imported.
  const saveAs = `save it as UTF-8 (in Excel: "CSV UTF-8")`;
  return { units: [], problems: [`${file} is not ${encoding} text: the lines below name the cells with bytes it cannot read; ${saveAs}`, ...result.problems] };
}

function readJson(file: string, text: string, options: FeedReadOptions): FeedReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { units: [], problems: [`${file} is not valid JSON: ${(error as Error).message}`] };
  }
  return parseFeedJson(value, options);
}
