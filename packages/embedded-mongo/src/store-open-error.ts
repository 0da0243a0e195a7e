/** The store refuses to open: a damaged or lost file, a full disk, a folder it cannot make private. The message says what to do. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}
