// The part of autocannon's programmatic API the SSR benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** A fixed number of requests; overrides duration. */
    amount?: number;
    /** Seconds to wait for a response. */
    timeout?: number;
    headers?: Record<string, string>;
    skipAggregateResult?: boolean;
  }

  /** One run's totals, as autocannon reports them when skipAggregateResult is set. */
  export interface RawResult {
    totalCompletedRequests: number;
    totalRequests: number;
    totalBytes: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    /** Seconds. */
    duration: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<RawResult> {
    stop(): void;
    /** Each response: the client, its status, its size in bytes and its time in milliseconds (fractional). */
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, milliseconds: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: AutocannonOptions): Instance;
  export default autocannon;
}
