import {
  MongoClientClosedError,
  MongoServerError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

// Errors that mean "the database cannot be reached right now", not "this request is wrong".
// MongoNetworkError covers timeouts and cleared connection pools, which extend it.
const OUTAGE_ERRORS = [
  MongoNetworkError,
  MongoServerSelectionError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
  MongoServerClosedError,
  MongoClientClosedError,
  MongoOperationTimeoutError,
];

// Mongoose wraps some of them or raises its own: a failed server selection, and an operation
// that waited in its queue for a connection that never came back.
const OUTAGE_NAMES = new Set(['MongooseServerSelectionError', 'PoolClosedError', 'WaitQueueTimeoutError']);
const BUFFERING_TIMEOUT = /buffering timed out/;

// Server answers that say "the storage cannot take this now": a full disk (OutOfDiskSpace), a
// lock held too long by another process (ExceededTimeLimit). Nothing was written; try later.
const STORAGE_CODES = new Set([14031, 262]);

/** True when an error says the database is unreachable (the answer is 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (OUTAGE_ERRORS.some((type) => current instanceof type)) return true;
    if (OUTAGE_NAMES.has(current.name)) return true;
    if (current instanceof MongoServerError && typeof current.code === 'number' && STORAGE_CODES.has(current.code)) return true;
    if (current.name === 'MongooseError' && BUFFERING_TIMEOUT.test(current.message)) return true;
  }
  return false;
}
