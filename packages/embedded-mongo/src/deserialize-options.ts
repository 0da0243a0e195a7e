import { deserialize } from 'bson';
import type { Document } from 'bson';

/**
 * How the server decodes BSON, from the wire and from its data files. Longs stay Long so
 * they round-trip; int32 and double become numbers so mingo can compare them.
 */
export const deserializeOptions = {
  promoteLongs: false,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
  useBigInt64: false,
} as const;

/** A stored document as the server works with it. */
export function decodeDocument(bytes: Uint8Array): Document {
  return deserialize(bytes, deserializeOptions);
}

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

const DOLLAR = 0x24;

/**
 * A decoder of stored documents that keeps only the top-level fields named, made once for a
 * command: each document comes out as decodeDocument would give it with the other fields left out
 * (stored order, the same types), because only the wanted elements are copied into one smaller
 * BSON document and decoded. A vehicle's card reads about half of its bytes; the rest (its
 * specifications, features, facets) were most of the decoding of an inventory page. A document
 * that cannot be walked with certainty (an unknown type, lengths that do not add up) or whose top
 * level has a `$` name (the decoder makes `$ref` and `$id` a DBRef) is decoded whole.
 */
export function decodeOnly(fields: ReadonlySet<string>): (bytes: Uint8Array) => Document {
  const encoder = new TextEncoder();
  const names = [...fields].map((name) => encoder.encode(name));
  return (bytes) => {
    const kept = keptElements(bytes, names);
    if (!kept) return decodeDocument(bytes);
    let size = 5;
    for (let at = 0; at < kept.length; at += 2) size += kept[at + 1]! - kept[at]!;
    // From Node's pool: a small Uint8Array of its own costs as much as the decoding it saves.
    const smaller = Buffer.allocUnsafe(size);
    const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    smaller.writeInt32LE(size, 0);
    let to = 4;
    for (let at = 0; at < kept.length; at += 2) to += source.copy(smaller, to, kept[at]!, kept[at + 1]!);
    smaller[to] = 0;
    return deserialize(smaller, deserializeOptions);
  };
}

/**
 * The start and end of each run of top-level elements whose names are wanted; undefined when the
 * whole document should be decoded instead (every element wanted, or one that cannot be walked).
 */
function keptElements(bytes: Uint8Array, names: readonly Uint8Array[]): number[] | undefined {
  const last = bytes.length - 1;
  if (last < 4 || int32At(bytes, 0) !== bytes.length || bytes[last] !== 0) return undefined;
  const kept: number[] = [];
  let skipped = false;
  let at = 4;
  while (at < last) {
    const nameEnd = zeroAt(bytes, at + 1);
    if (nameEnd < 0 || bytes[at + 1] === DOLLAR) return undefined;
    const end = valueEnd(bytes, bytes[at]!, nameEnd + 1);
    if (end < 0 || end > last) return undefined;
    if (!isWanted(bytes, at + 1, nameEnd, names)) skipped = true;
    // Elements next to each other are copied as one run.
    else if (kept.length > 0 && kept[kept.length - 1] === at) kept[kept.length - 1] = end;
    else kept.push(at, end);
    at = end;
  }
  return skipped ? kept : undefined;
}

/** Whether the name from `start` to `end` is one of the wanted names, compared as UTF-8 bytes. */
function isWanted(bytes: Uint8Array, start: number, end: number, names: readonly Uint8Array[]): boolean {
  const length = end - start;
  for (const name of names) {
    if (name.length !== length) continue;
    let at = 0;
    while (at < length && name[at] === bytes[start + at]) at += 1;
    if (at === length) return true;
  }
  return false;
}

/** Where a value of a BSON type that starts at `at` ends, or -1 when its type or length is not one to trust. */
function valueEnd(bytes: Uint8Array, type: number, at: number): number {
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

function int32At(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** Where the C string's terminating zero from `at` is, or -1. */
function zeroAt(bytes: Uint8Array, at: number): number {
  for (let end = at; end < bytes.length; end += 1) if (bytes[end] === 0) return end;
  return -1;
}
