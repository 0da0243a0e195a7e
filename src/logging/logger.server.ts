import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from '../config/env.server';

export type { Logger };

/**
 * Structured JSON logs. Nothing a visitor typed is ever logged: request lines carry the path
 * without its query string, and no bodies or headers beyond the request id. Lines go to stdout
 * unless a destination is given (tests read the very lines the site writes).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: env.LOG_LEVEL,
    base: { service: 'shore-golf-carts' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers', 'req.body', 'body', 'email', 'phone', 'message'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
