import type { Document } from 'bson';
import { plainSortValueAt } from './bson-walk';
import { isRangeComparable } from './index-key';

/**
 * Whether a row read in an index's order sorts as that order says, for every field of the sort:
 * true, false (the page is sorted in memory), or undefined (unsure: the read is done the decoded
 * way). Checked on the row's stored bytes or on its decoded document.
 */
export type SortCheck = (row: { doc: Uint8Array }, document?: Document) => boolean | undefined;

/** isPlainSortValue for every field of a sort, on the row's decoded document (which must read them). */
export function sortCheckOnDocument(sort: Document | undefined): SortCheck {
  const fields = Object.keys(sort ?? {});
  return (_row, document) => fields.every((field) => isPlainSortValue(document!, field));
}

/**
 * isPlainSortValue for every field of a sort, checked on a row's bytes (bson-walk.ts,
 * plainSortValueAt); undefined for a sort whose paths the bytes cannot answer for: a name that the
 * decoded document would find on Object.prototype (`constructor`) rather than in the document.
 */
export function sortCheckOnBytes(sort: Document): SortCheck | undefined {
  const encoder = new TextEncoder();
  const paths = Object.keys(sort).map((field) => field.split('.'));
  if (paths.some((path) => path.some((part) => part in Object.prototype))) return undefined;
  const encoded = paths.map((path) => path.map((part) => encoder.encode(part)));
  return (row) => {
    for (const path of encoded) {
      const plain = plainSortValueAt(row.doc, path);
      if (plain !== true) return plain;
    }
    return true;
  };
}

/**
 * Whether a document's value at a path sorts as its index key says, so that an index's order is
 * the sort's: arrays, embedded documents, Longs and Decimals sort in ways key bytes do not show. A
 * missing path, or one below a scalar, sorts as null.
 */
export function isPlainSortValue(document: Document, path: string): boolean {
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (value === null || value === undefined) return true;
    if (Array.isArray(value)) return false;
    // Below a scalar the path is missing, which sorts as null.
    if (typeof value !== 'object' || (value as { _bsontype?: unknown })._bsontype !== undefined || value instanceof Date) return true;
    value = (value as Document)[part];
  }
  if (value === null || value === undefined) return true;
  return !Array.isArray(value) && isRangeComparable(value);
}
