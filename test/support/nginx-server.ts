import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

// Debian's nginx (the `nginx` package) run by a test or the SSR benchmark as a private, throwaway
// server on loopback: a temporary prefix folder with its own configuration, pid file, logs and temp
// folders, one process (no master, no daemon) so its CPU time is one /proc entry, stopped by pid.

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  pid: number;
  /** The prefix folder: the configuration, logs and temp folders live here. */
  prefix: string;
  /** The last lines of its error log, for a failure message. */
  errorLog(): string;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX_BINARY);
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Starts nginx with `http` as the body of its http block (server blocks and all; `{port}` is
 * replaced by the port it listens on, `{prefix}` by its folder). Resolves once it answers.
 * `options.port`: a port chosen beforehand (freePort), for sites that must be told the proxy's
 * address before it starts.
 */
export async function startNginx(http: string, options: { port?: number } = {}): Promise<NginxServer> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nginx-'));
  for (const folder of ['logs', 'temp', 'cache', 'root']) await mkdir(path.join(prefix, folder));
  const port = options.port ?? (await freePort());
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  default_type application/octet-stream;
${http.replaceAll('{port}', String(port)).replaceAll('{prefix}', prefix)}
}
`;
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, config);
  const errorLogFile = path.join(prefix, 'logs/error.log');
  const errorLog = () => {
    try {
      return readFileSync(errorLogFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '(no error log)';
    }
  };
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', prefix, '-c', configFile, '-e', errorLogFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(prefix, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const message = `nginx exited with code ${child.exitCode}: ${stderr}\n${errorLog()}`;
      await stop();
      throw new Error(message);
    }
    try {
      await fetch(`${origin}/`, { method: 'HEAD' });
      return { origin, port, pid: child.pid!, prefix, errorLog, stop };
    } catch {
      await wait(50);
    }
  }
  await stop();
  throw new Error(`nginx did not answer within 10 s: ${stderr}`);
}
