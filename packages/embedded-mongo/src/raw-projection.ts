import { elementsNamed, int32At, sameBytesAt, valueEnd, zeroAt, type Element } from './bson-walk';
import { plainProjection, type Step } from './simple-projection';

/**
 * A `$project` of the plain kind (simple-projection.ts) done on a stored document's bytes: the
 * projected document as BSON, its elements copied from the stored ones, nothing decoded and nothing
 * encoded again. A page of 24 cards was decoded (a quarter of a millisecond), projected, and encoded
 * for the reply (a fifth) in the store's thread, for the driver to decode once more in the site's.
 *
 * It answers what compileSimpleProjection answers, element for element and in its order, as
 * mongod answers from the stored bytes: a number stored as a double stays a double (decoded and
 * encoded again, a whole double became an int32; the driver reads the same number). Where the
 * simple projection would be unsure (undefined, an array or a special value on the way, `$`
 * names, a field stored twice) or where mingo would answer ($slice of what is not an array), it
 * answers undefined and the caller projects that document the decoded way.
 */
export type RawProjection = (stored: Uint8Array) => Buffer | undefined;

/** The names read in one document, each once: the elements found are looked up by their place here. */
type Names = Uint8Array[];

/** An output field inside an embedded document: `unit.status`, with `unit.condition` beside it. */
interface Branch {
  kind: 'branch';
  name: Uint8Array;
  /** Its place among its document's names. */
  slot: number;
  names: Names;
  children: Array<Branch | Leaf>;
}

/** A field kept as it is stored. */
interface Leaf {
  kind: 'leaf';
  name: Uint8Array;
  slot: number;
}

/** A `$slice` or `$arrayElemAt`: the array's field at the top (`slot`), then the rest of its path. */
interface FromArray {
  kind: 'slice' | 'element';
  name: Uint8Array;
  slot: number;
  path: Uint8Array[];
  n: number;
}

type Output = Branch | Leaf | FromArray;

const encoder = new TextEncoder();

/** The projection compiled for bytes, or undefined when the spec is not of the plain kind. */
export function compileRawProjection(spec: unknown): RawProjection | undefined {
  const plain = plainProjection(spec);
  if (!plain) return undefined;
  const names: Names = [];
  const id: Leaf | undefined = plain.keepId ? { kind: 'leaf', name: encoder.encode('_id'), slot: slotOf(names, encoder.encode('_id')) } : undefined;
  const outputs = outputTree(plain.steps, names);
  return (stored) => {
    const elements = elementsNamed(stored, 0, names);
    if (!elements) return undefined;
    const writer = new Writer(stored.length + 64);
    const start = writer.openDocument();
    if (id && !writeKept(writer, stored, elements, id)) return undefined;
    for (const output of outputs) {
      const written = output.kind === 'branch' || output.kind === 'leaf' ? writeKept(writer, stored, elements, output) : writeFromArray(writer, stored, elements, output);
      if (!written) return undefined;
    }
    writer.closeDocument(start);
    return writer.bytes();
  };
}

/** How many compiled projections are kept by their spec: a site sends a handful. */
const MAX_COMPILED = 64;
const compiled = new Map<string, RawProjection | undefined>();

/**
 * compileRawProjection, compiled once per spec: compiling the card's projection costs about 30 µs,
 * and every inventory page, filtered page and search sends the same one.
 */
export function rawProjectionFor(spec: unknown): RawProjection | undefined {
  const key = JSON.stringify(spec);
  if (compiled.has(key)) return compiled.get(key);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  const projection = compileRawProjection(spec);
  compiled.set(key, projection);
  return projection;
}

/** The place of `name` among `names`, added if it is not there yet. */
function slotOf(names: Names, name: Uint8Array): number {
  const at = names.findIndex((known) => sameBytes(known, name));
  if (at >= 0) return at;
  names.push(name);
  return names.length - 1;
}

/**
 * The steps as the simple projection writes them: kept fields under one embedded document
 * together, at the place of the first of them (`target[name] ??= {}`), each then in its order.
 */
function outputTree(steps: readonly Step[], names: Names): Output[] {
  const top: Output[] = [];
  for (const step of steps) {
    if (step.kind !== 'keep') {
      const [first, ...rest] = step.path.map((name) => encoder.encode(name));
      top.push({ kind: step.kind, name: encoder.encode(step.name), slot: slotOf(names, first!), path: rest, n: step.kind === 'slice' ? step.count : step.index });
      continue;
    }
    let level = top;
    let levelNames = names;
    for (const [depth, name] of step.path.entries()) {
      const bytes = encoder.encode(name);
      if (depth === step.path.length - 1) {
        level.push({ kind: 'leaf', name: bytes, slot: slotOf(levelNames, bytes) });
        break;
      }
      let branch = level.find((output): output is Branch => output.kind === 'branch' && sameBytes(output.name, bytes));
      if (!branch) level.push((branch = { kind: 'branch', name: bytes, slot: slotOf(levelNames, bytes), names: [], children: [] }));
      level = branch.children;
      levelNames = branch.names;
    }
  }
  return top;
}

const DOCUMENT = 0x03;
const ARRAY = 0x04;
const UNDEFINED = 0x06;
const NULL = 0x0a;
/** What the decoder makes a plain scalar (a number, a string, a boolean) or null: a document's field there holds nothing to keep. */
const SCALARS = new Set([0x01, 0x02, 0x08, NULL, 0x10]);

/** Writes the kept field (or branch) among a document's elements; false when unsure, as keep() in simple-projection.ts. */
function writeKept(writer: Writer, bytes: Uint8Array, elements: Array<Element | null>, output: Branch | Leaf): boolean {
  const element = elements[output.slot]!;
  if (element === null) return true;
  if (element.type === UNDEFINED) return false;
  if (output.kind === 'leaf') {
    writer.copy(bytes, element.start, element.end);
    return true;
  }
  if (element.type === ARRAY) return false;
  if (element.type !== DOCUMENT) return SCALARS.has(element.type);
  const inner = elementsNamed(bytes, element.value, output.names);
  if (!inner) return false;
  writer.byte(DOCUMENT);
  writer.name(output.name);
  const start = writer.openDocument();
  for (const child of output.children) if (!writeKept(writer, bytes, inner, child)) return false;
  writer.closeDocument(start);
  return true;
}

/** Writes a `$slice` or `$arrayElemAt` of the array at its path; false when unsure or when mingo answers it. */
function writeFromArray(writer: Writer, bytes: Uint8Array, elements: Array<Element | null>, output: FromArray): boolean {
  // valueAt in simple-projection.ts: through embedded documents; a missing field, null or a scalar on the way is nothing.
  let element: Element | null = elements[output.slot]!;
  for (const name of output.path) {
    if (element === null) break;
    if (SCALARS.has(element.type)) {
      element = null;
      break;
    }
    if (element.type !== DOCUMENT) return false;
    const inner = elementsNamed(bytes, element.value, [name]);
    if (!inner) return false;
    element = inner[0]!;
  }
  if (element?.type === UNDEFINED) return false;
  if (output.kind === 'element' && (element === null || element.type === NULL)) {
    writer.byte(NULL);
    writer.name(output.name);
    return true;
  }
  if (element === null || element.type !== ARRAY) return false;
  const items = arrayItems(bytes, element.value);
  if (!items) return false;
  if (output.kind === 'slice') {
    if (output.n < 0) return false;
    writer.byte(ARRAY);
    writer.name(output.name);
    const start = writer.openDocument();
    // The first items keep their names, "0", "1", ...: arrayItems checked them.
    for (const item of items.slice(0, output.n)) writer.copy(bytes, item.start, item.end);
    writer.closeDocument(start);
    return true;
  }
  const index = output.n >= 0 ? output.n : items.length + output.n;
  const item = items[index];
  if (index < 0 || !item) return true;
  writer.byte(item.type);
  writer.name(output.name);
  writer.copy(bytes, item.value, item.end);
  return true;
}

/** The items of the array at `at`, named "0", "1", ... as an array's must be; undefined when they are not, or one is undefined. */
function arrayItems(bytes: Uint8Array, at: number): Element[] | undefined {
  const last = at + int32At(bytes, at) - 1;
  if (last >= bytes.length || last < at + 4 || bytes[last] !== 0) return undefined;
  const items: Element[] = [];
  let cursor = at + 4;
  while (cursor < last) {
    const type = bytes[cursor]!;
    const nameEnd = zeroAt(bytes, cursor + 1);
    if (type === UNDEFINED || nameEnd < 0 || nameEnd >= last || !isIndexName(bytes, cursor + 1, nameEnd, items.length)) return undefined;
    const end = valueEnd(bytes, type, nameEnd + 1);
    if (end < 0 || end > last) return undefined;
    items.push({ type, start: cursor, value: nameEnd + 1, end });
    cursor = end;
  }
  return cursor === last ? items : undefined;
}

function isIndexName(bytes: Uint8Array, start: number, end: number, index: number): boolean {
  const digits = String(index);
  if (end - start !== digits.length) return false;
  for (let at = 0; at < digits.length; at += 1) if (bytes[start + at] !== digits.charCodeAt(at)) return false;
  return true;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && sameBytesAt(a, 0, b);
}

/** A BSON document written a piece at a time; it grows as needed. */
class Writer {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  byte(value: number): void {
    this.room(1);
    this.buffer[this.length++] = value;
  }

  /** A field's name: its bytes and the zero after them. */
  name(name: Uint8Array): void {
    this.room(name.length + 1);
    this.buffer.set(name, this.length);
    this.length += name.length;
    this.buffer[this.length++] = 0;
  }

  copy(from: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    this.buffer.set(from.subarray(start, end), this.length);
    this.length += end - start;
  }

  /** Room for a document's size, written when it is closed: where it starts. */
  openDocument(): number {
    this.room(4);
    this.length += 4;
    return this.length - 4;
  }

  closeDocument(start: number): void {
    this.byte(0);
    this.buffer.writeInt32LE(this.length - start, start);
  }

  /** What was written, in a buffer of its own size. */
  bytes(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }

  private room(more: number): void {
    if (this.length + more <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + more));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }
}
