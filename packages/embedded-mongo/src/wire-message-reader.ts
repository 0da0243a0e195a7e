import { deserialize } from 'bson';
import type { Document } from 'bson';
import { deserializeOptions } from './deserialize-options';

export const maxMessageSizeBytes = 48_000_000;

const opQuery = 2004;
const opMsg = 2013;

const msgChecksumPresent = 1 << 0;
const msgMoreToCome = 1 << 1;
// Bits 0-15 are "required": a receiver must reject flags it does not understand.
const msgKnownRequiredBits = msgChecksumPresent | msgMoreToCome;

/** A decoded client request, whichever opcode carried it. */
export interface WireRequest {
  requestId: number;
  protocol: 'op_msg' | 'op_query';
  db: string;
  command: Document;
  /** The client asked for no reply (unacknowledged writes). */
  moreToCome: boolean;
}

/** The byte stream cannot be trusted any more; the connection must be closed. */
export class WireProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireProtocolError';
  }
}

/**
 * Splits a socket's byte stream into complete MongoDB messages and decodes them.
 * Chunks are kept as received and joined once per message, so a large message arriving
 * in many small TCP reads is copied once rather than once per read.
 */
export class WireMessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): WireRequest[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const requests: WireRequest[] = [];
    while (this.buffered >= 4) {
      const length = this.peekLength();
      if (length < 16 || length > maxMessageSizeBytes) {
        throw new WireProtocolError(`invalid message length ${length}`);
      }
      if (this.buffered < length) break;
      requests.push(decodeMessage(this.take(length)));
    }
    return requests;
  }

  private peekLength(): number {
    if (this.chunks[0]!.length < 4) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!.readInt32LE(0);
  }

  private take(length: number): Buffer {
    if (this.chunks[0]!.length < length) this.chunks = [Buffer.concat(this.chunks)];
    const first = this.chunks[0]!;
    const message = first.subarray(0, length);
    if (first.length === length) this.chunks.shift();
    else this.chunks[0] = first.subarray(length);
    this.buffered -= length;
    return message;
  }
}

// OP_COMPRESSED is not handled: hello never offers a compressor, so drivers never send it.
function decodeMessage(message: Buffer): WireRequest {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  try {
    switch (opCode) {
      case opMsg:
        return decodeOpMsg(message, requestId);
      case opQuery:
        return decodeOpQuery(message, requestId);
    }
  } catch (error) {
    if (error instanceof WireProtocolError) throw error;
    throw new WireProtocolError(`malformed message: ${(error as Error).message}`);
  }
  throw new WireProtocolError(`unsupported opcode ${opCode}`);
}

function decodeOpMsg(message: Buffer, requestId: number): WireRequest {
  const flags = message.readUInt32LE(16);
  if ((flags & 0xffff & ~msgKnownRequiredBits) !== 0) {
    throw new WireProtocolError(`unsupported OP_MSG flags ${flags}`);
  }
  const end = message.length - (flags & msgChecksumPresent ? 4 : 0);
  let position = 20;
  let body: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (position < end) {
    const kind = message[position];
    position += 1;
    if (kind === 0) {
      if (body) throw new WireProtocolError('OP_MSG has more than one body section');
      const size = documentSize(message, position, end);
      body = deserialize(message.subarray(position, position + size), deserializeOptions);
      position += size;
    } else if (kind === 1) {
      const sectionEnd = position + message.readInt32LE(position);
      if (sectionEnd > end || sectionEnd < position + 5) throw new WireProtocolError('bad document sequence size');
      const nameEnd = message.indexOf(0, position + 4);
      if (nameEnd < 0 || nameEnd >= sectionEnd) throw new WireProtocolError('bad document sequence identifier');
      const identifier = message.toString('utf8', position + 4, nameEnd);
      position = nameEnd + 1;
      const documents: Document[] = [];
      while (position < sectionEnd) {
        const size = documentSize(message, position, sectionEnd);
        documents.push(deserialize(message.subarray(position, position + size), deserializeOptions));
        position += size;
      }
      sequences.push([identifier, documents]);
    } else {
      throw new WireProtocolError(`unsupported OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new WireProtocolError('OP_MSG without a body section');
  for (const [identifier, documents] of sequences) {
    if (identifier in body) throw new WireProtocolError(`duplicate field ${identifier} in OP_MSG`);
    body[identifier] = documents;
  }
  const db = body.$db;
  if (typeof db !== 'string' || db.length === 0) throw new WireProtocolError('OP_MSG without $db');
  return { requestId, protocol: 'op_msg', db, command: body, moreToCome: (flags & msgMoreToCome) !== 0 };
}

function decodeOpQuery(message: Buffer, requestId: number): WireRequest {
  const nameEnd = message.indexOf(0, 20);
  if (nameEnd < 0) throw new WireProtocolError('OP_QUERY without a collection name');
  const namespace = message.toString('utf8', 20, nameEnd);
  const dot = namespace.indexOf('.');
  // Servers since 5.1 accept OP_QUERY only for commands; legacy reads are gone.
  if (dot <= 0 || namespace.slice(dot + 1) !== '$cmd') {
    throw new WireProtocolError('OP_QUERY is only supported for commands');
  }
  const position = nameEnd + 1 + 8;
  const size = documentSize(message, position, message.length);
  let command = deserialize(message.subarray(position, position + size), deserializeOptions);
  // Drivers talking to mongos wrap the command as { $query: cmd, $readPreference }.
  if (command.$query && typeof command.$query === 'object') command = command.$query as Document;
  return { requestId, protocol: 'op_query', db: namespace.slice(0, dot), command, moreToCome: false };
}

function documentSize(message: Buffer, position: number, end: number): number {
  if (position + 5 > end) throw new WireProtocolError('truncated BSON document');
  const size = message.readInt32LE(position);
  if (size < 5 || position + size > end) throw new WireProtocolError('truncated BSON document');
  return size;
}
