import { createServer } from 'node:net';

/**
 * A loopback port the system had free a moment ago, for a server that cannot take port 0 and report
 * it: only nginx (test/support/nginx-server.ts), which refuses `listen 127.0.0.1:0`. The site itself
 * takes PORT=0 and names its port in its "listening" log line (test/support/listening-port.ts).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
