import type { Clock } from '../time/clock';
import type { PrecompressedResponse } from './send-precompressed.server';

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** How long an entry may serve; unset: until the generation changes (every catalog write changes it). */
  maxAgeMs?: number;
  /** The site's clock: how old an entry is. */
  clock: Clock;
  /**
   * How long the entries of the generation before the current one stay at hand (`previous`) after
   * that generation was last used (a lookup while it was current); unset: they are dropped at once.
   */
  keepPreviousForMs?: number;
}

export interface ResponseCache {
  /** The response kept for `key`, if it was kept in this generation and is not too old. */
  get(generation: string, key: string): PrecompressedResponse | undefined;
  /** Keeps a response made in `generation`, unless the cache has moved on to another since. */
  set(generation: string, key: string, response: PrecompressedResponse): void;
  /**
   * Puts `replacement` (the same page compressed again) where `kept` is, in its place among the
   * least recently used and with its age, if `kept` is still the response kept for `key` in the
   * current generation, `generation`; otherwise does nothing. Says whether it did.
   */
  replace(generation: string, key: string, kept: PrecompressedResponse, replacement: PrecompressedResponse): boolean;
  /**
   * The response kept for `key` in the generation before the current one, `generation`, if that one
   * was last used at most `keepPreviousForMs` ago: what was true a moment ago, for a caller that
   * sends it while the response is made again. On a quiet site whose last lookup was long before the
   * change, there is none.
   */
  previous(generation: string, key: string): { generation: string; response: PrecompressedResponse } | undefined;
  /** How many responses are kept. */
  readonly size: number;
}

interface Entry {
  response: PrecompressedResponse;
  storedAt: number;
}

/**
 * Compressed responses kept by key for one generation (the catalog version, for pages also the
 * year), least recently used first out, bounded in count and bytes. A lookup in a new generation
 * empties it; a response made in an older one is not kept. With `keepPreviousForMs`, the entries of
 * the generation before stay readable (`previous`) for that long after it was last used, not
 * counted against the bounds: at most one generation's worth more, for a few seconds.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const now = () => options.clock().getTime();
  const keepPreviousForMs = options.keepPreviousForMs ?? 0;
  let entries = new Map<string, Entry>();
  let current: string | undefined;
  let bytes = 0;
  let before: { generation: string; entries: Map<string, Entry>; lastUsed: number } | undefined;
  // When the current generation was last looked up: how long ago it was still the current one.
  let lastUsed = now();
  // What is left of a generation's time after its last use, negative when nothing is: once
  // keepPreviousForMs has passed, or when it was used "later" than now (the clock was set back:
  // what it holds is no page of a moment ago).
  const timeLeftSince = (used: number) => {
    const since = now() - used;
    return since >= 0 ? keepPreviousForMs - since : -1;
  };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.response.body.size;
    entries.delete(key);
  };
  const enter = (generation: string) => {
    if (generation === current) return;
    // Kept for what is left of its time since it was last used; a generation unused for longer is
    // not kept at all (a quiet site's page from hours ago is no page of a moment ago).
    const left = timeLeftSince(lastUsed);
    before = current !== undefined && left > 0 ? { generation: current, entries, lastUsed } : undefined;
    current = generation;
    entries = new Map();
    bytes = 0;
    // Let go of it when its time is up, though no request comes to ask (an idle site would hold it).
    const kept = before;
    if (kept) {
      setTimeout(() => {
        if (before === kept) before = undefined;
      }, left).unref();
    }
  };

  return {
    get(generation, key) {
      enter(generation);
      lastUsed = now();
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (lastUsed - entry.storedAt > maxAgeMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.response;
    },

    set(generation, key, response) {
      if (current === undefined) current = generation;
      if (generation !== current || response.body.size > options.maxBytes) return;
      remove(key);
      entries.set(key, { response, storedAt: now() });
      bytes += response.body.size;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },

    replace(generation, key, kept, replacement) {
      const entry = entries.get(key);
      if (generation !== current || entry?.response !== kept) return false;
      bytes += replacement.body.size - kept.body.size;
      entry.response = replacement;
      return true;
    },

    previous(generation, key) {
      enter(generation);
      if (before && timeLeftSince(before.lastUsed) < 0) before = undefined;
      const entry = before?.entries.get(key);
      return entry && before ? { generation: before.generation, response: entry.response } : undefined;
    },

    get size() {
      return entries.size;
    },
  };
}
