import { parentPort, workerData } from 'node:worker_threads';
import type { EmbeddedMongoLogger } from './embedded-mongo-logger';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from './embedded-mongo-server';

// The worker thread that start-embedded-mongo-in-worker.ts starts: it runs the embedded server
// here, so that decoding a large query never holds up the thread that answers the site's requests.
// Logs, the start's outcome and the answers to the handle's requests go back as messages.

/** An error as it crosses to the other thread: its name, message and own fields (a code, a path). */
export interface ErrorInMessage {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** What the thread that started the worker asks of it. */
export type WorkerRequest = { type: 'backupTo'; id: number; file: string } | { type: 'whyNotWritable'; id: number } | { type: 'close' };

/** What the worker tells that thread, in order. */
export type WorkerMessage =
  | { type: 'log'; level: keyof EmbeddedMongoLogger; obj: object; msg?: string }
  | { type: 'started'; uri: string; socketPath: string; databaseFile: string | undefined }
  | { type: 'failed'; error: ErrorInMessage }
  | { type: 'answer'; id: number; result?: unknown; error?: ErrorInMessage }
  | { type: 'closed'; error?: ErrorInMessage };

export function errorInMessage(error: unknown): ErrorInMessage {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);
const forward =
  (level: keyof EmbeddedMongoLogger) =>
  (obj: object, msg?: string): void =>
    post({ type: 'log', level, obj, ...(msg === undefined ? {} : { msg }) });
const logger: EmbeddedMongoLogger = { info: forward('info'), warn: forward('warn'), error: forward('error') };

async function answer(server: EmbeddedMongo, request: WorkerRequest): Promise<void> {
  if (request.type === 'close') {
    let error: ErrorInMessage | undefined;
    try {
      await server.close();
    } catch (closeError) {
      error = errorInMessage(closeError);
    }
    post({ type: 'closed', ...(error ? { error } : {}) });
    // Nothing else holds the thread open: it ends, and the handle's close() resolves on its exit.
    port.close();
    return;
  }
  try {
    const result = request.type === 'backupTo' ? await server.backupTo(request.file) : server.whyNotWritable();
    post({ type: 'answer', id: request.id, result });
  } catch (error) {
    post({ type: 'answer', id: request.id, error: errorInMessage(error) });
  }
}

async function serve(): Promise<void> {
  let server: EmbeddedMongo;
  try {
    server = await startEmbeddedMongo({ ...(workerData as Omit<EmbeddedMongoOptions, 'logger'>), logger });
  } catch (error) {
    // The caller throws it again, with its message, as if the store had been opened in its thread.
    post({ type: 'failed', error: errorInMessage(error) });
    port.close();
    return;
  }
  post({ type: 'started', uri: server.uri, socketPath: server.socketPath, databaseFile: server.databaseFile });
  port.on('message', (request: WorkerRequest) => void answer(server, request));
}

await serve();
