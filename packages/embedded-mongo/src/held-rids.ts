/**
 * A set of a collection's rids as a bitset, one bit per rid up to the largest: whether a rid is
 * in it costs one array read, and a set of 23,000 rids is about 3 KB.
 */
export class RidBits {
  private readonly bits: Uint32Array;

  constructor(rids: ArrayLike<number>) {
    let largest = 0;
    for (let position = 0; position < rids.length; position += 1) largest = Math.max(largest, rids[position]!);
    this.bits = new Uint32Array((largest >>> 5) + 1);
    for (let position = 0; position < rids.length; position += 1) {
      const rid = rids[position]!;
      this.bits[rid >>> 5]! |= 1 << (rid & 31);
    }
  }

  has(rid: number): boolean {
    const word = rid >>> 5;
    return word < this.bits.length && ((this.bits[word]! >>> (rid & 31)) & 1) === 1;
  }
}

/** SQLite's group_concat of integers (null for none) as numbers. */
export function ridsOf(concatenated: string | null): Int32Array {
  if (concatenated === null || concatenated === '') return new Int32Array(0);
  const parts = concatenated.split(',');
  const rids = new Int32Array(parts.length);
  for (let position = 0; position < parts.length; position += 1) rids[position] = Number(parts[position]);
  return rids;
}

/** The rids in the order given, each once: where it first comes (a multikey index lists a document once per value). */
export function firstOfEach(rids: Int32Array): Int32Array {
  const seen = new Set<number>();
  const kept: number[] = [];
  for (const rid of rids) {
    if (seen.has(rid)) continue;
    seen.add(rid);
    kept.push(rid);
  }
  return kept.length === rids.length ? rids : Int32Array.from(kept);
}

/**
 * What a collection holds in memory for one state of its data: each value is built from SQL once
 * and used until the state changes (`version`), then all are forgotten. At most `limit` values are
 * kept; past it, the one used least recently goes.
 */
export class HeldForVersion<T> {
  private version: string | undefined;
  private readonly values = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(version: string, key: string, build: () => T): T {
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    if (this.values.has(key)) {
      const value = this.values.get(key) as T;
      // Last used last, so the first in the map is the one to let go.
      this.values.delete(key);
      this.values.set(key, value);
      return value;
    }
    const value = build();
    this.values.set(key, value);
    if (this.values.size > this.limit) this.values.delete(this.values.keys().next().value as string);
    return value;
  }
}
