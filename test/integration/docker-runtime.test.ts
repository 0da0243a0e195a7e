import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPort } from '../support/listening-port';

/**
 * No Docker engine runs here, so this reproduces the image's runtime stage by hand: copy exactly
 * what the Dockerfile's last stage copies, install production dependencies only, start the CMD,
 * and ask it for pages. Needs the production build (npm run build runs before the tests).
 */
const repo = process.cwd();

interface RuntimeStage {
  copies: Array<{ sources: string[]; destination: string; fromBuild: boolean }>;
  runs: string[];
  env: Record<string, string>;
  cmd: string[];
}

function runtimeStage(dockerfile: string): RuntimeStage {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const lastFrom = lines
    .map((line, index) => (/^FROM\s/i.test(line) ? index : -1))
    .filter((index) => index >= 0)
    .pop()!;
  const stage: RuntimeStage = { copies: [], runs: [], env: {}, cmd: [] };
  for (const line of lines.slice(lastFrom + 1)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (instruction?.toUpperCase()) {
      case 'COPY': {
        const parts = args.split(/\s+/);
        const fromBuild = parts[0]?.startsWith('--from=') ?? false;
        const paths = parts.filter((part) => !part.startsWith('--'));
        stage.copies.push({ sources: paths.slice(0, -1), destination: paths.at(-1)!, fromBuild });
        break;
      }
      case 'RUN':
        stage.runs.push(args);
        break;
      case 'ENV':
        for (const pair of args.match(/\S+=\S+/g) ?? []) {
          const [key, value] = pair.split('=');
          stage.env[key!] = value!;
        }
        break;
      case 'CMD':
        stage.cmd = JSON.parse(args) as string[];
        break;
    }
  }
  return stage;
}

/** Resolves a COPY source: build-stage paths are under /app in the build image, i.e. the repo here. */
function expandSource(source: string): string[] {
  const relative = source.replace(/^\/app\/?/, '');
  if (!relative.includes('*')) return [relative];
  const pattern = new RegExp(`^${relative.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
  return readdirSync(repo).filter((name) => pattern.test(name));
}

/** The site's public address as an operator would set it; the server itself listens on a port the system chooses. */
const PUBLIC_ORIGIN = 'http://www.shoregolfcarts.test';

describe('the Docker runtime stage', () => {
  const stage = runtimeStage(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  let workdir: string;
  let server: ChildProcess | undefined;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    expect(existsSync(path.join(repo, 'dist/server/server.js')), 'run npm run build first').toBe(true);
    workdir = mkdtempSync(path.join(tmpdir(), 'runtime-stage-'));
    for (const copy of stage.copies) {
      for (const source of copy.sources.flatMap(expandSource)) {
        const target = copy.destination.endsWith('/') ? path.join(workdir, copy.destination, path.basename(source)) : path.join(workdir, copy.destination);
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(path.join(repo, source), target, { recursive: true });
      }
    }
    const install = stage.runs.find((run) => run.includes('npm ci'));
    expect(install).toContain('--omit=dev');
    const installed = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: workdir, encoding: 'utf8' });
    expect(installed.status, installed.stderr).toBe(0);

    server = spawn(stage.cmd[0]!, stage.cmd.slice(1), {
      cwd: workdir,
      env: {
        PATH: process.env.PATH,
        ...stage.env,
        DATA_DIR: path.join(workdir, 'var/data'),
        MAIL_DIR: path.join(workdir, 'var/mail'),
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN,
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await listeningPort(server);
    if (port === null) throw new Error(`the runtime stage did not start:\n${output}`);
    baseUrl = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (workdir) rmSync(workdir, { recursive: true, force: true });
  });

  it('copies only the build output and the package manifests, without development dependencies', () => {
    // var/ is the server's own data and mail, written at run time.
    expect(
      readdirSync(workdir)
        .filter((name) => name !== 'var')
        .sort(),
    ).toEqual(['dist', 'node_modules', 'package-lock.json', 'package.json', 'packages', 'seeds']);
    expect(readdirSync(path.join(workdir, 'seeds'))).toEqual(['catalog.json']);
    // The embedded database's workspace brings its manifest only; its code is in dist/server.
    expect(readdirSync(path.join(workdir, 'packages/embedded-mongo'))).toEqual(['package.json']);
    expect(existsSync(path.join(workdir, 'node_modules/express'))).toBe(true);
    expect(existsSync(path.join(workdir, 'node_modules/vite'))).toBe(false);
    expect(existsSync(path.join(workdir, 'node_modules/vitest'))).toBe(false);
  });

  it('serves the home page as complete HTML', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Electric Golf Carts for the Jersey Shore<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/">`);
  });

  it('serves the hashed client assets the page links to as immutable', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(stylesheet).toBeTruthy();
    for (const asset of [script!, stylesheet!]) {
      const response = await fetch(`${baseUrl}${asset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers the health check', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('runs the catalog import command with the shipped catalog', () => {
    const result = spawnSync('node', ['dist/server/catalog-import.js'], {
      cwd: workdir,
      env: { PATH: process.env.PATH, ...stage.env, DATA_DIR: path.join(workdir, 'var/import-data') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('created 23, updated 0, unchanged 0');
    expect(result.status).toBe(0);
  });

  it('runs the operator commands against the running site’s own data folder', () => {
    const env = { PATH: process.env.PATH, ...stage.env, DATA_DIR: path.join(workdir, 'var/data') };
    const run = (script: string, ...args: string[]) => spawnSync('node', [`dist/server/${script}.js`, ...args], { cwd: workdir, env, encoding: 'utf8', timeout: 30_000 });
    const backup = run('db-backup', path.join(workdir, 'var/backups/now.sqlite'));
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^backup written to .*now\.sqlite \(\d+ KB, checked\)$/m);
    const status = run('inquiries-status');
    expect(status.stdout.split('\n')[0]).toBe('0 pending, 0 failed');
    expect(status.status).toBe(0);
  });

  it('stops cleanly with exit code 0 on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
