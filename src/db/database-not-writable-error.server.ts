/**
 * The database answers but cannot write (the embedded store's disk is full): reads work, every
 * inquiry is refused. Readiness rejects with it, and /readyz gives its reason.
 */
export class DatabaseNotWritableError extends Error {
  constructor(readonly reason: string) {
    super(`the database cannot write: ${reason}`);
    this.name = 'DatabaseNotWritableError';
  }
}
