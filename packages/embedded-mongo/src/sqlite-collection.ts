import { serialize } from 'bson';
import type { Binary, Document } from 'bson';
import { IndexDefinition, idIndexSpec, sameIndexOptions } from './index-definition';
import type { IndexEntry } from './index-definition';
import type { SQLInputValue } from 'node:sqlite';
import { compileFilter, queryDocuments } from './document-query';
import type { QueryShape } from './document-query';
import { AFTER_PREFIX, encodeKeyPart, leadingKeyPart } from './index-key';
import { MongoCommandError } from './mongo-command-error';
import { describePlan } from './plan-description';
import { filterParts, planQuery, TextIndexMissing } from './query-plan';
import type { KeyRange, QueryPlan } from './query-plan';
import { decodeDocument as decode, decodeOnly } from './deserialize-options';
import { sortCheckOnBytes, sortCheckOnDocument, type SortCheck } from './sort-values';
import { RawDocument } from './raw-document';
import type { RawProjection } from './raw-projection';
import { filterFields, sortedFields } from './fields-read';
import { firstOfEach, HeldForVersion, RidBits, ridsOf } from './held-rids';
import type { StoreStatements } from './store-statements';
import { ftsQuery, phraseQueries, phraseTextOf, TEXT_TOKENIZER, textOf } from './text-search';

export interface CollectionInfo {
  id: number;
  db: string;
  name: string;
  uuid: Binary;
  options: Document;
}

interface StoredIndex {
  id: number;
  definition: IndexDefinition;
}

interface DocumentRow {
  rid: number;
  doc: Uint8Array;
}

/** A text search as SQL over the text index's tables: the rowids it finds. */
interface TextMatch {
  sql: string;
  parameters: SQLInputValue[];
}

const SQLITE_CONSTRAINT = 19;

/** SQL conditions ANDed to a read on its rid column, with their parameters. */
interface Restriction {
  sql: (rid: string) => string;
  bounds: SQLInputValue[];
}

const NO_RESTRICTION: Restriction = { sql: () => '', bounds: [] };

/**
 * An index plan with more than its ranges to meet (a text search, further ranges), answered in
 * memory: the ranges' rids in the order the plan reads them, and the sets each must also be in.
 */
interface HeldPlan {
  order: Int32Array;
  within: RidBits[];
}

/** How many index ranges' rid lists a collection keeps (at 23,000 entries one is 92 KB). */
const HELD_RANGES = 16;
/** How many rid sets (a text search's, a further range's) a collection keeps (3 KB each at 23,000). */
const HELD_SETS = 32;

/**
 * One collection in SQLite: table em_c<id> holds the documents (rid gives natural order, id_key
 * is the encoded _id and unique), and each other index is table em_i<id> of (key, rid) whose
 * primary key is the key alone for a unique index, so SQLite refuses a duplicate. Every change
 * to a document and its index entries runs in a savepoint, so a refused document leaves nothing.
 * Callers run inside one of the store's transactions.
 */
export class SqliteCollection {
  readonly id: number;
  readonly db: string;
  readonly name: string;
  readonly uuid: Binary;
  readonly options: Document;
  private readonly store: StoreStatements;
  private readonly table: string;
  private readonly stored: StoredIndex[] = [];
  private readonly multikey = new Map<IndexDefinition, { version: string; multikey: boolean }>();
  /** Changes made to this collection through this connection: with SQLite's data_version, the state what is held describes. */
  private writes = 0;
  private readonly heldRanges = new HeldForVersion<Int32Array>(HELD_RANGES);
  private readonly heldSets = new HeldForVersion<RidBits>(HELD_SETS);
  /** The last text search's SQL (textMatch), by its index's table and the search. */
  private lastTextMatch: { key: string; match: TextMatch | undefined } | undefined;

  constructor(store: StoreStatements, info: CollectionInfo, indexes: { id: number; spec: Document }[]) {
    this.store = store;
    this.id = info.id;
    this.db = info.db;
    this.name = info.name;
    this.uuid = info.uuid;
    this.options = info.options;
    this.table = SqliteCollection.tableName(info.id);
    for (const index of indexes) this.stored.push({ id: index.id, definition: new IndexDefinition(index.spec, this.namespace) });
  }

  static tableName(collectionId: number): string {
    return `em_c${collectionId}`;
  }

  get namespace(): string {
    return `${this.db}.${this.name}`;
  }

  get indexes(): IndexDefinition[] {
    return this.stored.map((index) => index.definition);
  }

  get size(): number {
    const row = this.store.statement(`SELECT count(*) AS n FROM ${this.table}`).get() as { n: number };
    return Number(row.n);
  }

  /** Every document, in natural (insertion) order. */
  all(): Document[] {
    return this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`).map((row) => decode(row.doc));
  }

  /**
   * The documents a filter can match, in natural order: those the plan's index ranges or text
   * search find (see planQuery), else all of them. The caller applies the whole filter, except
   * $text, which only this collection can answer: a filter with $text comes back matched.
   */
  candidates(filter: Document | undefined): Document[] {
    const plan = this.plan(filter);
    if (plan.text) return this.matching(filter);
    return [...this.scan({ ...plan, order: 'natural' })].map((row) => decode(row.doc));
  }

  /** The documents that match a filter, in natural order. */
  matching(filter: Document | undefined): Document[] {
    const plan = this.plan(filter);
    return this.matchingIn({ ...plan, order: 'natural' }, this.residual(filter, plan));
  }

  /**
   * A find: filter, sort, skip, limit and projection, read through the plan. In natural or index
   * order the scan stops once the limit is reached and a document is decoded only when it must be
   * checked or returned; a sort no index gives is done in memory over the matching documents.
   */
  select(shape: QueryShape): Document[] {
    const planned = this.inOrder(shape);
    if (!planned) return queryDocuments(this.matching(shape.filter), { ...shape, filter: undefined });
    const { sort, plan, residual } = planned;
    const decodeRow = this.decoder(shape, plan, sort);
    const inMemory = () => queryDocuments(this.matchingIn({ ...plan, order: 'natural' }, residual, decodeRow), { ...shape, filter: undefined });
    if (sort && plan.order === 'natural') return inMemory();
    const found = this.readInOrder(shape, plan, residual, decodeRow, (_row, document) => document!, sortCheckOnDocument(sort));
    if (!found) return inMemory();
    return shape.projection && Object.keys(shape.projection).length > 0 ? queryDocuments(found, { projection: shape.projection }) : found;
  }

  /**
   * select's read with each document projected on its stored bytes (raw-projection.ts), for an
   * aggregation whose only stage after its read is that $project; undefined where the documents
   * must be decoded instead: a sort done in memory, or a document the projection is unsure of.
   */
  selectRaw(shape: QueryShape, project: RawProjection): RawDocument[] | undefined {
    const planned = this.inOrder(shape);
    if (!planned || (planned.sort && planned.plan.order === 'natural')) return undefined;
    const { sort, plan, residual } = planned;
    const output = (row: DocumentRow) => {
      const bytes = project(row.doc);
      return bytes && new RawDocument(bytes);
    };
    // With no residual filter, the sort's values are checked on the bytes: nothing is decoded.
    const onBytes = !residual && sort && plan.order !== 'natural' ? sortCheckOnBytes(sort) : undefined;
    if (onBytes) return this.readInOrder(shape, plan, undefined, undefined, output, onBytes);
    // Decoded only to be checked: the residual filter's fields and the sort's, nothing else.
    const checked = residual || (plan.order !== 'natural' && sort) ? this.decoder({ ...shape, fieldsRead: new Set<string>() }, plan, sort) : undefined;
    return this.readInOrder(shape, plan, residual, checked, output, sortCheckOnDocument(sort));
  }

  /** A read's sort (none when empty), plan and residual filter; undefined for a `$natural` sort, which reads every match. */
  private inOrder(shape: QueryShape): { sort: Document | undefined; plan: QueryPlan; residual: ((document: Document) => boolean) | undefined } | undefined {
    const sort = shape.sort && Object.keys(shape.sort).length > 0 ? shape.sort : undefined;
    if (sort && '$natural' in sort) return undefined;
    const plan = this.plan(shape.filter, sort, shape.collation);
    return { sort, plan, residual: this.residual(shape.filter, plan) };
  }

  /**
   * The documents of a plan read in its order (natural or an index's, not a sort in memory), each
   * as `output` gives it: skip and limit applied; each row decoded by `decodeRow` when it must be
   * checked (the residual filter, a sort value) or is output decoded. In natural or index order the
   * scan stops once the limit is reached. Undefined when a sort value is one key bytes cannot order
   * (the caller sorts in memory, or, unsure, reads it the decoded way) or `output` refuses a
   * document. `sortsPlainly` checks each row's sort values, on its bytes or its decoded document.
   */
  private readInOrder<T>(
    shape: QueryShape,
    plan: QueryPlan,
    residual: ((document: Document) => boolean) | undefined,
    decodeRow: ((bytes: Uint8Array) => Document) | undefined,
    output: (row: DocumentRow, document: Document | undefined) => T | undefined,
    sortsPlainly: SortCheck,
  ): T[] | undefined {
    const ordered = plan.order !== 'natural';
    const found: T[] = [];
    const seen = new Set<number>();
    let toSkip = shape.skip ?? 0;
    for (const row of this.scan(plan)) {
      if (ordered) {
        // A multikey index lists a document once per value; its first entry is the one it sorts by.
        if (seen.has(row.rid)) continue;
        seen.add(row.rid);
      } else if (!residual && toSkip > 0) {
        toSkip -= 1;
        continue;
      }
      const document = decodeRow?.(row.doc);
      if (residual && !residual(document!)) continue;
      // Arrays, embedded documents, Longs and Decimals sort in ways key bytes do not show.
      if (ordered && sortsPlainly(row, document) !== true) return undefined;
      if (toSkip > 0) {
        toSkip -= 1;
        continue;
      }
      const item = output(row, document);
      if (item === undefined) return undefined;
      found.push(item);
      if (shape.limit && found.length >= shape.limit) break;
    }
    return found;
  }

  /** How many documents match a filter: counted in the index when the plan covers the filter. */
  countMatching(filter: Document | undefined): number {
    const plan = this.plan(filter);
    if (plan.covered) {
      // Counted from what is held, any index plan: the same range is often counted again within one state.
      const held = this.heldPlan(plan, true);
      if (held !== undefined) return held === null ? 0 : countHeld(held);
      const also = this.restriction(plan);
      if (!also) return 0;
      if (plan.index) return this.countInRanges(plan.index, plan.ranges, also);
      return plan.text ? this.countText(plan.text) : this.size;
    }
    const excluded = this.notEqualShortcut(filter);
    if (excluded) return this.size - this.countInRanges(excluded.index, excluded.ranges);
    const residual = this.residual(filter, plan);
    let n = 0;
    for (const row of this.scan({ ...plan, order: 'natural' })) {
      if (!residual || residual(decode(row.doc))) n += 1;
    }
    return n;
  }

  /** What a query would read: for the explain command. */
  explain(filter: Document | undefined, sort?: Document, collation?: Document, counting = false): Document {
    const sortSpec = sort && Object.keys(sort).length > 0 && !('$natural' in sort) ? sort : undefined;
    const plan = this.plan(filter, sortSpec, collation);
    const excluded = counting && !plan.covered ? this.notEqualShortcut(filter) : undefined;
    if (excluded) {
      const winningPlan = {
        stage: 'COUNT',
        countedAs: 'the collection less the entries of one key',
        inputStage: { stage: 'COUNT_SCAN', indexName: excluded.index.name, sqliteTable: this.indexTable(excluded.index) },
      };
      return { winningPlan, usesIndex: true, countWithoutDocuments: true };
    }
    return describePlan(plan, {
      table: this.table,
      indexTable: plan.index && !plan.index.isIdIndex ? this.indexTable(plan.index) : undefined,
      textTable: plan.text ? this.textTable(plan.text.index) : undefined,
      phraseTable: plan.text ? this.phraseTable(plan.text.index) : undefined,
      sortInMemory: sortSpec !== undefined && plan.order === 'natural',
      countInIndex: plan.covered ? true : this.notEqualShortcut(filter) !== undefined,
    });
  }

  /** What distinct would read: the leading index's keys (distinctInIndex), or the documents the filter finds. */
  explainDistinct(field: string, filter: Document | undefined, collation: Document | undefined): Document {
    const from = this.distinctIndex(field, filter, collation);
    if (!from) return this.explain(filter);
    const winningPlan: Document = {
      stage: 'DISTINCT_SCAN',
      indexName: from.index.name,
      keyPattern: from.index.spec.key,
      sqliteTable: this.indexTable(from.index),
      keysReadBack: 'string values, one seek each; a value of another type reads the documents',
    };
    if (from.plan) winningPlan.inputStage = this.explain(filter).winningPlan as Document;
    return { winningPlan, usesIndex: true };
  }

  private plan(filter: Document | undefined, sort?: Document, collation?: Document): QueryPlan {
    try {
      return planQuery(filter, this.indexes, sort, collation, (index) => this.isMultikey(index));
    } catch (error) {
      if (error instanceof TextIndexMissing) throw new MongoCommandError(27, error.message);
      throw error;
    }
  }

  /** The check a candidate of the plan must still pass, or undefined when the plan is exact. */
  private residual(filter: Document | undefined, plan: QueryPlan): ((document: Document) => boolean) | undefined {
    if (plan.covered) return undefined;
    return compileFilter(checkedFilter(filter, plan));
  }

  /**
   * How a select decodes the documents it reads: only the fields its caller reads and those its
   * residual filter and sort read, when all of them are known (fields-read.ts); else whole.
   */
  private decoder(shape: QueryShape, plan: QueryPlan, sort: Document | undefined): (bytes: Uint8Array) => Document {
    if (!shape.fieldsRead) return decode;
    const filtered = plan.covered ? new Set<string>() : filterFields(checkedFilter(shape.filter, plan));
    const sorted = sortedFields(sort);
    if (!filtered || !sorted) return decode;
    return decodeOnly(new Set([...shape.fieldsRead, ...filtered, ...sorted]));
  }

  private matchingIn(plan: QueryPlan, residual: ((document: Document) => boolean) | undefined, decodeRow = decode): Document[] {
    const found: Document[] = [];
    for (const row of this.scan(plan)) {
      const document = decodeRow(row.doc);
      if (!residual || residual(document)) found.push(document);
    }
    return found;
  }

  /**
   * The rows a plan reads, undecoded: in natural order (rid) or, for an ordered plan, in the
   * index's key order (a document once per entry; ties in natural order).
   */
  private *scan(plan: QueryPlan): Generator<DocumentRow> {
    const held = this.heldPlan(plan);
    if (held !== undefined) {
      if (held !== null) yield* this.heldRows(held);
      return;
    }
    const also = this.restriction(plan);
    // A text search with no word to look for (stop words only) finds nothing, as in MongoDB.
    if (!also) return;
    if (!plan.index) {
      yield* this.iterate(`SELECT rid, doc FROM ${this.table} WHERE true${also.sql('rid')} ORDER BY rid`, ...also.bounds);
      return;
    }
    const bounds = plan.ranges.flatMap((range) => [range.lower, range.upper]);
    if (plan.order !== 'natural') {
      const direction = plan.order === 'asc' ? 'ASC' : 'DESC';
      const sql = plan.index.isIdIndex
        ? `SELECT rid, doc FROM ${this.table} WHERE id_key >= ? AND id_key < ?${also.sql('rid')} ORDER BY id_key ${direction}`
        : `SELECT i.rid AS rid, c.doc AS doc FROM ${this.indexTable(plan.index)} AS i JOIN ${this.table} AS c ON c.rid = i.rid WHERE i.key >= ? AND i.key < ?${also.sql('i.rid')} ORDER BY i.key ${direction}, i.rid ASC`;
      yield* this.iterate(sql, ...bounds.slice(0, 2), ...also.bounds);
      return;
    }
    if (plan.index.isIdIndex) {
      const where = plan.ranges.map(() => '(id_key >= ? AND id_key < ?)').join(' OR ');
      yield* this.iterate(`SELECT rid, doc FROM ${this.table} WHERE (${where})${also.sql('rid')} ORDER BY rid`, ...bounds, ...also.bounds);
      return;
    }
    const where = plan.ranges.map(() => '(key >= ? AND key < ?)').join(' OR ');
    yield* this.iterate(
      `SELECT rid, doc FROM ${this.table} WHERE rid IN (SELECT rid FROM ${this.indexTable(plan.index)} WHERE ${where})${also.sql('rid')} ORDER BY rid`,
      ...bounds,
      ...also.bounds,
    );
  }

  private countInRanges(index: IndexDefinition, ranges: KeyRange[], also: Restriction = NO_RESTRICTION): number {
    const bounds = ranges.flatMap((range) => [range.lower, range.upper]);
    const sql = index.isIdIndex
      ? `SELECT count(*) AS n FROM ${this.table} WHERE (${ranges.map(() => '(id_key >= ? AND id_key < ?)').join(' OR ')})${also.sql('rid')}`
      : `SELECT count(DISTINCT rid) AS n FROM ${this.indexTable(index)} WHERE (${ranges.map(() => '(key >= ? AND key < ?)').join(' OR ')})${also.sql('rid')}`;
    return Number((this.store.statement(sql).get(...bounds, ...also.bounds) as { n: number | bigint }).n);
  }

  /** How many documents a text search finds, counted in its FTS5 tables. */
  private countText(text: NonNullable<QueryPlan['text']>): number {
    const found = this.textMatch(text);
    if (!found) return 0;
    return Number((this.store.statement(`SELECT count(*) AS n FROM (${found.sql})`).get(...found.parameters) as { n: number | bigint }).n);
  }

  /**
   * The SQL conditions on a rid that keep only the documents the plan's further range lists
   * (QueryPlan.intersect) and its text search allow; undefined when the search can find nothing.
   */
  private restriction(plan: QueryPlan): Restriction | undefined {
    const clauses: string[] = [];
    const bounds: SQLInputValue[] = [];
    if (plan.index && !plan.index.isIdIndex && plan.intersect?.length) {
      const table = this.indexTable(plan.index);
      for (const ranges of plan.intersect) {
        clauses.push(`SELECT rid FROM ${table} WHERE ${ranges.map(() => '(key >= ? AND key < ?)').join(' OR ')}`);
        bounds.push(...ranges.flatMap((range) => [range.lower, range.upper]));
      }
    }
    if (plan.text) {
      const found = this.textMatch(plan.text);
      if (!found) return undefined;
      clauses.push(found.sql);
      bounds.push(...found.parameters);
    }
    return { sql: (rid) => clauses.map((clause) => ` AND ${rid} IN (${clause})`).join(''), bounds };
  }

  /**
   * The rids a text search finds, as one SELECT over its FTS5 tables: any of its words in the
   * word table and none of the negated ones, then every phrase and no negated phrase in the
   * phrase table (phraseQueries), so nothing is left to check on a document. The tables' answers
   * are combined as sets (INTERSECT, EXCEPT): `rowid IN (…)` beside a MATCH would run the MATCH
   * again for every rowid of the list.
   */
  private textMatch(text: NonNullable<QueryPlan['text']>): TextMatch | undefined {
    // A search's count and its page each ask for the same one, once each (a search's $facet).
    const key = `${this.textTable(text.index)}\n${JSON.stringify(text.search)}`;
    if (this.lastTextMatch?.key !== key) this.lastTextMatch = { key, match: this.textMatchOf(text) };
    return this.lastTextMatch.match;
  }

  /** textMatch's SQL, worked out. */
  private textMatchOf(text: NonNullable<QueryPlan['text']>): TextMatch | undefined {
    const words = ftsQuery(text.search);
    if (words === undefined) return undefined;
    const wordTable = this.textTable(text.index);
    const phraseTable = this.phraseTable(text.index);
    const phrases = phraseQueries(text.search);
    let sql = `SELECT rowid FROM ${wordTable} WHERE ${wordTable} MATCH ?`;
    const parameters: SQLInputValue[] = [words];
    if (phrases.all !== undefined) {
      sql += ` INTERSECT SELECT rowid FROM ${phraseTable} WHERE ${phraseTable} MATCH ?`;
      parameters.push(phrases.all);
    }
    if (phrases.none !== undefined) {
      sql += ` EXCEPT SELECT rowid FROM ${phraseTable} WHERE ${phraseTable} MATCH ?`;
      parameters.push(phrases.none);
    }
    if (phrases.contained.length + phrases.notContained.length === 0) return { sql, parameters };
    // Phrases too short for trigrams: looked for in the folded text of each document found so far.
    const conditions = [...phrases.contained.map(() => 'instr(content, ?) > 0'), ...phrases.notContained.map(() => 'instr(content, ?) = 0')];
    return {
      sql: `SELECT rowid FROM ${phraseTable} WHERE rowid IN (${sql}) AND ${conditions.join(' AND ')}`,
      parameters: [...parameters, ...phrases.contained, ...phrases.notContained],
    };
  }

  /**
   * A plan over an index (not _id's) that must also meet a text search or further ranges, as rid
   * lists and sets held in memory for the collection's present state: its ranges' rids in the
   * order it reads them, and the text search's and further ranges' rids as sets. Counting it or
   * reading a page is then one pass over the list, and only the documents returned are read,
   * where SQL would test each index entry against the text search's answer and evaluate that
   * answer again for the count and for the page. Null: the text search finds nothing. Undefined:
   * the plan is SQL's (no such plan, or a command that writes, whose reads must see its own
   * changes and may be rolled back). `anyIndexPlan`: a plan over ranges alone too.
   */
  private heldPlan(plan: QueryPlan, anyIndexPlan = false): HeldPlan | null | undefined {
    const index = plan.index;
    if (!index || index.isIdIndex || (!plan.text && !plan.intersect?.length && !anyIndexPlan) || !this.store.readOnly) return undefined;
    const { dataVersion } = this.store.statement('SELECT data_version AS dataVersion FROM pragma_data_version').get() as { dataVersion: number };
    const version = `${dataVersion}:${this.writes}`;
    const within: RidBits[] = [];
    for (const ranges of plan.intersect ?? []) {
      within.push(this.heldSets.get(version, `ranges:${this.rangesKey(index, ranges)}`, () => new RidBits(this.ridsInRanges(index, ranges, 'natural'))));
    }
    if (plan.text) {
      const found = this.textMatch(plan.text);
      if (!found) return null;
      const rids = this.heldSets.get(version, `text:${JSON.stringify(found)}`, () => {
        const row = this.store.statement(`SELECT group_concat(rowid) AS rids FROM (${found.sql})`).get(...found.parameters) as { rids: string | null };
        return new RidBits(ridsOf(row.rids));
      });
      within.push(rids);
    }
    const order = this.heldRanges.get(version, `${plan.order}:${this.rangesKey(index, plan.ranges)}`, () => this.ridsInRanges(index, plan.ranges, plan.order));
    return { order, within };
  }

  /**
   * The distinct values of a field that leads an index (not _id's, not partial or sparse), among
   * the documents a filter finds exactly through an index plan (or all of them), read from the
   * index's keys without a document: one seek per distinct value (a loose index scan), then, with a
   * filter, the value's entries until one is a document the filter finds. At 23,000 vehicles, the
   * site's facets are 40 seeks instead of decoding every vehicle. Undefined when the keys cannot
   * tell: a value that is not a string (a number's key does not keep its type), or a document the
   * filter finds under the null bracket (null, missing and an empty array share it); the caller
   * then reads the documents.
   */
  distinctInIndex(field: string, filter: Document | undefined, collation: Document | undefined): string[] | undefined {
    const source = this.distinctIndex(field, filter, collation);
    if (!source) return undefined;
    const { index, plan } = source;
    let within: RidBits | undefined;
    if (plan) {
      const held = this.heldPlan(plan, true);
      if (held === undefined) return undefined;
      if (held === null) return [];
      within = new RidBits(held.order.filter((rid) => inEvery(held, rid)));
    }
    const table = this.indexTable(index);
    const nextKey = this.store.statement(`SELECT key FROM ${table} WHERE key >= ? ORDER BY key LIMIT 1`);
    const entries = this.store.statement(`SELECT rid FROM ${table} WHERE key >= ? AND key < ?`);
    const values: string[] = [];
    let from = Buffer.alloc(0);
    for (;;) {
      const row = nextKey.get(from) as { key: Uint8Array } | undefined;
      if (!row) return values;
      const part = leadingKeyPart(row.key);
      if (!part) return undefined;
      const prefix = Buffer.from(row.key.subarray(0, part.length));
      from = Buffer.concat([prefix, Buffer.from([AFTER_PREFIX])]);
      if (within !== undefined && !anyWithin(entries.iterate(prefix, from) as Iterable<{ rid: number }>, within)) continue;
      if (part.kind === 'null') return undefined;
      values.push(part.value);
    }
  }

  /** The index whose keys give a field's distinct values, and the plan that finds the filter's documents exactly (none: no filter). */
  private distinctIndex(field: string, filter: Document | undefined, collation: Document | undefined): { index: IndexDefinition; plan?: QueryPlan } | undefined {
    // A collation changes which strings are equal: the keys compare bytes.
    if (collation) return undefined;
    const index = this.indexes.find((candidate) => !candidate.isIdIndex && !candidate.text && !candidate.partial && !candidate.sparse && candidate.fields[0] === field);
    if (!index) return undefined;
    if (filter === undefined || Object.keys(filter).length === 0) return { index };
    const plan = this.plan(filter);
    return plan.covered && plan.index && !plan.index.isIdIndex ? { index, plan } : undefined;
  }

  /**
   * The rids an index's ranges list, each once: in key order ('asc', 'desc'; ties by rid, a
   * document where its first entry is) or by rid ('natural').
   */
  private ridsInRanges(index: IndexDefinition, ranges: KeyRange[], order: QueryPlan['order']): Int32Array {
    const where = ranges.map(() => '(key >= ? AND key < ?)').join(' OR ');
    const bounds = ranges.flatMap((range) => [range.lower, range.upper]);
    const table = this.indexTable(index);
    if (order === 'natural') {
      const row = this.store.statement(`SELECT group_concat(DISTINCT rid ORDER BY rid) AS rids FROM ${table} WHERE ${where}`).get(...bounds) as { rids: string | null };
      return ridsOf(row.rids);
    }
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    const row = this.store.statement(`SELECT group_concat(rid, ',' ORDER BY key ${direction}, rid ASC) AS rids FROM ${table} WHERE ${where}`).get(...bounds) as {
      rids: string | null;
    };
    return firstOfEach(ridsOf(row.rids));
  }

  private rangesKey(index: IndexDefinition, ranges: KeyRange[]): string {
    return `${this.indexTable(index)}:${ranges.map((range) => `${range.lower.toString('hex')}-${range.upper.toString('hex')}`).join(',')}`;
  }

  /** A held plan's documents, in its order, each read when it is reached. */
  private *heldRows(held: HeldPlan): Generator<DocumentRow> {
    const read = this.store.statement(`SELECT rid, doc FROM ${this.table} WHERE rid = ?`);
    for (const rid of held.order) {
      if (!inEvery(held, rid)) continue;
      const row = read.get(rid) as DocumentRow | undefined;
      if (row) yield row;
    }
  }

  /**
   * { field: { $ne: value } } over an index led by that field, for a value whose key holds no
   * other value: the documents not listed under the value's key, so a count decodes nothing.
   */
  private notEqualShortcut(filter: Document | undefined): { index: IndexDefinition; ranges: KeyRange[] } | undefined {
    const parts = filterParts(filter);
    if (parts.others > 0 || parts.text !== undefined || parts.fields.size !== 1) return undefined;
    const [[field, conditions]] = [...parts.fields.entries()] as [[string, unknown[]]];
    const condition = conditions.length === 1 ? (conditions[0] as Document | null) : null;
    if (!condition || typeof condition !== 'object' || Object.keys(condition).length !== 1 || !('$ne' in condition)) return undefined;
    const value = condition.$ne as unknown;
    const exact = typeof value === 'string' || typeof value === 'boolean' || value instanceof Date || (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId';
    if (!exact) return undefined;
    const index = this.indexes.find((candidate) => !candidate.partial && !candidate.sparse && !candidate.text && candidate.fields[0] === field);
    if (!index) return undefined;
    const key = encodeKeyPart(value);
    return { index, ranges: [{ lower: key, upper: Buffer.concat([key, Buffer.from([AFTER_PREFIX])]) }] };
  }

  insert(document: Document): void {
    const id = document._id;
    if (id === undefined) throw new MongoCommandError(2, 'document is missing _id');
    if (Array.isArray(id)) throw new MongoCommandError(2, "can't use an array for _id");
    if (id instanceof RegExp) throw new MongoCommandError(2, "can't use a regex for _id");
    this.writes += 1;
    this.store.savepoint(() => {
      let rid: number;
      try {
        rid = Number(this.store.run(`INSERT INTO ${this.table} (id_key, doc) VALUES (?, ?)`, encodeKeyPart(id), serialize(document)).lastInsertRowid);
      } catch (error) {
        if (isConstraintFailure(error)) throw this.idIndex.duplicateKeyError([id]);
        throw error;
      }
      for (const index of this.secondary()) this.addEntries(index, rid, index.definition.entriesOf(document));
      for (const index of this.textIndexes()) this.writeText(index.definition, rid, document);
    });
  }

  /** Swaps a stored document for its updated version; the _id must not change. */
  replace(previous: Document, next: Document): void {
    const idKey = encodeKeyPart(previous._id);
    if (!encodeKeyPart(next._id).equals(idKey)) {
      throw new MongoCommandError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    this.writes += 1;
    this.store.savepoint(() => {
      const rid = this.ridOf(idKey);
      for (const index of this.secondary()) {
        const before = index.definition.entriesOf(previous);
        const after = index.definition.entriesOf(next);
        const kept = new Set(after.map((entry) => entry.key.toString('hex')));
        const had = new Set(before.map((entry) => entry.key.toString('hex')));
        this.removeEntries(
          index,
          rid,
          before.filter((entry) => !kept.has(entry.key.toString('hex'))),
        );
        this.addEntries(
          index,
          rid,
          after.filter((entry) => !had.has(entry.key.toString('hex'))),
        );
      }
      for (const index of this.textIndexes()) {
        const fields = index.definition.textFields;
        const changed = textOf(next, fields) !== textOf(previous, fields) || phraseTextOf(next, fields) !== phraseTextOf(previous, fields);
        if (changed) this.writeText(index.definition, rid, next, true);
      }
      this.store.run(`UPDATE ${this.table} SET doc = ? WHERE rid = ?`, serialize(next), rid);
    });
  }

  remove(document: Document): void {
    this.writes += 1;
    this.store.savepoint(() => {
      const rid = this.ridOf(encodeKeyPart(document._id));
      for (const index of this.secondary()) this.removeEntries(index, rid, index.definition.entriesOf(document));
      for (const index of this.textIndexes()) this.writeText(index.definition, rid, undefined, true);
      this.store.run(`DELETE FROM ${this.table} WHERE rid = ?`, rid);
    });
  }

  /** Returns false when an identical index already exists. */
  createIndex(spec: Document): boolean {
    const key = spec.key as Document;
    const keySignature = JSON.stringify(key);
    const sameName = this.indexes.find((index) => index.name === spec.name);
    const sameKey = this.indexes.find((index) => JSON.stringify(index.spec.key) === keySignature);
    if (sameName) {
      if (JSON.stringify(sameName.spec.key) !== keySignature) {
        throw new MongoCommandError(
          86,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      if (!sameIndexOptions(sameName.spec, spec)) {
        throw new MongoCommandError(
          85,
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
        );
      }
      return false;
    }
    if (sameKey && sameIndexOptions(sameKey.spec, spec)) {
      throw new MongoCommandError(85, `Index already exists with a different name: ${sameKey.name}`);
    }
    const text = this.indexes.find((index) => index.text);
    if (text && JSON.stringify(spec.key) === JSON.stringify(text.spec.key)) {
      throw new MongoCommandError(
        85,
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(text.spec)}`,
      );
    }
    this.writes += 1;
    this.store.savepoint(() => {
      const index = this.addIndexRow(spec);
      if (index.definition.text) {
        this.store.exec(`CREATE VIRTUAL TABLE ${this.textTable(index.definition)} USING fts5(content, tokenize = '${TEXT_TOKENIZER}')`);
        this.createPhraseTable(index.definition);
        for (const row of this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`)) this.writeText(index.definition, row.rid, decode(row.doc));
        return;
      }
      const primaryKey = index.definition.unique ? 'key' : 'key, rid';
      this.store.exec(`CREATE TABLE ${this.indexTable(index.definition)} (key BLOB NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (${primaryKey})) WITHOUT ROWID`);
      for (const row of this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`)) {
        this.addEntries(index, row.rid, index.definition.entriesOf(decode(row.doc)));
      }
    });
    return true;
  }

  /** Records an index of this collection (the _id index has no table of its own). */
  addIndexRow(spec: Document): StoredIndex {
    const { lastInsertRowid } = this.store.run('INSERT INTO em_indexes (collection_id, name, spec) VALUES (?, ?, ?)', this.id, String(spec.name), serialize(spec));
    this.store.markSchemaChanged();
    const index = { id: Number(lastInsertRowid), definition: new IndexDefinition(spec, this.namespace) };
    this.stored.push(index);
    return index;
  }

  dropIndex(name: string): void {
    if (name === '_id_') throw new MongoCommandError(72, 'cannot drop _id index');
    const position = this.stored.findIndex((index) => index.definition.name === name);
    if (position < 0) throw new MongoCommandError(27, `index not found with name [${name}]`);
    const index = this.stored[position]!;
    this.writes += 1;
    if (index.definition.text) this.store.exec(`DROP TABLE ${this.textTable(index.definition)}; DROP TABLE ${this.phraseTable(index.definition)}`);
    else this.store.exec(`DROP TABLE ${this.indexTable(index.definition)}`);
    this.store.run('DELETE FROM em_indexes WHERE id = ?', index.id);
    this.stored.splice(position, 1);
    this.store.markSchemaChanged();
  }

  /** Drops the documents' and indexes' tables (the store forgets the collection itself). */
  dropTables(): void {
    for (const index of this.secondary()) this.store.exec(`DROP TABLE ${this.indexTable(index.definition)}`);
    for (const index of this.textIndexes()) this.store.exec(`DROP TABLE ${this.textTable(index.definition)}; DROP TABLE ${this.phraseTable(index.definition)}`);
    this.store.exec(`DROP TABLE ${this.table}`);
  }

  private get idIndex(): IndexDefinition {
    return this.indexes.find((index) => index.isIdIndex) ?? new IndexDefinition(idIndexSpec, this.namespace);
  }

  /** The indexes with a key table: all but _id and text indexes. */
  private secondary(): StoredIndex[] {
    return this.stored.filter((index) => !index.definition.isIdIndex && !index.definition.text);
  }

  private textIndexes(): StoredIndex[] {
    return this.stored.filter((index) => index.definition.text);
  }

  /**
   * Whether some document has several entries in the index (an array in an indexed field). Read
   * from the index table again only after the database changed (by this connection or another).
   */
  private isMultikey(index: IndexDefinition): boolean {
    if (index.isIdIndex) return false;
    const { version } = this.store.statement("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes() AS version").get() as { version: string };
    const known = this.multikey.get(index);
    if (known?.version === version) return known.multikey;
    const found = this.store.statement(`SELECT 1 AS found FROM ${this.indexTable(index)} GROUP BY rid HAVING count(*) > 1 LIMIT 1`).get() !== undefined;
    this.multikey.set(index, { version, multikey: found });
    return found;
  }

  /**
   * A text index's first versions kept the text as written in a trigram table that folded case
   * itself (em_s<id>), which could only narrow the phrases down: each is replaced, once, by the
   * phrase table built from the stored documents. True when one was built.
   */
  upgradeTextIndexes(): boolean {
    let built = false;
    for (const { definition } of this.textIndexes()) {
      const table = this.phraseTable(definition);
      if (this.store.statement('SELECT 1 AS found FROM sqlite_schema WHERE name = ?').get(table)) continue;
      this.writes += 1;
      this.createPhraseTable(definition);
      for (const row of this.rows(`SELECT rid, doc FROM ${this.table} ORDER BY rid`)) {
        this.store.run(`INSERT INTO ${table} (rowid, content) VALUES (?, ?)`, row.rid, phraseTextOf(decode(row.doc), definition.textFields));
      }
      this.store.exec(`DROP TABLE IF EXISTS ${this.textTable(definition).replace('em_t', 'em_s')}`);
      built = true;
    }
    return built;
  }

  /**
   * A document in a text index's two FTS5 tables (its words, and its folded text for phrases);
   * `document` undefined removes it.
   */
  private writeText(definition: IndexDefinition, rid: number, document: Document | undefined, replacing = false): void {
    const texts = document === undefined ? [] : [textOf(document, definition.textFields), phraseTextOf(document, definition.textFields)];
    for (const [position, table] of [this.textTable(definition), this.phraseTable(definition)].entries()) {
      if (replacing) this.store.run(`DELETE FROM ${table} WHERE rowid = ?`, rid);
      if (document !== undefined) this.store.run(`INSERT INTO ${table} (rowid, content) VALUES (?, ?)`, rid, texts[position]!);
    }
  }

  /**
   * The phrase table of a text index: each document's indexed strings folded (phraseTextOf), cut
   * in trigrams with case kept, so a phrase query finds exactly the documents holding a phrase.
   */
  private createPhraseTable(definition: IndexDefinition): void {
    this.store.exec(`CREATE VIRTUAL TABLE ${this.phraseTable(definition)} USING fts5(content, tokenize = 'trigram case_sensitive 1')`);
  }

  private phraseTable(definition: IndexDefinition): string {
    return this.textTable(definition).replace('em_t', 'em_p');
  }

  /** The FTS5 table of a text index: its rowid is the document's rid. */
  private textTable(definition: IndexDefinition): string {
    const index = this.stored.find((candidate) => candidate.definition === definition);
    return `em_t${index!.id}`;
  }

  private indexTable(definition: IndexDefinition): string {
    const index = this.stored.find((candidate) => candidate.definition === definition);
    return `em_i${index!.id}`;
  }

  private ridOf(idKey: Buffer): number {
    const row = this.store.statement(`SELECT rid FROM ${this.table} WHERE id_key = ?`).get(idKey) as { rid: number } | undefined;
    if (!row) throw new MongoCommandError(1, `the document to change is no longer in ${this.namespace}`);
    return row.rid;
  }

  private addEntries(index: StoredIndex, rid: number, entries: IndexEntry[]): void {
    const sql = `INSERT INTO ${this.indexTable(index.definition)} (key, rid) VALUES (?, ?)`;
    for (const entry of entries) {
      try {
        this.store.run(sql, entry.key, rid);
      } catch (error) {
        if (isConstraintFailure(error)) throw index.definition.duplicateKeyError(entry.values);
        throw error;
      }
    }
  }

  private removeEntries(index: StoredIndex, rid: number, entries: IndexEntry[]): void {
    const sql = `DELETE FROM ${this.indexTable(index.definition)} WHERE key = ? AND rid = ?`;
    for (const entry of entries) this.store.run(sql, entry.key, rid);
  }

  private rows(sql: string, ...parameters: Buffer[]): DocumentRow[] {
    return this.store.statement(sql).all(...parameters) as unknown as DocumentRow[];
  }

  private iterate(sql: string, ...parameters: SQLInputValue[]): Iterable<DocumentRow> {
    return this.store.statement(sql).iterate(...parameters) as unknown as Iterable<DocumentRow>;
  }
}

/** Whether any of these index entries is a document in the set (stops at the first). */
function anyWithin(rows: Iterable<{ rid: number }>, within: RidBits): boolean {
  for (const { rid } of rows) if (within.has(rid)) return true;
  return false;
}

/** Whether a rid of a held plan's list is in every one of its sets. */
function inEvery(held: HeldPlan, rid: number): boolean {
  return held.within.every((set) => set.has(rid));
}

/** How many of a held plan's rids are in every one of its sets. */
function countHeld(held: HeldPlan): number {
  let n = 0;
  for (const rid of held.order) if (inEvery(held, rid)) n += 1;
  return n;
}

/** A sort field's value that the index key orders as MongoDB does: a scalar of a comparable type, null or missing. */
/** What of a filter a candidate of a plan is checked against: $text is answered in SQL (scan), words and phrases alike. */
function checkedFilter(filter: Document | undefined, plan: QueryPlan): Document | undefined {
  return plan.text ? withoutText(filter) : filter;
}

/** A filter without its $text condition (answered by the text index and the phrase check). */
function withoutText(filter: Document | undefined): Document | undefined {
  if (!filter) return filter;
  const rest: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$text') continue;
    rest[field] =
      field === '$and' && Array.isArray(condition)
        ? condition.map((member) => (member && typeof member === 'object' ? withoutText(member as Document) : member))
        : condition;
  }
  return rest;
}

function isConstraintFailure(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && (code & 0xff) === SQLITE_CONSTRAINT;
}
