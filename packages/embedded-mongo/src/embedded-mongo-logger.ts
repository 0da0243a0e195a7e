/** The subset of a pino logger the embedded server needs, so callers can pass theirs unchanged. */
export interface EmbeddedMongoLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: EmbeddedMongoLogger = {
  info() {},
  warn() {},
  error() {},
};
