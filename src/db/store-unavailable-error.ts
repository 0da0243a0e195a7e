/**
 * A service could not reach the database (it is down, or its disk is full): nothing was read or
 * written. Services raise it; the HTTP layer answers 503 with its message, which is written for a
 * visitor (src/http/error-handler.server.ts, the contact form's sender).
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly visitorMessage: string,
    options?: ErrorOptions,
  ) {
    super(visitorMessage, options);
    this.name = 'StoreUnavailableError';
  }
}
