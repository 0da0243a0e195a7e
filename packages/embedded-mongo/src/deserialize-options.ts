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
