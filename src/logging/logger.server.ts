import { pino, type Logger } from 'pino';
import type { Env } from '../config/env.server';

export type { Logger };

/**
 * Structured JSON logs. Nothing a visitor typed is ever logged: request lines carry the path
 * without its query string, and no bodies or headers beyond the request id.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'shore-golf-carts' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers', 'req.body', 'body', 'email', 'phone', 'message'], remove: true },
  });
}
