import type { Socket } from 'node:net';
import type { CommandDispatcher } from './command-dispatcher';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { encodeWireReply } from './wire-reply';
import { WireMessageReader, WireProtocolError } from './wire-message-reader';
import type { WireRequest } from './wire-message-reader';

/**
 * One client socket. Requests are answered strictly in arrival order, as drivers expect
 * on a connection. A message that cannot be parsed closes this socket only: after a framing
 * error nothing that follows on the stream can be trusted.
 */
export class MongoConnection {
  readonly id: number;
  private readonly socket: Socket;
  private readonly dispatcher: CommandDispatcher;
  private readonly logger: EmbeddedMongoLogger;
  private readonly reader = new WireMessageReader();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(id: number, socket: Socket, dispatcher: CommandDispatcher, logger: EmbeddedMongoLogger) {
    this.id = id;
    this.socket = socket;
    this.dispatcher = dispatcher;
    this.logger = logger;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => {
      this.closed = true;
    });
  }

  /** Resolves when every request received so far has been answered. */
  get idle(): Promise<void> {
    return this.queue;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    let requests: WireRequest[];
    try {
      requests = this.reader.push(chunk);
    } catch (error) {
      const reason = error instanceof WireProtocolError ? error.message : 'unreadable message';
      this.logger.warn({ connectionId: this.id, reason }, 'embedded MongoDB closed a connection that sent a malformed message');
      this.close();
      return;
    }
    for (const request of requests) {
      this.queue = this.queue.then(() => this.answer(request)).catch(() => this.close());
    }
  }

  private async answer(request: WireRequest): Promise<void> {
    if (this.closed) return;
    const reply = await this.dispatcher.run(request.db, request.command, this.id);
    if (this.closed || request.moreToCome) return;
    let message: Buffer;
    try {
      message = encodeWireReply(request.protocol, request.requestId, reply);
    } catch (error) {
      this.logger.error({ connectionId: this.id, err: { message: (error as Error).message } }, 'embedded MongoDB could not encode a reply');
      message = encodeWireReply(request.protocol, request.requestId, {
        ok: 0,
        errmsg: 'reply could not be encoded',
        code: 10334,
        codeName: 'BSONObjectTooLarge',
      });
    }
    this.socket.write(message);
  }
}
