import type { Logger } from '../src/logging/logger.server';

/**
 * An error nothing caught, thrown or rejected, leaves the process in a state no code planned for:
 * it is logged as one fatal JSON line (the same shape as "could not start") and the process exits
 * 1, so the supervisor (Docker, systemd) starts a fresh one. Nothing is lost by not shutting down
 * gently: each database write is committed before it is answered, and an e-mail cut short is sent
 * again once its lease passes.
 */
export function exitOnUnhandledErrors(logger: Logger): void {
  const exit = (what: string) => (reason: unknown) => {
    const error = reason instanceof Error ? reason : new Error(String(reason));
    logger.fatal({ err: { name: error.name, message: error.message, stack: error.stack } }, `${what}: ${error.message}`);
    process.exit(1);
  };
  process.on('uncaughtException', exit('uncaught exception'));
  process.on('unhandledRejection', exit('unhandled rejection'));
}
