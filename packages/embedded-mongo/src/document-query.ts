import type { Document } from 'bson';
import { Context } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { CollationSpec } from 'mingo/types';
import { inBySetLookup } from './in-by-set-lookup';

/** Server-side JavaScript ($where, $function) is off, as on a hardened mongod. */
export const mingoOptions = { scriptEnabled: false } as const;

/**
 * mingo's operators with the store's `$in` (a set lookup, see in-by-set-lookup.ts). mingo's own
 * entry point merges a given context under its operators, so its `$in` would win: filters are
 * compiled by mingo's plain Query with this whole context instead.
 */
const storeContext = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: { ...queryOperators, $in: inBySetLookup },
  window: windowOperators,
});

const queryOptions = { ...mingoOptions, context: storeContext };

export interface QueryShape {
  filter?: Document;
  sort?: Document;
  skip?: number;
  /** 0 means no limit, as in MongoDB. */
  limit?: number;
  projection?: Document;
  /**
   * The top-level fields the caller reads of each document returned (fields-read.ts): the store
   * decodes only these and those the filter and sort need. Omitted, documents are decoded whole.
   */
  fieldsRead?: ReadonlySet<string>;
  /** Applied to sorting only; mingo compares strings for equality binary-wise. */
  collation?: Document;
}

export function compileFilter(filter: Document | undefined): (document: Document) => boolean {
  if (!filter || Object.keys(filter).length === 0) return () => true;
  const query = new Query(filter, queryOptions);
  return (document) => query.test(document);
}

/** Runs filter, sort, skip, limit and projection over documents in natural order. */
export function queryDocuments(documents: Document[], shape: QueryShape): Document[] {
  let source = documents;
  let sort = shape.sort && Object.keys(shape.sort).length > 0 ? shape.sort : undefined;
  if (sort && '$natural' in sort) {
    if (Number(sort.$natural) < 0) source = [...documents].reverse();
    sort = undefined;
  }
  const cursor = new Query(shape.filter ?? {}, queryOptions).find<Document>(source, shape.projection ?? {});
  if (sort) cursor.sort(sort);
  if (sort && shape.collation?.locale) cursor.collation(shape.collation as CollationSpec);
  if (shape.skip) cursor.skip(shape.skip);
  if (shape.limit) cursor.limit(shape.limit);
  return cursor.all();
}

export function projectDocument(document: Document, projection: Document | undefined): Document {
  if (!projection || Object.keys(projection).length === 0) return document;
  return new Query({}, queryOptions).find<Document>([document], projection).all()[0] ?? {};
}
