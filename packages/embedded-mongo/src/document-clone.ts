import type { Document } from 'bson';

/**
 * Copies the plain objects and arrays of a stored document so an update can change the copy
 * while readers keep seeing the stored version. BSON values (ObjectId, Long, Binary...) are
 * immutable and shared; structuredClone would strip their classes.
 */
export function cloneDocument<T extends Document>(document: T): T {
  return cloneValue(document) as T;
}

function cloneValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneValue);
  if (value instanceof Date) return new Date(value.getTime());
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) copy[field] = cloneValue(fieldValue);
  return copy;
}
