import type { Document } from 'bson';

/**
 * The values a dotted path reaches in a document, descending into arrays the way a
 * multikey index or `distinct` does. A missing field yields no values.
 */
export function pathValues(document: Document, path: string): unknown[] {
  const found: unknown[] = [];
  collect(document, path.split('.'), 0, found);
  return found;
}

function collect(value: unknown, parts: string[], depth: number, found: unknown[]): void {
  if (depth === parts.length) {
    if (Array.isArray(value)) found.push(...value);
    else found.push(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const part = parts[depth]!;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part) && Number(part) < value.length) {
      collect(value[Number(part)], parts, depth + 1, found);
      return;
    }
    for (const element of value) {
      if (element !== null && typeof element === 'object' && !Array.isArray(element)) {
        collect(element, parts, depth, found);
      }
    }
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(value, part)) return;
  collect((value as Record<string, unknown>)[part], parts, depth + 1, found);
}
