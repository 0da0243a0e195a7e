/** A map holding at most its capacity of entries: see createKeptMap. */
export interface KeptMap<K, V> {
  /** The value kept for the key, marking it asked for. */
  get(key: K): V | undefined;
  /** Keeps the value, first making room if the map is full. */
  set(key: K, value: V): void;
  readonly size: number;
}

interface Entry<V> {
  value: V;
  /** Asked for again since it was kept or last passed over. */
  used: boolean;
}

/**
 * A map of at most `capacity` entries. Making room for one more is the second chance (the clock
 * algorithm): the oldest entry not asked for since it was kept or last passed over goes; one asked
 * for since goes to the back, unmarked. A hit only marks its entry: it allocates nothing and moves
 * nothing (moved to the back on every hit, an entry would take a new key each time). When every
 * entry was asked for, making room passes over all of them once (as many map moves as the capacity).
 */
export function createKeptMap<K, V>(capacity: number): KeptMap<K, V> {
  const entries = new Map<K, Entry<V>>();
  const evictOne = () => {
    for (const [key, entry] of entries) {
      entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      entries.set(key, entry);
    }
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entry.used = true;
      return entry.value;
    },
    set(key, value) {
      const entry = entries.get(key);
      if (entry) {
        entry.value = value;
        return;
      }
      if (entries.size >= capacity) evictOne();
      entries.set(key, { value, used: false });
    },
    get size() {
      return entries.size;
    },
  };
}
