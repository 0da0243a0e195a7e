import { calculateObjectSize, Long } from 'bson';
import type { Document } from 'bson';
import { MongoCommandError } from './mongo-command-error';
import { markHoldingRaw, sizeWithRaw } from './raw-document';

/** Real servers cap a reply batch at 16 MiB of documents; leave room for the envelope. */
const maxBatchBytes = 16 * 1024 * 1024 - 16 * 1024;
/** The largest document mongod hands back (BSONObjMaxInternalSize): 16 MiB and 16 KiB. */
const maxDocumentBytes = 16 * 1024 * 1024 + 16 * 1024;
const defaultFirstBatchSize = 101;
const idleCursorTimeoutMs = 10 * 60 * 1000;

interface OpenCursor {
  namespace: string;
  remaining: Document[];
  lastUsed: number;
  /** Whether the results hold raw documents (raw-document.ts). */
  raw: boolean;
}

/**
 * Result sets that did not fit in the first batch, waiting for getMore. Results are
 * materialised when the query runs, so a cursor is just the rest of an array.
 */
export class CursorRegistry {
  private readonly cursors = new Map<string, OpenCursor>();
  private nextId = BigInt(Date.now()) * 1000n;
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.closeIdleCursors(), 60_000);
    this.sweeper.unref();
  }

  /**
   * Builds a `{ cursor: { firstBatch, id, ns } }` reply, keeping the rest for getMore. With `raw`,
   * the results may hold raw documents, and the reply is marked for encodeReply.
   */
  open(namespace: string, results: Document[], options: { batchSize?: number; singleBatch?: boolean; raw?: boolean } = {}): Document {
    const raw = options.raw ?? false;
    const firstBatch = takeBatch(results, options.batchSize ?? defaultFirstBatchSize, raw);
    let id = Long.ZERO;
    if (firstBatch.length < results.length && !options.singleBatch) {
      this.nextId += 1n;
      id = Long.fromBigInt(this.nextId);
      this.cursors.set(id.toString(), {
        namespace,
        remaining: results.slice(firstBatch.length),
        lastUsed: Date.now(),
        raw,
      });
    }
    const reply = { cursor: { firstBatch, id, ns: namespace }, ok: 1 };
    return raw ? markHoldingRaw(reply) : reply;
  }

  getMore(id: Long, namespace: string, batchSize: number | undefined): Document {
    const key = id.toString();
    const cursor = this.cursors.get(key);
    if (!cursor || cursor.namespace !== namespace) {
      throw new MongoCommandError(43, `cursor id ${key} not found`);
    }
    const nextBatch = takeBatch(cursor.remaining, batchSize || Number.MAX_SAFE_INTEGER, cursor.raw);
    cursor.remaining = cursor.remaining.slice(nextBatch.length);
    cursor.lastUsed = Date.now();
    let replyId = id;
    if (cursor.remaining.length === 0) {
      this.cursors.delete(key);
      replyId = Long.ZERO;
    }
    const reply = { cursor: { nextBatch, id: replyId, ns: namespace }, ok: 1 };
    return cursor.raw ? markHoldingRaw(reply) : reply;
  }

  kill(ids: Long[]): Document {
    const cursorsKilled: Long[] = [];
    const cursorsNotFound: Long[] = [];
    for (const id of ids) {
      if (this.cursors.delete(id.toString())) cursorsKilled.push(id);
      else cursorsNotFound.push(id);
    }
    return { cursorsKilled, cursorsNotFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  close(): void {
    clearInterval(this.sweeper);
    this.cursors.clear();
  }

  private closeIdleCursors(): void {
    const cutoff = Date.now() - idleCursorTimeoutMs;
    for (const [key, cursor] of this.cursors) {
      if (cursor.lastUsed < cutoff) this.cursors.delete(key);
    }
  }
}

function takeBatch(results: Document[], batchSize: number, raw: boolean): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  for (const document of results) {
    if (batch.length >= batchSize) break;
    const size = raw ? sizeWithRaw(document) : calculateObjectSize(document);
    // One document made too large by a pipeline ($group, $facet): refused as mongod refuses it.
    if (size > maxDocumentBytes) {
      throw new MongoCommandError(10334, `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)`);
    }
    bytes += size;
    if (bytes > maxBatchBytes && batch.length > 0) break;
    batch.push(document);
  }
  return batch;
}
