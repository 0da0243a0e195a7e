import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, Socket } from 'node:net';

/** 127.0.0.0/8 and ::1, written as an address (IPv4-mapped too). */
export function isLoopbackAddress(address: string): boolean {
  const unmapped = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return isIP(unmapped) === 4 ? unmapped.startsWith('127.') : unmapped === '::1';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFunction = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => void;

export interface NetworkGuard {
  /** Every TCP connection that went ahead (all to loopback), as address:port. */
  connections: string[];
  /** Every destination the guard stopped before a packet left: the code under test tried to reach it. */
  stopped: string[];
  restore(): void;
}

/**
 * For tests that must send traffic to loopback only (127.0.0.0/8, ::1), whatever the code under
 * test does: every TCP connect is checked before it starts. A host given as an address must be a
 * loopback one; a host given as a name is resolved only by the lookup the caller passed (never
 * by the system's DNS, whose server is not on loopback), and every address it gives must be a
 * loopback one. Anything else fails the socket at once with ETESTGUARD, and is recorded in
 * `stopped`, so a test can tell "refused by the code" from "stopped by the guard". Unix sockets
 * (the embedded database) pass, and so do `allowHosts` (a MongoDB server the tests were pointed at
 * with MONGODB_URI). `restore()` puts net.Socket back.
 */
export function guardNetwork(guardOptions: { allowHosts?: readonly string[] } = {}): NetworkGuard {
  const original = Socket.prototype.connect;
  const guard: NetworkGuard = { connections: [], stopped: [], restore: () => (Socket.prototype.connect = original) };

  const allowHosts = guardOptions.allowHosts ?? [];
  Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
    // net.connect() hands over its arguments already normalized, as one array.
    const given = (Array.isArray(args[0]) ? args[0] : args) as unknown[];
    const [first, second] = given;
    const callback = given.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const options = (typeof first === 'object' && first !== null ? { ...first } : { port: first, host: typeof second === 'string' ? second : undefined }) as {
      path?: string | null;
      host?: string;
      port?: number | string;
      lookup?: LookupFunction;
    };
    // As net itself decides: a non-empty path is a Unix socket (http's requests carry path: null).
    if (options.path) return original.apply(this, args as Parameters<typeof original>);
    const connect = () => (callback ? original.call(this, options as never, callback) : original.call(this, options as never));
    const host = (options.host ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
    if (allowHosts.includes(host)) return connect();
    const stop = (destination: string): Socket => {
      guard.stopped.push(destination);
      const error: NodeJS.ErrnoException = new Error(`test network guard: no connection to ${destination} (tests reach loopback only)`);
      error.code = 'ETESTGUARD';
      process.nextTick(() => this.destroy(error));
      return this;
    };
    if (isIP(host)) {
      if (!isLoopbackAddress(host)) return stop(`${host}:${options.port}`);
      guard.connections.push(`${host}:${options.port}`);
      return connect();
    }
    const refusedLookup: LookupFunction = (hostname, _options, done) => {
      guard.stopped.push(`${hostname} (a DNS lookup):${options.port}`);
      const error: NodeJS.ErrnoException = new Error(`test network guard: no DNS lookup of ${hostname} (tests reach loopback only)`);
      error.code = 'ETESTGUARD';
      done(error, '');
    };
    const inner = options.lookup ?? (host === 'localhost' ? (dnsLookup as unknown as LookupFunction) : refusedLookup);
    options.lookup = (hostname, lookupOptions, done) =>
      inner(hostname, lookupOptions, (error, address, family) => {
        if (error) return done(error, address, family);
        const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
        const outside = addresses.find((candidate) => !isLoopbackAddress(candidate));
        if (outside !== undefined) {
          guard.stopped.push(`${hostname} (${outside}):${options.port}`);
          const stopped: NodeJS.ErrnoException = new Error(`test network guard: ${hostname} gave ${outside}, not loopback`);
          stopped.code = 'ETESTGUARD';
          return done(stopped, '');
        }
        guard.connections.push(`${hostname} (${addresses.join(', ')}):${options.port}`);
        done(null, address, family);
      });
    return connect();
  } as typeof original;
  return guard;
}
