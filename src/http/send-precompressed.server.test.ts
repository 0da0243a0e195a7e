import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { precompress, precompressQuickly } from './precompressed-body.server';
import { preferredEncoding, sendOnce, sendPrecompressed } from './send-precompressed.server';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, then none, among what the request accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('never sends an encoding the request refuses with q=0', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.0')).toBe('identity');
    expect(preferredEncoding('gzip;q=0.5')).toBe('gzip');
  });
});

describe('sendPrecompressed', async () => {
  const html = `<!doctype html><p>${'A page worth compressing. '.repeat(200)}</p>`;
  const body = await precompress(Buffer.from(html));
  const app = express();
  app.get('/page', (req, res) => sendPrecompressed(req, res, { status: 200, contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0', body }));

  it('writes the bytes compressed once, in the encoding asked for, each with its own strong ETag', async () => {
    // Supertest decodes the body; what went over the wire is the kept brotli, by its length.
    const br = await request(app).get('/page').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(body.br.length));
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(`"${body.tag}-br"`);
    expect(br.text).toBe(html);
    expect(brotliDecompressSync(body.br).toString()).toBe(html);
    expect(gunzipSync(body.gzip).toString()).toBe(html);
    expect(body.br.length).toBeLessThan(Buffer.byteLength(html) / 10);

    const plain = await request(app).get('/page').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(`"${body.tag}"`);
    expect(plain.text).toBe(html);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(html));
  });

  it('answers 304 to a copy of any encoding, and nothing but headers to HEAD', async () => {
    const revisit = await request(app).get('/page').set('Accept-Encoding', 'gzip').set('If-None-Match', `"${body.tag}-br"`).expect(304);
    expect(revisit.headers.etag).toBe(`"${body.tag}-gzip"`);
    await request(app).get('/page').set('If-None-Match', '"something-else"').expect(200);
    const head = await request(app).head('/page').set('Accept-Encoding', 'gzip').expect(200);
    expect(head.headers['content-length']).toBe(String(body.gzip.length));
  });

  it('compresses a page kept quickly in one encoding on the way out for a request that asks for the other', async () => {
    const quick = await precompressQuickly(Buffer.from(html), 'br');
    expect(quick.gzip).toBeNull();
    const quickApp = express();
    quickApp.get('/page', (req, res) =>
      sendPrecompressed(req, res, { status: 200, contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0', body: quick }),
    );

    const br = await request(quickApp).get('/page').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-length']).toBe(String(quick.br!.length));
    expect(br.text).toBe(html);
    // Supertest decodes the body by its Content-Encoding: gzip of the page, with no length kept.
    const gzipped = await request(quickApp).get('/page').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(`"${quick.tag}-gzip"`);
    expect(gzipped.text).toBe(html);
    const plain = await request(quickApp).get('/page').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.text).toBe(html);
    const head = await request(quickApp).head('/page').set('Accept-Encoding', 'gzip').expect(200);
    expect(head.headers['content-encoding']).toBe('gzip');
  });
});

describe('sendOnce', () => {
  const html = `<!doctype html><p>${'Results for what one visitor typed. '.repeat(200)}</p>`;
  const app = express();
  app.get('/search', (req, res) => sendOnce(req, res, { status: 200, contentType: 'text/html; charset=utf-8', cacheControl: 'private, no-store' }, Buffer.from(html)));

  it('compresses the page once in the encoding asked for, with its length and no validator, and sends it whole', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await request(app).get('/search').set('Accept-Encoding', encoding).expect(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(html) / 10);
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.text).toBe(html);
    }
  });

  it('sends the bytes as they are to a client that accepts no encoding, and no body to HEAD', async () => {
    const plain = await request(app).get('/search').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(html)));
    expect(plain.text).toBe(html);
    const head = await request(app).head('/search').set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.text).toBeUndefined();
  });

  it('revalidates a body any visitor may get: its hash as a weak ETag, 304 to a current copy in any encoding', async () => {
    const shared = express();
    const page = (status: number) => (req: express.Request, res: express.Response) =>
      sendOnce(req, res, { status, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache', revalidate: true }, Buffer.from(html));
    shared.get('/page', page(200));
    shared.get('/missing', page(404));
    const first = await request(shared).get('/page').set('Accept-Encoding', 'br').expect(200);
    expect(first.headers.etag).toBe(`W/"${createHash('sha1').update(html).digest('base64url')}"`);
    expect(first.text).toBe(html);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await request(shared).get('/page').set('Accept-Encoding', encoding).set('If-None-Match', first.headers.etag!).expect(304);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.text).toBe('');
    }
    await request(shared).get('/page').set('If-None-Match', 'W/"another"').expect(200);
    // Only a 200 is revalidated: a not-found page is sent whole, whatever the visitor holds.
    const missing = await request(shared).get('/missing').set('If-None-Match', first.headers.etag!).expect(404);
    expect(missing.text).toBe(html);
  });
});
