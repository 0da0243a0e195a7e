import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { Env } from '../config/env.server';

export type { Logger };

/**
 * Where log lines go when no destination is given: JSON lines on stdout, which log collectors
 * read, unless stdout is a terminal, where a person reads them (`npm start` by hand): then
 * pino-pretty's one readable line each, the same fields, written synchronously like pino's own.
 */
function standardOutput(stdout: NodeJS.WriteStream = process.stdout): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  return PinoPretty({ colorize: true, singleLine: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}

/**
 * Structured JSON logs. Nothing a visitor typed is ever logged: request lines carry the path
 * without its query string, and no bodies or headers beyond the request id. Lines go to stdout
 * unless a destination is given (tests read the very lines the site writes); readable lines
 * rather than JSON when stdout is a terminal.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination: DestinationStream | undefined = standardOutput()): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: { service: 'shore-golf-carts' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers', 'req.body', 'body', 'email', 'phone', 'message'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
