import type { Clock } from '../time/clock';

export interface RecentRead<T> {
  (): Promise<T>;
  /** Forgets the last answer (and any read under way), so the next call reads afresh. */
  forget(): void;
}

/**
 * A value read at most once per `maxAgeMs`: callers within that time share the last answer, and
 * callers arriving while a read runs share that read. A failed read is not kept. The catalog
 * version goes through this: one small read a second at most, however many requests arrive.
 */
export function recentRead<T>(read: () => Promise<T>, { maxAgeMs, clock }: { maxAgeMs: number; clock: Clock }): RecentRead<T> {
  const now = () => clock().getTime();
  let last: { value: Promise<T>; startedAt: number } | undefined;
  const current = (() => {
    if (last && now() - last.startedAt < maxAgeMs) return last.value;
    const entry = { value: read(), startedAt: now() };
    last = entry;
    entry.value.catch(() => {
      if (last === entry) last = undefined;
    });
    return entry.value;
  }) as RecentRead<T>;
  current.forget = () => {
    last = undefined;
  };
  return current;
}
