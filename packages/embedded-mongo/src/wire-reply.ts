import type { Document } from 'bson';
import { encodeReply } from './raw-document';

const opReply = 1;
const opMsg = 2013;

let nextReplyId = 1;

/**
 * Frames a command reply the way the request arrived: OP_MSG (flags, then one body section),
 * or OP_REPLY for the legacy handshake (responseFlags, cursorID, startingFrom,
 * numberReturned, then the document).
 */
export function encodeWireReply(protocol: 'op_msg' | 'op_query', responseTo: number, reply: Document): Buffer {
  const body = encodeReply(reply);
  const prefixLength = protocol === 'op_msg' ? 21 : 36;
  const message = Buffer.alloc(prefixLength + body.length);
  message.writeInt32LE(message.length, 0);
  message.writeInt32LE(nextReplyId, 4);
  nextReplyId = (nextReplyId + 1) | 0 || 1;
  message.writeInt32LE(responseTo, 8);
  if (protocol === 'op_msg') {
    message.writeInt32LE(opMsg, 12);
    message.writeUInt32LE(0, 16);
    message[20] = 0;
  } else {
    message.writeInt32LE(opReply, 12);
    message.writeInt32LE(0, 16);
    message.writeBigInt64LE(0n, 20);
    message.writeInt32LE(0, 28);
    message.writeInt32LE(1, 32);
  }
  message.set(body, prefixLength);
  return message;
}
