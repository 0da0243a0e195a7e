import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedFiles } from './precompressed-files.server';

const script = Buffer.from(`export const carts = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `cart ${index}`))};\n`);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('precompressedFiles', () => {
  let root: string;
  let app: express.Express;
  let server: Server;
  /** One answer as sent, not decoded. */
  const get = (pathname: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const sent = httpRequest({ host: '127.0.0.1', port, path: pathname, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      sent.on('error', reject);
      sent.end();
    });
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'precompressed-files-'));
    writeFileSync(path.join(root, 'app-1234.js'), script);
    writeFileSync(path.join(root, 'app-1234.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'app-1234.js.gz'), gzipSync(script));
    writeFileSync(path.join(root, 'small.txt'), 'too small to compress');
    app = express();
    app.use(precompressedFiles(root, { maxAge: 365 * 24 * 60 * 60 * 1000, immutable: true }), express.static(root, { index: false }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the encoding the visitor accepts with the file’s type, a year of caching and validators; a revisit with them gets 304', async () => {
    for (const [accept, encoding, bytes] of [
      ['br, gzip', 'br', brotliCompressSync(script)],
      ['gzip', 'gzip', gzipSync(script)],
    ] as const) {
      const answer = await get('/app-1234.js', { 'Accept-Encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-length']).toBe(String(bytes.length));
      expect(answer.body.equals(bytes)).toBe(true);

      const byTag = await get('/app-1234.js', { 'Accept-Encoding': accept, 'If-None-Match': String(answer.headers.etag) });
      expect(byTag.status).toBe(304);
      expect(byTag.headers.etag).toBe(answer.headers.etag);
      expect((await get('/app-1234.js', { 'Accept-Encoding': accept, 'If-Modified-Since': String(answer.headers['last-modified']) })).status).toBe(304);
    }
  });

  it('answers HEAD with the headers alone, and a range from the static handler', async () => {
    const head = await get('/app-1234.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(brotliCompressSync(script).length));
    expect(head.body.length).toBe(0);
    const range = await get('/app-1234.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.equals(brotliCompressSync(script).subarray(0, 10))).toBe(true);
  });

  it('leaves a file without compressed copies, and a request that accepts no encoding, to the static handler', async () => {
    const small = await request(app).get('/small.txt').set('Accept-Encoding', 'br').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('too small to compress');
    const plain = await get('/app-1234.js', { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });
});
