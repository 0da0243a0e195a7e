import type { Document } from 'bson';

// Names as the real server spells them; the driver and Mongoose branch on code and codeName.
const codeNames: Record<number, string> = {
  1: 'InternalError',
  2: 'BadValue',
  9: 'FailedToParse',
  14: 'TypeMismatch',
  20: 'IllegalOperation',
  26: 'NamespaceNotFound',
  27: 'IndexNotFound',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  48: 'NamespaceExists',
  59: 'CommandNotFound',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  115: 'CommandNotSupported',
  171: 'CannotIndexParallelArrays',
  10334: 'BSONObjectTooLarge',
  262: 'ExceededTimeLimit',
  11000: 'DuplicateKey',
  14031: 'OutOfDiskSpace',
};

/** A failure reported to the client as `{ ok: 0, errmsg, code, codeName }` (or as a write error). */
export class MongoCommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra reply fields such as keyPattern/keyValue on duplicate key errors. */
  readonly details: Document;

  constructor(code: number, message: string, details: Document = {}) {
    super(message);
    this.name = 'MongoCommandError';
    this.code = code;
    this.codeName = codeNames[code] ?? `Location${code}`;
    this.details = details;
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.details };
  }

  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.details };
  }
}
