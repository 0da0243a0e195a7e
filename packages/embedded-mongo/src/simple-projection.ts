import type { Document } from 'bson';

/**
 * A `$project` stage of the plain kind the site's pages send (fields kept by name, `_id` dropped,
 * the first elements of an array by `$slice` or `$arrayElemAt`), compiled once into a function
 * that builds each projected document directly. mingo's general `$project` costs about 35 µs a
 * document in the store's thread (0.9 ms of a 24-card inventory page), most of it resolving the
 * spec again for every document.
 *
 * The function answers `undefined` for a document it cannot be sure about (an array on the way
 * to a kept field, a value that is not an array where an array is read, an `undefined`): the
 * caller projects that one with mingo, so every answer is mingo's answer
 * (simple-projection.test.ts compares the two over the shapes that reach each branch).
 */
export type SimpleProjection = (document: Document) => Document | undefined;

export type Step =
  | { kind: 'keep'; name: string; path: readonly string[] }
  | { kind: 'slice'; name: string; path: readonly string[]; count: number }
  | { kind: 'element'; name: string; path: readonly string[]; index: number };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names an object already answers to (Object.prototype's): mingo guards them, so they stay its. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
const isFieldName = (name: string) => NAME.test(name) && !INHERITED.has(name);

function fieldPath(dotted: string): string[] | undefined {
  const path = dotted.split('.');
  return path.every(isFieldName) ? path : undefined;
}

const isPlainObject = (value: unknown): value is Document => value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** `['$a.b', n]` with an integer n: the path and n, else undefined. */
function pathAndInteger(operand: unknown): [string[], number] | undefined {
  if (!Array.isArray(operand) || operand.length !== 2) return undefined;
  const [reference, n] = operand as [unknown, unknown];
  if (typeof reference !== 'string' || !reference.startsWith('$') || reference.startsWith('$$')) return undefined;
  if (typeof n !== 'number' || !Number.isInteger(n)) return undefined;
  const path = fieldPath(reference.slice(1));
  return path ? [path, n] : undefined;
}

/** A projection of the plain kind: whether `_id` is kept, then each output field in the spec's order. */
export interface PlainProjection {
  keepId: boolean;
  steps: readonly Step[];
}

/** The spec's steps, or undefined when it is not of the plain kind. */
export function plainProjection(spec: unknown): PlainProjection | undefined {
  if (!isPlainObject(spec)) return undefined;
  let keepId = true;
  const steps: Step[] = [];
  for (const [name, value] of Object.entries(spec)) {
    if (name === '_id') {
      if (value === 0 || value === false) keepId = false;
      else if (value !== 1 && value !== true) return undefined;
      continue;
    }
    if (value === 1 || value === true) {
      const path = fieldPath(name);
      if (!path) return undefined;
      steps.push({ kind: 'keep', name, path });
      continue;
    }
    if (!isFieldName(name) || !isPlainObject(value) || Object.keys(value).length !== 1) return undefined;
    const operator = Object.keys(value)[0]!;
    const operand = pathAndInteger(value[operator]);
    if (!operand) return undefined;
    if (operator === '$slice') steps.push({ kind: 'slice', name, path: operand[0], count: operand[1] });
    else if (operator === '$arrayElemAt') steps.push({ kind: 'element', name, path: operand[0], index: operand[1] });
    else return undefined;
  }
  // An output path inside another ('a' and 'a.b') is a collision mongod refuses: mingo says so.
  const kept = steps.map((step) => (step.kind === 'keep' ? step.path.join('.') : step.name));
  if (kept.some((path, index) => kept.some((other, at) => at !== index && (other === path || other.startsWith(`${path}.`))))) return undefined;
  if (steps.length === 0) return undefined;
  return { keepId, steps };
}

/** The compiled stage, or undefined when the spec is not of the plain kind (mingo then projects every document). */
export function compileSimpleProjection(spec: unknown): SimpleProjection | undefined {
  const plain = plainProjection(spec);
  if (!plain) return undefined;
  const { keepId, steps } = plain;
  return (document) => {
    const projected: Document = {};
    if (keepId && '_id' in document) {
      if (document._id === undefined) return undefined;
      projected._id = document._id;
    }
    for (const step of steps) {
      if (step.kind === 'keep') {
        if (!keep(document, projected, step.path, 0)) return undefined;
        continue;
      }
      const array = valueAt(document, step.path);
      if (array === UNSURE) return undefined;
      // $arrayElemAt of nothing (a field missing or null, or a scalar on the way) is null, as in mongod.
      if (step.kind === 'element' && (array === undefined || array === null)) {
        projected[step.name] = null;
        continue;
      }
      // Anything else that is not an array mingo refuses ($slice of a missing field too): left to it.
      if (!Array.isArray(array)) return undefined;
      if (step.kind === 'slice') {
        projected[step.name] = step.count >= 0 ? array.slice(0, step.count) : array.slice(step.count);
      } else {
        const at = step.index >= 0 ? step.index : array.length + step.index;
        if (at >= 0 && at < array.length) projected[step.name] = array[at];
      }
    }
    return projected;
  };
}

/** Copies the field at `path` from `source` into `target`, embedded documents on the way kept as (partial) documents; false when unsure. */
function keep(source: Document, target: Document, path: readonly string[], depth: number): boolean {
  const name = path[depth]!;
  if (!Object.hasOwn(source, name)) return true;
  const value = source[name] as unknown;
  if (value === undefined) return false;
  // The kept field itself is copied whatever it holds; an array on the way is left to mingo.
  if (depth === path.length - 1) {
    target[name] = value;
    return true;
  }
  if (Array.isArray(value)) return false;
  // A scalar where a document was expected: mongod keeps nothing of it.
  if (!isPlainObject(value)) return value === null || typeof value !== 'object';
  const inner = (target[name] ??= {}) as Document;
  return keep(value, inner, path, depth + 1);
}

const UNSURE = Symbol('unsure');

/**
 * The value at a dotted path through embedded documents: `undefined` when a field on the way is
 * missing, null or a scalar; UNSURE when an array or a special value (a date, an id) lies on the way.
 */
function valueAt(document: Document, path: readonly string[]): unknown {
  let value: unknown = document;
  for (const name of path) {
    if (value === undefined || value === null || typeof value !== 'object') return undefined;
    if (!isPlainObject(value)) return UNSURE;
    value = Object.hasOwn(value, name) ? value[name] : undefined;
  }
  return value;
}
