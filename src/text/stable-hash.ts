/** FNV-1a: the same key always gives the same unsigned 32-bit number, on the server and in the browser. */
export function stableHash(key: string): number {
  let hash = 2166136261;
  for (const character of key) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
