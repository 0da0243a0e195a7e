import { deserialize } from 'bson';
import type { Document } from 'bson';
import { int32At, valueEnd, zeroAt } from './bson-walk';

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
