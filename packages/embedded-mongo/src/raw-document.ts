import { calculateObjectSize, serialize } from 'bson';
import type { Document } from 'bson';

/**
 * A document of an answer already written as BSON (raw-projection.ts): a reply holds its bytes as
 * they are. Only a reply's batch holds one, directly or in the arrays of a `$facet`'s document,
 * never anything a command goes on to read (readPipeline in read-commands.ts says when).
 */
export class RawDocument {
  constructor(readonly bytes: Buffer) {}
}

/** Marks a reply whose batch holds raw documents: set by the cursor registry, read by encodeReply. */
const HOLDS_RAW = Symbol('holds raw documents');

export function markHoldingRaw(reply: Document): Document {
  Object.defineProperty(reply, HOLDS_RAW, { value: true });
  return reply;
}

/** A reply as BSON, its raw documents written as the bytes they are. */
export function encodeReply(reply: Document): Uint8Array {
  return (reply as { [HOLDS_RAW]?: boolean })[HOLDS_RAW] ? Buffer.concat(writeDocument(reply)) : serialize(reply);
}

/** How many bytes a document of a batch is as BSON, raw documents in it counted as the bytes they are. */
export function sizeWithRaw(document: Document): number {
  if (document instanceof RawDocument) return document.bytes.length;
  return holdsRaw(document) ? documentSize(document) : calculateObjectSize(document);
}

/** The size writeDocument's parts add up to, without writing them. */
function documentSize(document: Document | unknown[]): number {
  let size = 5;
  for (const [name, value] of entriesOf(document)) {
    const head = 2 + Buffer.byteLength(name, 'utf8');
    if (value instanceof RawDocument) size += head + value.bytes.length;
    else if (isContainerOfRaw(value)) size += head + documentSize(value);
    else size += calculateObjectSize({ [name]: value }) - 5;
  }
  return size;
}

const entriesOf = (document: Document | unknown[]) =>
  Array.isArray(document) ? document.map((value, index) => [String(index), value] as const) : Object.entries(document);

/** An array or a plain document that holds raw documents: written element by element. */
const isContainerOfRaw = (value: unknown): value is Document | unknown[] => (Array.isArray(value) || isPlainDocument(value)) && holdsRaw(value);

/** Whether a value holds raw documents, itself or in the documents and arrays inside it. */
function holdsRaw(value: unknown): boolean {
  if (value instanceof RawDocument) return true;
  if (Array.isArray(value)) return value.some(holdsRaw);
  return isPlainDocument(value) && Object.values(value).some(holdsRaw);
}

function isPlainDocument(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

const EMBEDDED_DOCUMENT = 0x03;
const ARRAY = 0x04;

/**
 * A document (or an array, as the document of its indexes) as BSON parts: raw documents as their
 * bytes, documents and arrays that hold any written here, every other element by bson's serialize.
 */
function writeDocument(document: Document | unknown[]): Uint8Array[] {
  const size4 = Buffer.alloc(4);
  const parts: Uint8Array[] = [size4];
  let size = 5;
  for (const [name, value] of entriesOf(document)) {
    if (value instanceof RawDocument || isContainerOfRaw(value)) {
      const inner = value instanceof RawDocument ? [value.bytes] : writeDocument(value);
      const head = Buffer.concat([Buffer.of(Array.isArray(value) ? ARRAY : EMBEDDED_DOCUMENT), Buffer.from(`${name}\0`, 'utf8')]);
      parts.push(head, ...inner);
      size += head.length + inner.reduce((total, part) => total + part.length, 0);
      continue;
    }
    // The element as bson writes it in a document of its own: what lies between that document's size and its end.
    const alone = serialize({ [name]: value });
    const element = alone.subarray(4, alone.length - 1);
    parts.push(element);
    size += element.length;
  }
  size4.writeInt32LE(size, 0);
  parts.push(Buffer.of(0));
  return parts;
}
