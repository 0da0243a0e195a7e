import type { ChildProcess } from 'node:child_process';

/** The port in the server's "listening" log line (server/start-server.ts), or null for any other line. */
function portOf(line: string): number | null {
  try {
    const entry = JSON.parse(line) as { msg?: unknown; port?: unknown };
    return entry.msg === 'listening' && typeof entry.port === 'number' ? entry.port : null;
  } catch {
    return null;
  }
}

/** The port in a server's log so far (its stdout written to a file), or null before it listens. */
export function listeningPortInLog(log: string): number | null {
  for (const line of log.split('\n')) {
    const port = portOf(line);
    if (port !== null) return port;
  }
  return null;
}

/**
 * The port a server started with PORT=0 (the system chooses) bound, read from its "listening" log
 * line on stdout (LOG_LEVEL info or lower); null when the process exits before it listens. The
 * child's stdout must be a pipe; other listeners on it keep getting every chunk.
 */
export function listeningPort(child: ChildProcess, timeoutMs = 30_000): Promise<number | null> {
  const stdout = child.stdout;
  if (!stdout) throw new Error("listeningPort needs the server's stdout as a pipe");
  return new Promise((resolve, reject) => {
    let buffer = '';
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.off('exit', onExit);
      settle();
    };
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
        const port = portOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (port !== null) return finish(() => resolve(port));
      }
    };
    const onExit = () => finish(() => resolve(null));
    const timer = setTimeout(() => finish(() => reject(new Error(`the server did not log "listening" within ${timeoutMs / 1000} s`))), timeoutMs);
    stdout.on('data', onData);
    child.once('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit();
  });
}
