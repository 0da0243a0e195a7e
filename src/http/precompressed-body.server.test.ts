import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { identityLengthOf, precompress, precompressParts, precompressQuickly } from './precompressed-body.server';

async function* partsOf(parts: readonly string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

// About 2.4 MB of JSON-like text in 400 parts: over the 1 MB above which the identity bytes are not kept.
const largeParts = Array.from({ length: 400 }, (_, index) => `{"slug":"cart-${index}","description":"${'A cart for the shore. '.repeat(270)}"},`);

describe('precompressParts', () => {
  it('compresses a large body given in parts into the bytes of the whole, with the tag of the whole, without holding its identity bytes', async () => {
    const whole = Buffer.from(largeParts.join(''));
    const body = await precompressParts(partsOf(largeParts));
    expect(gunzipSync(body.gzip).equals(whole)).toBe(true);
    expect(brotliDecompressSync(body.br).equals(whole)).toBe(true);
    expect(body.identity).toBeNull();
    expect(identityLengthOf(body)).toBe(whole.length);
    expect(body.tag).toBe((await precompress(whole)).tag);
    expect(body.size).toBe(body.br.length + body.gzip.length);
  });

  it('keeps a small body as precompress does, identity bytes included', async () => {
    const parts = ['[{"slug":"a"}', ',{"slug":"b"}', ']'];
    const body = await precompressParts(partsOf(parts));
    const whole = await precompress(Buffer.from(parts.join('')));
    expect(body.identity?.toString()).toBe(parts.join(''));
    expect(body.tag).toBe(whole.tag);
    expect(gunzipSync(body.gzip).toString()).toBe(parts.join(''));
  });

  it('fails with the error of the parts, after any number of them', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      for (const part of largeParts) yield Buffer.from(part);
      throw new Error('the store went away');
    }
    await expect(precompressParts(failing())).rejects.toThrow('the store went away');
  });
});

describe('precompressQuickly', () => {
  const page = Buffer.from(`<!doctype html><p>${'A cart for the shore, street legal, lithium. '.repeat(300)}</p>`);

  it('keeps a body in the one encoding asked for, with the tag precompress gives it', async () => {
    const best = await precompress(page);
    const br = await precompressQuickly(page, 'br');
    expect(brotliDecompressSync(br.br!).equals(page)).toBe(true);
    expect(br.gzip).toBeNull();
    expect(br).toMatchObject({ effort: 'quick', tag: best.tag, size: page.length + br.br!.length });
    const gzipped = await precompressQuickly(page, 'gzip');
    expect(gunzipSync(gzipped.gzip!).equals(page)).toBe(true);
    expect(gzipped.br).toBeNull();
    const plain = await precompressQuickly(page, 'identity');
    expect(plain).toMatchObject({ br: null, gzip: null, size: page.length, tag: best.tag });
  });
});
