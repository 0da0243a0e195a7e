import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { Env } from '../config/env.server';

export type { Logger };

/**
 * Where log lines go when no destination is given: JSON lines on stdout, which log collectors
 * read, unless stdout is a terminal, where a person reads them (`npm start` by hand): then
 * pino-pretty's one readable line each, the same fields. Either way each line is written when it
 * is logged. pino's own default hands the writing to the thread pool, and a process that exits
 * (after 'stopped', or when its store died) writes what is queued then but not what the pool has
 * yet to write: the last lines came out of order, or not at all
 * (test/integration/log-lines-at-exit.test.ts). Node writes to a pipe or a file synchronously too.
 */
function standardOutput(stdout: NodeJS.WriteStream = process.stdout): DestinationStream {
  if (!stdout.isTTY) return pino.destination({ dest: 1, sync: true });
  return PinoPretty({ colorize: true, singleLine: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}

/**
 * Structured JSON logs. Nothing a visitor typed is ever logged: request lines carry the path
 * without its query string, and no bodies or headers beyond the request id. Lines go to stdout
 * unless a destination is given (tests read the very lines the site writes); readable lines
 * rather than JSON when stdout is a terminal.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination: DestinationStream = standardOutput()): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: { service: 'shore-golf-carts' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers', 'req.body', 'body', 'email', 'phone', 'message'], remove: true },
  };
  return pino(options, destination);
}
