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
