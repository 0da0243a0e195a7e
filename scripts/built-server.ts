import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { listeningPortInLog } from '../test/support/listening-port';

// A built server the benchmarks started (node dist/server/server.js, its output in a log file):
// waited for until it listens, and stopped as the image's orchestrator stops it.

/** The server's origin once its log names the port it listens on; its log's end if it exits first. */
export async function listeningOrigin(server: ChildProcess, logFile: string, name: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${name} exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const port = listeningPortInLog(readFileSync(logFile, 'utf8'));
    if (port !== null) return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not listen within 120 s`);
}

/** SIGTERM, then the process's exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** "name:VALUE" options, by build name. */
export function perBuild(entries: string[], option: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    if (colon < 1) throw new Error(`--${option} name:VALUE, not ${entry}`);
    byName.set(entry.slice(0, colon), [...(byName.get(entry.slice(0, colon)) ?? []), entry.slice(colon + 1)]);
  }
  return byName;
}
