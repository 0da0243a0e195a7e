/**
 * Shares reads among callers without ever answering a caller with a read that began before it
 * called: a caller arriving while a read runs waits for the next one, which starts when that read
 * ends and serves everyone who arrived meanwhile. Reads run one at a time, so answers come in the
 * order the reads began. The catalogue version, read for every page request, goes through this:
 * under load one read serves every request that arrived while the previous one ran.
 */
export function sequentialSharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    queued = running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}
