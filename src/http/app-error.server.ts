/** The one error type that carries an HTTP status and a message that is safe to show a visitor. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly publicMessage: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(publicMessage);
    this.name = 'AppError';
  }
}
