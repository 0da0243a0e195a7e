import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../support/production-server';

// Static files are compressed once, at build time (vite.config.ts, precompressAssets): brotli at its
// best quality and gzip beside each asset, and the server sends those bytes as they are.

const ASSETS = path.resolve('dist/client/assets');
const scripts = () => readdirSync(ASSETS).filter((file) => /\.(js|css)$/.test(file) && statSync(path.join(ASSETS, file)).size >= 1024);

/** One raw answer, not decoded: its status, headers and the bytes as sent. */
function get(
  origin: string,
  pathname: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${pathname}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the build', () => {
  it('writes a brotli and a gzip copy of every script and stylesheet, each the same bytes once decoded, brotli the smaller', () => {
    const files = scripts();
    expect(files.some((file) => file.startsWith('framework-'))).toBe(true);
    for (const file of files) {
      const original = readFileSync(path.join(ASSETS, file));
      const br = readFileSync(path.join(ASSETS, `${file}.br`));
      const gz = readFileSync(path.join(ASSETS, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(gz.length);
    }
  });
});

describe('the server', () => {
  let folder: string;
  let server: ProductionServer;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
    server = await startProductionServer({ dataDir: path.join(folder, 'data'), mailDir: path.join(folder, 'mail') });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exit;
    rmSync(folder, { recursive: true, force: true });
  });

  it('sends the copy the visitor accepts, byte for byte as built, with the file’s own type and a year of caching', async () => {
    const framework = scripts().find((file) => file.startsWith('framework-'))!;
    const built = (suffix: string) => readFileSync(path.join(ASSETS, framework + suffix));
    for (const [accept, encoding, suffix] of [
      ['br, gzip', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
      ['gzip, br;q=0', 'gzip', '.gz'],
    ] as const) {
      const answer = await get(server.origin, `/assets/${framework}`, accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type'], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(answer.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(answer.body.equals(built(suffix)), accept).toBe(true);
    }
    const plain = await get(server.origin, `/assets/${framework}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(built(''))).toBe(true);
  });

  it('still answers a file the build left uncompressed, and a missing asset with 404', async () => {
    expect((await get(server.origin, '/favicon.svg', 'br')).status).toBe(200);
    expect((await get(server.origin, '/assets/missing-0000.js', 'br')).status).toBe(404);
  });
});
