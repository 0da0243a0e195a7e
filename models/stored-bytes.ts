import { mongo } from 'mongoose';

/**
 * Bytes as a lean read returns them: a BSON Binary from the driver, or a Buffer written by this
 * process. Repositories hand callers plain Buffers, whatever the store gave back.
 */
export function storedBytes(value: mongo.Binary | Uint8Array): Buffer {
  if (value instanceof mongo.Binary) return Buffer.from(value.buffer.subarray(0, value.position));
  return Buffer.from(value);
}
