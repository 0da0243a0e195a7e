/** Runs one task per key at a time; `running(key)` says whether one is under way. */
export interface SingleFlight<T> {
  (key: string, task: () => Promise<T>): Promise<T>;
  running(key: string): boolean;
}

/**
 * Runs one task per key at a time: a caller asking for a key whose task is under way gets that
 * task's result (or failure) instead of starting another. Concurrent misses for one page render it
 * once.
 */
export function singleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  const once = (key: string, task: () => Promise<T>) => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = task().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
  return Object.assign(once, { running: (key: string) => running.has(key) });
}
