import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { silentLogger } from './embedded-mongo-logger';
import type { EmbeddedMongoOptions } from './embedded-mongo-server';
import type { ErrorInMessage, WorkerMessage, WorkerRequest } from './embedded-mongo-worker';
import { StoreOpenError } from './store-open-error';

export interface EmbeddedMongoInWorkerOptions extends EmbeddedMongoOptions {
  /**
   * Called once if the worker ends while the server runs (a crash, an error nothing caught): from
   * then on nothing answers on the socket. Not called after close().
   */
  onWorkerDied?: (error: Error) => void;
  /** The worker's own heap sizes (node:worker_threads); by default those of the caller's process. */
  resourceLimits?: ResourceLimits;
}

/** The handle of startEmbeddedMongo, answered by the worker: what reads the store is asynchronous. */
export interface EmbeddedMongoInWorker {
  uri: string;
  socketPath: string;
  databaseFile: string | undefined;
  /** The worker's thread id, which is never the caller's. */
  threadId: number;
  backupTo(file: string): Promise<{ file: string; bytes: number }>;
  whyNotWritable(): Promise<string | undefined>;
  /** Closes the server in the worker (commands in progress answered, log folded in, marker removed) and resolves once the worker has ended. */
  close(): Promise<void>;
}

const WORKER_FILE = 'embedded-mongo-worker';
/** A close under way: its promise, the error the worker reported, and the call for its 'closed' message. */
interface Closing {
  closed: Promise<void>;
  error?: Error;
  saidClosed: () => void;
}

/** How long close() waits, after a worker exited without saying it closed, for messages still on their way. */
const LAST_MESSAGES_MS = 1000;

/**
 * Starts the embedded server (startEmbeddedMongo, same options) in a worker thread, so that a query
 * that decodes a large collection holds up only the worker: the caller's thread keeps answering
 * its own requests. A client connects to `uri` as before, over the Unix socket. A store that
 * refuses to start rejects with the same error, with the same message, as startEmbeddedMongo;
 * its logs go to options.logger.
 */
export function startEmbeddedMongoInWorker(options: EmbeddedMongoInWorkerOptions = {}): Promise<EmbeddedMongoInWorker> {
  const { logger = silentLogger, onWorkerDied, resourceLimits, ...storeOptions } = options;
  const { file, execArgv } = workerEntry();
  const worker = new Worker(file, { workerData: storeOptions, execArgv, ...(resourceLimits ? { resourceLimits } : {}) });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let started = false;
  let closing: Closing | undefined;

  return new Promise((resolveStart, rejectStart) => {
    const ask = <T>(request: { type: 'backupTo'; file: string } | { type: 'whyNotWritable' }): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        if (closing) return reject(new Error('the embedded MongoDB server is closed'));
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ ...request, id } as WorkerRequest);
      });

    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'log':
          if (message.msg === undefined) logger[message.level](message.obj);
          else logger[message.level](message.obj, message.msg);
          return;
        case 'failed':
          rejectStart(errorFromMessage(message.error));
          return;
        case 'answer': {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.error) waiting?.reject(errorFromMessage(message.error));
          else waiting?.resolve(message.result);
          return;
        }
        case 'closed':
          if (closing && message.error) closing.error = errorFromMessage(message.error);
          closing?.saidClosed();
          return;
        case 'started':
          started = true;
          resolveStart({
            uri: message.uri,
            socketPath: message.socketPath,
            databaseFile: message.databaseFile,
            threadId: worker.threadId,
            backupTo: (target) => ask({ type: 'backupTo', file: target }),
            whyNotWritable: () => ask({ type: 'whyNotWritable' }),
            close,
          });
      }
    });
    let failure: Error | undefined;
    worker.on('error', (error: unknown) => (failure = error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => {
      const error = failure ?? new Error(`the embedded MongoDB worker exited with code ${code}`);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      if (!started) rejectStart(error);
      else if (!closing) onWorkerDied?.(error);
    });

    /**
     * Resolves once the worker has said it closed (after its last log line, on the same port, so
     * that line is written before whatever the caller logs next) and has exited. The 'exit' event
     * can come before the port's last messages are read: a worker that exits without saying so
     * (it died) is waited for a moment longer, then reported as it is.
     */
    const close = (): Promise<void> => {
      if (closing) return closing.closed;
      let said = false;
      let exited = false;
      let finish = () => {};
      const state: Closing = {
        closed: new Promise<void>((resolve, reject) => {
          finish = () => (state.error ? reject(state.error) : resolve());
        }),
        saidClosed: () => {
          said = true;
          if (exited) finish();
        },
      };
      worker.once('exit', () => {
        exited = true;
        if (said) finish();
        else setTimeout(finish, LAST_MESSAGES_MS);
      });
      closing = state;
      worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      return state.closed;
    };
  });
}

/** The error the worker met, as the caller's: a StoreOpenError stays one, with the same message and fields. */
function errorFromMessage(sent: ErrorInMessage): Error {
  const error = sent.name === 'StoreOpenError' ? new StoreOpenError(sent.message) : new Error(sent.message);
  Object.assign(error, sent.fields);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}

/**
 * The worker's entry: the TypeScript source beside this file in development and tests (loaded
 * through tsx, as the caller is), the built embedded-mongo-worker.js in production. The server
 * build puts its entries in dist/server and the code they share in dist/server/assets, so the
 * built worker is beside this file or one folder up.
 */
function workerEntry(): { file: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: path.join(path.dirname(here), `${WORKER_FILE}.ts`), execArgv: [...process.execArgv, '--import', tsx] };
  }
  const candidates = [path.dirname(here), path.dirname(path.dirname(here))].map((folder) => path.join(folder, `${WORKER_FILE}.js`));
  const built = candidates.find((candidate) => existsSync(candidate));
  if (!built) throw new Error(`the embedded MongoDB worker is missing: no ${candidates.join(' or ')} (npm run build)`);
  return { file: built };
}
