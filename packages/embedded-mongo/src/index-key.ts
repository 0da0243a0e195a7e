import { EJSON } from 'bson';
import type { Document, ObjectId } from 'bson';

/**
 * Index keys as bytes whose plain byte order (SQLite compares BLOBs with memcmp) is MongoDB's
 * order of the values: first the type bracket (MongoDB compares values of different types by
 * type: null < numbers < strings < objects < arrays < binary < ObjectId < booleans < dates <
 * timestamps < regexes), then the value. Every field's encoding ends where it can be told to end,
 * so a compound key's bytes sort like the tuple of its fields, and a range over a prefix of
 * fields is a range of bytes.
 *
 * Numbers of every BSON type share a bracket and are compared as doubles (MongoDB compares them
 * by value too); Long and Decimal128 values beyond a double's precision may share a key with
 * their neighbours, which only ever widens a candidate set: the query is always re-checked.
 */

const TYPE = {
  minKey: 0x01,
  null: 0x05,
  number: 0x10,
  string: 0x14,
  object: 0x18,
  array: 0x1c,
  binary: 0x20,
  objectId: 0x24,
  boolean: 0x28,
  date: 0x2c,
  timestamp: 0x30,
  regex: 0x34,
  maxKey: 0x7f,
} as const;

/** Greater than any byte a field's encoding can start with: closes ranges over a key prefix. */
export const AFTER_PREFIX = 0xff;

/** Encodes one value (null or missing: the null bracket). */
export function encodeKeyPart(value: unknown): Buffer {
  if (value === undefined || value === null) return Buffer.from([TYPE.null]);
  switch (typeof value) {
    case 'number':
      return numberPart(value);
    case 'bigint':
      return numberPart(Number(value));
    case 'string':
      return stringPart(TYPE.string, value);
    case 'boolean':
      return Buffer.from([TYPE.boolean, value ? 1 : 0]);
    default:
      break;
  }
  if (value instanceof Date) return Buffer.concat([Buffer.from([TYPE.date]), sortableDouble(value.getTime())]);
  if (value instanceof RegExp) return stringPart(TYPE.regex, String(value));
  if (Array.isArray(value)) return stringPart(TYPE.array, EJSON.stringify(value as Document[], { relaxed: false }));
  const bsonType = (value as { _bsontype?: string })._bsontype;
  switch (bsonType) {
    case 'ObjectId':
      return Buffer.concat([Buffer.from([TYPE.objectId]), Buffer.from((value as ObjectId).id)]);
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return numberPart(Number(String(value)));
    case 'Timestamp':
      return stringPart(TYPE.timestamp, String(value).padStart(20, '0'));
    case 'MinKey':
      return Buffer.from([TYPE.minKey]);
    case 'MaxKey':
      return Buffer.from([TYPE.maxKey]);
    case 'Binary':
    case 'UUID':
      return stringPart(TYPE.binary, EJSON.stringify({ v: value as Document }, { relaxed: false }));
    default:
      return stringPart(TYPE.object, EJSON.stringify(value as Document, { relaxed: false }));
  }
}

/** The key of a compound index entry: its fields' encodings one after another. */
export function encodeKey(values: readonly unknown[]): Buffer {
  return Buffer.concat(values.map(encodeKeyPart));
}

/** True for values whose encoding sorts like MongoDB sorts them, so a range over them is exact. */
export function isRangeComparable(value: unknown): boolean {
  return (
    typeof value === 'number' ||
    typeof value === 'string' ||
    value instanceof Date ||
    typeof value === 'boolean' ||
    (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId'
  );
}

/**
 * The first field of an index key read back, where its bytes tell the value exactly: a string, or
 * the null bracket (null, a missing field and an empty array share it). `length` is how many bytes
 * it takes, so that every key with the same first field lies in [key[0, length), that + AFTER_PREFIX).
 * Undefined for any other type: a number's key does not keep its BSON type, and the rest are
 * written as text that would have to be parsed back.
 */
export function leadingKeyPart(key: Uint8Array): { kind: 'string'; value: string; length: number } | { kind: 'null'; length: number } | undefined {
  if (key[0] === TYPE.null) return { kind: 'null', length: 1 };
  if (key[0] !== TYPE.string) return undefined;
  const pieces: Uint8Array[] = [];
  let start = 1;
  for (let i = 1; i + 1 < key.length; i += 1) {
    if (key[i] !== 0) continue;
    if (key[i + 1] === 0x01) {
      pieces.push(key.subarray(start, i));
      return { kind: 'string', value: Buffer.concat(pieces).toString('utf8'), length: i + 2 };
    }
    // 0x00 0xFF: a zero byte of the string itself.
    pieces.push(key.subarray(start, i + 1));
    start = i + 2;
    i += 1;
  }
  return undefined;
}

function numberPart(value: number): Buffer {
  // NaN sorts below every other number in MongoDB; a sub-byte keeps it there.
  if (Number.isNaN(value)) return Buffer.from([TYPE.number, 0]);
  return Buffer.concat([Buffer.from([TYPE.number, 1]), sortableDouble(value === 0 ? 0 : value)]);
}

/** IEEE 754 bits with the sign flipped (and all bits for negatives): memcmp order is numeric order. */
function sortableDouble(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  if (bytes[0]! & 0x80) {
    for (let i = 0; i < 8; i += 1) bytes[i] = ~bytes[i]! & 0xff;
  } else {
    bytes[0] = bytes[0]! | 0x80;
  }
  return bytes;
}

/**
 * UTF-8 (MongoDB compares strings byte-wise without a collation), with 0x00 escaped as 0x00 0xFF
 * and 0x00 0x01 as the terminator, so a string sorts before every longer string it begins.
 */
function stringPart(type: number, text: string): Buffer {
  const utf8 = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [Buffer.from([type])];
  let start = 0;
  for (let i = 0; i < utf8.length; i += 1) {
    if (utf8[i] !== 0) continue;
    parts.push(utf8.subarray(start, i + 1), Buffer.from([0xff]));
    start = i + 1;
  }
  parts.push(utf8.subarray(start), Buffer.from([0x00, 0x01]));
  return Buffer.concat(parts);
}
