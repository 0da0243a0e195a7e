import type { Document } from 'bson';

/**
 * Which top-level fields of a stored document a read looks at, so that only those are decoded
 * (deserialize-options.ts, decodeOnly). Each function answers undefined when it cannot be sure:
 * the reader then decodes the whole document. A field counts by the first segment of its path
 * ('unit.photos' reads 'unit').
 */

const isPlainObject = (value: unknown): value is Document => value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** The first segment of a dotted field path; undefined for a path that names no plain field ('$…', 'a.$', 'a..b'). */
function topLevelField(path: string): string | undefined {
  const segments = path.split('.');
  return segments.every((segment) => segment !== '' && !segment.includes('$')) ? segments[0] : undefined;
}

/**
 * Operators of a field's condition that read only that field's value. Others can read the whole
 * document (mingo evaluates `{ a: { $expr } }` on the document, not on `a`), or are not the
 * store's to judge ($text, geo): they are left to a whole document.
 */
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$size',
  '$all',
  // Its query runs on each element of the field's array.
  '$elemMatch',
  '$mod',
  '$regex',
  '$options',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
]);

/** The fields a filter's conditions read, or undefined ($expr, $where, $jsonSchema, $text, an operator not known to read one field). */
export function filterFields(filter: Document | undefined): Set<string> | undefined {
  const fields = new Set<string>();
  return filter === undefined || addFilterFields(filter, fields) ? fields : undefined;
}

function addFilterFields(filter: unknown, fields: Set<string>): boolean {
  if (!isPlainObject(filter)) return false;
  for (const [name, condition] of Object.entries(filter)) {
    if (name === '$and' || name === '$or' || name === '$nor') {
      if (!Array.isArray(condition) || !condition.every((member) => addFilterFields(member, fields))) return false;
      continue;
    }
    const field = topLevelField(name);
    if (field === undefined || !readsOnlyItsField(condition)) return false;
    fields.add(field);
  }
  return true;
}

/** Whether a field's condition (a value to equal, or operators) reads nothing but the field. */
function readsOnlyItsField(condition: unknown): boolean {
  if (!isPlainObject(condition)) return true;
  const operators = Object.keys(condition);
  // A document to equal, not operators.
  if (!operators.some((operator) => operator.startsWith('$'))) return true;
  return operators.every((operator) => FIELD_OPERATORS.has(operator) || (operator === '$not' && readsOnlyItsField(condition.$not)));
}

/** The fields a sort orders by, or undefined for one that is not a plain ascending or descending field ($natural, $meta). */
export function sortedFields(sort: Document | undefined): Set<string> | undefined {
  const fields = new Set<string>();
  for (const [name, direction] of Object.entries(sort ?? {})) {
    const field = topLevelField(name);
    if (field === undefined || (direction !== 1 && direction !== -1)) return undefined;
    fields.add(field);
  }
  return fields;
}

/**
 * The fields a projection that keeps fields by name reads, `_id` unless it is dropped, or undefined
 * for any other projection (one that leaves fields out, computes values, or keeps none by name).
 * `$project`, an aggregation's, may also take elements of a field by `$slice` or `$arrayElemAt`
 * (the inventory's cards: `images: { $slice: ['$images', 1] }`); a find's projection keeps fields only.
 */
export function projectionFields(projection: unknown, stage: '$project' | 'find'): Set<string> | undefined {
  if (!isPlainObject(projection)) return undefined;
  const fields = new Set<string>(['_id']);
  let keeps = false;
  for (const [name, value] of Object.entries(projection)) {
    if (name === '_id') {
      if (value === 0 || value === false) fields.delete('_id');
      else if (value !== 1 && value !== true) return undefined;
      continue;
    }
    const field = topLevelField(name);
    if (field === undefined) return undefined;
    const read = value === 1 || value === true ? field : stage === '$project' ? elementsOf(value) : undefined;
    if (read === undefined) return undefined;
    fields.add(read);
    keeps = true;
  }
  return keeps ? fields : undefined;
}

/** `{ $slice: ['$path', n] }` or `{ $arrayElemAt: ['$path', n] }` with an integer n: the path's first segment. */
function elementsOf(value: unknown): string | undefined {
  if (!isPlainObject(value) || Object.keys(value).length !== 1) return undefined;
  const operand = (value.$slice ?? value.$arrayElemAt) as unknown;
  if (!Array.isArray(operand) || operand.length !== 2) return undefined;
  const [reference, n] = operand as [unknown, unknown];
  if (typeof reference !== 'string' || !reference.startsWith('$') || typeof n !== 'number' || !Number.isInteger(n)) return undefined;
  return topLevelField(reference.slice(1));
}
