/**
 * Walking stored BSON without decoding it: where a value ends, by its type (the decoders that copy
 * only some elements, deserialize-options.ts and raw-projection.ts).
 */

/** Bytes of a value after its type byte and name, by BSON type; strings and sized values are measured where they lie. */
const FIXED_SIZE: Readonly<Record<number, number>> = {
  0x01: 8, // double
  0x06: 0, // undefined
  0x07: 12, // ObjectId
  0x08: 1, // boolean
  0x09: 8, // UTC datetime
  0x0a: 0, // null
  0x10: 4, // int32
  0x11: 8, // timestamp
  0x12: 8, // int64
  0x13: 16, // decimal128
  0x7f: 0, // max key
  0xff: 0, // min key
};

/** Where a value of a BSON type that starts at `at` ends, or -1 when its type or length is not one to trust. */
export function valueEnd(bytes: Uint8Array, type: number, at: number): number {
  const fixed = FIXED_SIZE[type];
  if (fixed !== undefined) return at + fixed;
  if (at + 4 > bytes.length) return -1;
  const size = int32At(bytes, at);
  switch (type) {
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return size >= 1 ? at + 4 + size : -1;
    case 0x03: // embedded document
    case 0x04: // array
      return size >= 5 ? at + size : -1;
    case 0x0f: // code with scope: total size, string, document
      return size >= 14 ? at + size : -1;
    case 0x05: // binary: size, subtype, bytes
      return size >= 0 ? at + 5 + size : -1;
    case 0x0c: // DBPointer: string, ObjectId
      return size >= 1 ? at + 4 + size + 12 : -1;
    case 0x0b: {
      // regular expression: pattern and flags, two C strings
      const pattern = zeroAt(bytes, at);
      const flags = pattern < 0 ? -1 : zeroAt(bytes, pattern + 1);
      return flags < 0 ? -1 : flags + 1;
    }
    default:
      return -1;
  }
}

export function int32At(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** Where the C string's terminating zero from `at` is, or -1. */
export function zeroAt(bytes: Uint8Array, at: number): number {
  for (let end = at; end < bytes.length; end += 1) if (bytes[end] === 0) return end;
  return -1;
}

/** Whether `bytes` holds `name` from `start`. */
export function sameBytesAt(bytes: Uint8Array, start: number, name: Uint8Array): boolean {
  for (let at = 0; at < name.length; at += 1) if (bytes[start + at] !== name[at]) return false;
  return true;
}

/** BSON types whose decoded value sorts as its index key says (index-key.ts, isRangeComparable): double, string, undefined, ObjectId, boolean, date, null, int32. */
const PLAIN_SORT_TYPES: ReadonlySet<number> = new Set([0x01, 0x02, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x10]);
/** Types whose decoded value does not: a document, an array, binary, a regular expression, code, a timestamp, a Long, a Decimal, max and min key. */
const OTHER_SORT_TYPES: ReadonlySet<number> = new Set([0x03, 0x04, 0x05, 0x0b, 0x0d, 0x0f, 0x11, 0x12, 0x13, 0x7f, 0xff]);
/** Types below which a dotted path is missing, so the value sorts as null: a scalar or a value the decoder makes an object of its own (a Date, a Long...). */
const SCALAR_TYPES: ReadonlySet<number> = new Set([0x01, 0x02, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0d, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x7f, 0xff]);

/**
 * Whether the value at a path of a stored document (its names as bytes) sorts as its index key
 * says, read on the bytes: what sqlite-collection's isPlainSortValue answers for the decoded
 * document. A number, a string, a date, a boolean, an ObjectId, null or a missing path do; an
 * array, a document, a Long or a Decimal on the path's end, or an array on its way, do not.
 * Undefined when the bytes cannot tell as surely as the decoded document would: a `$` name (the
 * decoder makes a DBRef of `$ref` and `$id`), a name met twice, a regular expression on the way, a
 * type the decoder may read otherwise (a symbol, a DBPointer), bytes that do not add up.
 */
export function plainSortValueAt(bytes: Uint8Array, path: readonly Uint8Array[]): boolean | undefined {
  let at = 0;
  for (let depth = 0; depth < path.length; depth += 1) {
    const element = elementsNamed(bytes, at, [path[depth]!])?.[0];
    if (element === undefined) return undefined;
    if (element === null) return true;
    if (depth === path.length - 1) return PLAIN_SORT_TYPES.has(element.type) ? true : OTHER_SORT_TYPES.has(element.type) ? false : undefined;
    if (element.type === 0x04) return false;
    if (element.type === 0x03) at = element.value;
    else return SCALAR_TYPES.has(element.type) ? true : undefined;
  }
  return true;
}

/** One element of a stored document: its type, where it starts (the type byte), where its value starts and where it ends. */
export interface Element {
  type: number;
  start: number;
  value: number;
  end: number;
}

/**
 * The elements of the document at `at` with each of `names`, in their places (null for a name it
 * has not), in one pass over it; undefined when unsure: a `$` name (the decoder makes a document
 * with `$ref` and `$id` a DBRef), a name read twice, bytes that do not add up.
 */
export function elementsNamed(bytes: Uint8Array, at: number, names: readonly Uint8Array[]): Array<Element | null> | undefined {
  if (at + 5 > bytes.length) return undefined;
  const last = at + int32At(bytes, at) - 1;
  if (last >= bytes.length || last < at + 4 || bytes[last] !== 0) return undefined;
  const found: Array<Element | null> = names.map(() => null);
  let cursor = at + 4;
  while (cursor < last) {
    const type = bytes[cursor]!;
    const nameEnd = zeroAt(bytes, cursor + 1);
    if (nameEnd < 0 || nameEnd >= last || bytes[cursor + 1] === 0x24) return undefined;
    const end = valueEnd(bytes, type, nameEnd + 1);
    if (end < 0 || end > last) return undefined;
    const length = nameEnd - cursor - 1;
    for (let slot = 0; slot < names.length; slot += 1) {
      const name = names[slot]!;
      if (name.length !== length || !sameBytesAt(bytes, cursor + 1, name)) continue;
      if (found[slot]) return undefined;
      found[slot] = { type, start: cursor, value: nameEnd + 1, end };
      break;
    }
    cursor = end;
  }
  return cursor === last ? found : undefined;
}
