import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFeedCsv } from './parse-feed-csv';
import { parseFeedJson } from './parse-feed-json';
import type { FeedReadOptions, FeedReadResult } from './read-feed-rows';

/**
 * Reads a dealer feed file: JSON when its name ends in .json, CSV otherwise. Photo paths in it are
 * read relative to the file's folder and must exist. Nothing is written; the result lists every
 * unit and every problem.
 */
export async function readFeedFile(file: string, options: Pick<FeedReadOptions, 'locations' | 'today' | 'photoNetwork'>): Promise<FeedReadResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { units: [], problems: [`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`] };
  }
  const readOptions = { ...options, baseDir: path.dirname(path.resolve(file)) };
  if (path.extname(file).toLowerCase() !== '.json') return parseFeedCsv(text, readOptions);
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { units: [], problems: [`${file} is not valid JSON: ${(error as Error).message}`] };
  }
  return parseFeedJson(value, readOptions);
}
