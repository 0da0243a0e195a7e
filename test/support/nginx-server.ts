import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

// Debian's nginx (the `nginx` package) run by a test or the SSR benchmark as a private, throwaway
// server on loopback: a temporary prefix folder with its own configuration, pid file, logs and temp
// folders, one process (no master, no daemon) so its CPU time is one /proc entry, stopped by pid.
// A test whose upstream changes while nginx runs asks for a master process, which reloads its
// configuration on SIGHUP (one process alone does not: it goes on answering with the old one).

export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The one process, or the master process with options.masterProcess. */
  pid: number;
  /** The prefix folder: the configuration, logs and temp folders live here. */
  prefix: string;
  /** The last lines of its error log, for a failure message. */
  errorLog(): string;
  /**
   * With options.masterProcess: writes `http` (as startNginx takes it, on the same port and
   * folder) as the configuration and tells nginx to take it up. nginx starts a worker on it and
   * lets the old one finish what it answers; the caller waits for the effect it needs (a request
   * reaching a new upstream). The listening socket stays open throughout.
   */
  reload(http: string): Promise<void>;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX_BINARY);
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** nginx could not bind its port: another process took it after freePort found it free. */
class PortTaken extends Error {}

/** How many ports startNginx tries when another process takes the one it was about to bind. */
const PORT_ATTEMPTS = 5;

/**
 * Starts nginx with `http` as the body of its http block (server blocks and all; `{port}` is
 * replaced by the port it listens on, `{prefix}` by its folder). Resolves once it has bound its
 * port (it writes its pid file only then) and answers. nginx cannot listen on port 0 and report
 * it, so the port is one freePort found free a moment before; when another process takes it in
 * that moment, nginx is started again on another (at most PORT_ATTEMPTS ports).
 * `options.port`: a port chosen beforehand (freePort), for sites that must be told the proxy's
 * address before it starts; it is not replaced when taken. `options.masterProcess`: a master
 * process and one worker, so that reload() works.
 */
export async function startNginx(http: string, options: { port?: number; masterProcess?: boolean } = {}): Promise<NginxServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    try {
      return await startNginxOn(http, port, options.masterProcess ?? false);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

async function startNginxOn(http: string, port: number, masterProcess: boolean): Promise<NginxServer> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nginx-'));
  for (const folder of ['logs', 'temp', 'cache', 'root']) await mkdir(path.join(prefix, folder));
  const pidFile = path.join(prefix, 'nginx.pid');
  // A master started as root runs its worker as nobody, which may not enter the prefix folder
  // (mkdtemp: owner only): the worker runs as this user, as the one process does.
  const workerUser = masterProcess && process.getuid?.() === 0 ? `\nuser ${os.userInfo().username};` : '';
  const configOf = (body: string) => `
daemon off;
master_process ${masterProcess ? 'on' : 'off'};${workerUser}
worker_processes 1;
pid ${pidFile};
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
${body.replaceAll('{port}', String(port)).replaceAll('{prefix}', prefix)}
}
`;
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, configOf(http));
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
      // A master killed outright would leave its worker holding the port: it is told to stop at once instead.
      const timer = setTimeout(() => child.kill(masterProcess ? 'SIGTERM' : 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(prefix, { recursive: true, force: true });
  };
  const reload = async (body: string) => {
    if (!masterProcess) throw new Error('nginx reloads its configuration only with a master process (startNginx options.masterProcess)');
    await writeFile(configFile, configOf(body));
    child.kill('SIGHUP');
  };

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // nginx tries a port in use five times, half a second apart, before it gives up: no need to wait for that.
    if (/bind\(\) to \S+ failed \(\d+: Address already in use\)/.test(`${stderr}\n${errorLog()}`)) {
      await stop();
      throw new PortTaken(`nginx could not listen on 127.0.0.1:${port}: another process took the port`);
    }
    if (child.exitCode !== null) {
      const message = `nginx exited with code ${child.exitCode}: ${stderr}\n${errorLog()}`;
      await stop();
      throw new Error(message);
    }
    // The pid file is written once every listening socket is bound: until then, an answer on the
    // port could come from the process that took it.
    if (existsSync(pidFile)) {
      try {
        await fetch(`${origin}/`, { method: 'HEAD' });
        return { origin, port, pid: child.pid!, prefix, errorLog, reload, stop };
      } catch {
        // Not accepting yet.
      }
    }
    await wait(50);
  }
  await stop();
  throw new Error(`nginx did not answer within 10 s: ${stderr}\n${errorLog()}`);
}
