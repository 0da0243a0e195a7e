/**
 * Runs one task per key at a time: a caller asking for a key whose task is under way gets that
 * task's result (or failure) instead of starting another. Concurrent misses for one page render it
 * once.
 */
export function singleFlight<T>(): (key: string, task: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, task) => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = task().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
