import type { Document } from 'bson';
import { MongoCommandError } from './mongo-command-error';
import { pathValues } from './path-values';

/**
 * A `$text: { $search }` query as MongoDB reads it: words are terms (any of them finds a document),
 * a "quoted phrase" must also appear in a field as written (several phrases: all of them), and a
 * -word or -"phrase" leaves out the documents that have it. Case and diacritics are ignored.
 */
export interface TextSearch {
  /** Every word that can find a document: the terms and the words of the phrases. */
  terms: string[];
  negatedTerms: string[];
  phrases: string[];
  negatedPhrases: string[];
}

/**
 * How a text index's words are cut and stemmed: SQLite FTS5 with the Porter stemmer (MongoDB uses
 * Snowball's English stemmer, Porter's successor; they agree on common words such as seats/seat
 * and forester/forest).
 */
export const TEXT_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/**
 * MongoDB's English stop words (src/mongo/db/fts/stop_words_english.txt), the one-word ones: a
 * search term that is one of them finds nothing by itself, as in MongoDB.
 */
const STOP_WORDS = new Set(
  'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by cannot could did do does doing down during each few for from ' +
    'further had has have having he her here hers herself him himself his how i if in into is it ' +
    'its itself me more most my myself no nor not of off on once only or other ought our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was we were ' +
    'what when where which while who whom why with would you your yours yourself yourselves'.split(' '),
);

/** Words as a text index cuts them: runs of letters and digits, lower case. */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function parseTextSearch(condition: unknown): TextSearch {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
    throw new MongoCommandError(2, '$text expects an object');
  }
  const { $search: search, $language: language, $caseSensitive: caseSensitive, $diacriticSensitive: diacriticSensitive, ...rest } = condition as Document;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new MongoCommandError(2, `$text: unknown field ${unknown}`);
  if (typeof search !== 'string') throw new MongoCommandError(2, '$search required to be a string');
  if (language !== undefined && language !== 'english' && language !== 'en' && language !== 'none') {
    throw new MongoCommandError(17262, `language "${String(language)}" is not supported by the embedded server's text index (english only)`);
  }
  if (caseSensitive === true || diacriticSensitive === true) {
    throw new MongoCommandError(115, '$caseSensitive and $diacriticSensitive are not supported by the embedded server');
  }
  const parsed: TextSearch = { terms: [], negatedTerms: [], phrases: [], negatedPhrases: [] };
  // A phrase runs from one double quote to the next; a minus right before it negates it.
  const pattern = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
  for (const match of search.matchAll(pattern)) {
    if (match[2] !== undefined) {
      const phrase = match[2];
      if (textWords(phrase).length === 0) continue;
      if (match[1]) {
        parsed.negatedPhrases.push(phrase);
      } else {
        parsed.phrases.push(phrase);
        parsed.terms.push(...textWords(phrase));
      }
      continue;
    }
    const words = textWords(match[4]!);
    if (match[3]) parsed.negatedTerms.push(...words.slice(0, 1));
    // "-" only negates the first word of what follows it, as in MongoDB ("-a-b" leaves out a, finds b).
    parsed.terms.push(...(match[3] ? words.slice(1) : words));
  }
  parsed.terms = [...new Set(parsed.terms)].filter((word) => !STOP_WORDS.has(word));
  parsed.negatedTerms = [...new Set(parsed.negatedTerms)].filter((word) => !STOP_WORDS.has(word));
  return parsed;
}

/** The FTS5 query that finds the candidates: any positive term and none of the negated ones. */
export function ftsQuery(search: TextSearch): string | undefined {
  if (search.terms.length === 0) return undefined;
  const any = (words: string[]) => words.map((word) => `"${word}"`).join(' OR ');
  const found = `(${any(search.terms)})`;
  return search.negatedTerms.length ? `${found} NOT (${any(search.negatedTerms)})` : found;
}

/**
 * How the phrases of a text search read the phrase table (see phraseTextOf), all exactly: a
 * phrase of three characters or more (folded) as an FTS5 trigram phrase query, which finds the
 * documents whose folded text holds it, a shorter one as `instr` on each candidate's folded text.
 */
export interface PhraseQueries {
  /** Every phrase of three characters or more, ANDed, as an FTS5 query of the phrase table. */
  all: string | undefined;
  /** The negated phrases of three characters or more, ORed: a document they find is left out. */
  none: string | undefined;
  /** Shorter phrases, folded, each of which a document's folded text must contain. */
  contained: string[];
  /** Shorter negated phrases, folded, none of which it may contain. */
  notContained: string[];
}

export function phraseQueries(search: TextSearch): PhraseQueries {
  const long = (phrase: string) => [...phrase].length >= 3;
  const quoted = (phrases: string[]) => phrases.map((phrase) => `"${phrase.replaceAll('"', '""')}"`);
  const phrases = search.phrases.map(foldText);
  const negated = search.negatedPhrases.map(foldText);
  return {
    all: phrases.some(long) ? quoted(phrases.filter(long)).join(' AND ') : undefined,
    none: negated.some(long) ? quoted(negated.filter(long)).join(' OR ') : undefined,
    contained: phrases.filter((phrase) => !long(phrase)),
    notContained: negated.filter((phrase) => !long(phrase)),
  };
}

/** Text with case and diacritics folded away, as phrases are compared. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function textValues(document: Document, fields: readonly string[]): string[] {
  return fields.flatMap((field) => pathValues(document, field)).filter((value): value is string => typeof value === 'string');
}

/** The string values of a text index's fields, as its word table (FTS5, Porter) stores them for the document. */
export function textOf(document: Document, fields: readonly string[]): string {
  return textValues(document, fields).join('\n');
}

/**
 * The same values folded, as the phrase table (FTS5 trigrams, case kept) stores them: a phrase is
 * found where it is a substring of one of them. They are joined by a double quote, which no
 * phrase holds (a quote ends it), so no match can run from one value into the next.
 */
export function phraseTextOf(document: Document, fields: readonly string[]): string {
  return textValues(document, fields).map(foldText).join('"');
}
