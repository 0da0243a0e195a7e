import type { DestinationStream } from 'pino';

/** One JSON log line as pino writes it: the level as a number, the time, the message and its fields. */
export interface LogRecord {
  level: number;
  time: string;
  msg: string;
  [field: string]: unknown;
}

/** pino's number for the error level. */
export const ERROR_LEVEL = 50;

export interface LogLines {
  /** Hand it to the logger (createLogger's destination, or the test app's `log` option). */
  destination: DestinationStream;
  /** Every line written so far, as written, split at newlines: a value that broke out of its line shows up as a line of its own. */
  lines: string[];
  /** The lines written after `from` (a count of `lines` taken earlier), each parsed; a line that is not JSON fails the test. */
  records(from?: number): LogRecord[];
}

/** Collects the lines a logger writes, so a test can read exactly what an operator's log collection would. */
export function logLines(): LogLines {
  const lines: string[] = [];
  return {
    destination: {
      write(chunk: string) {
        lines.push(...chunk.split('\n').filter((line) => line !== ''));
      },
    },
    lines,
    records: (from = 0) =>
      lines.slice(from).map((line) => {
        try {
          return JSON.parse(line) as LogRecord;
        } catch {
          throw new Error(`a log line is not JSON: ${line}`);
        }
      }),
  };
}
