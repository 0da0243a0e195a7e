import { Query } from 'mingo';
import type { Document } from 'bson';
import type { CollationSpec } from 'mingo/types';

/** Server-side JavaScript ($where, $function) is off, as on a hardened mongod. */
export const mingoOptions = { scriptEnabled: false } as const;

export interface QueryShape {
  filter?: Document;
  sort?: Document;
  skip?: number;
  /** 0 means no limit, as in MongoDB. */
  limit?: number;
  projection?: Document;
  /** Applied to sorting only; mingo compares strings for equality binary-wise. */
  collation?: Document;
}

export function compileFilter(filter: Document | undefined): (document: Document) => boolean {
  if (!filter || Object.keys(filter).length === 0) return () => true;
  const query = new Query(filter, mingoOptions);
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
  const cursor = new Query(shape.filter ?? {}, mingoOptions).find<Document>(source, shape.projection ?? {});
  if (sort) cursor.sort(sort);
  if (sort && shape.collation?.locale) cursor.collation(shape.collation as CollationSpec);
  if (shape.skip) cursor.skip(shape.skip);
  if (shape.limit) cursor.limit(shape.limit);
  return cursor.all();
}

export function projectDocument(document: Document, projection: Document | undefined): Document {
  if (!projection || Object.keys(projection).length === 0) return document;
  return new Query({}, mingoOptions).find<Document>([document], projection).all()[0] ?? {};
}
