import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CatalogVersion } from '../catalog/catalog-version';
import { cachedJson, jsonArrayParts, type JsonAnswer } from './cached-json.server';
import { testClock } from '../../test/support/test-clock';

const item = (index: number) => ({ id: index, slug: `cart-${index}`, description: 'A cart for the shore. '.repeat(60), price: index % 3 === 0 ? null : 9000 + index });

async function* pagesOf(items: readonly unknown[], pageSize: number, afterEachPage: () => void = () => undefined): AsyncGenerator<unknown[]> {
  for (let start = 0; start < items.length; start += pageSize) {
    yield items.slice(start, start + pageSize);
    afterEachPage();
  }
}

async function joined(parts: AsyncIterable<Buffer>): Promise<string> {
  const all: Buffer[] = [];
  for await (const part of parts) all.push(part);
  return Buffer.concat(all).toString();
}

/** An app answering GET /list with `answer`, kept per the revision the test sets. */
function appWith(answer: () => JsonAnswer) {
  const state = { revision: 1, answers: 0 };
  const version = async (): Promise<CatalogVersion> => ({ revision: state.revision, lastModified: null });
  const clock = testClock();
  const sendJson = cachedJson(clock.now, version);
  const app = express();
  app.get('/list', (req, res) =>
    sendJson(req, res, 'list', async () => {
      state.answers += 1;
      return answer();
    }),
  );
  return { app, state, clock };
}

describe('jsonArrayParts', () => {
  it('gives the bytes JSON.stringify gives for every page’s items in one array', async () => {
    const items = Array.from({ length: 7 }, (_, index) => item(index));
    expect(await joined(jsonArrayParts(pagesOf(items, 3)))).toBe(JSON.stringify(items));
    expect(await joined(jsonArrayParts(pagesOf([item(1)], 3)))).toBe(JSON.stringify([item(1)]));
    expect(await joined(jsonArrayParts(pagesOf([], 3)))).toBe('[]');
  });
});

describe('cachedJson with a list read a page at a time', () => {
  // About 1.6 MB: more than is kept without an encoding.
  const items = Array.from({ length: 1200 }, (_, index) => item(index));

  it('answers the whole list in every encoding, the same JSON a body would give, and keeps it for the next request', async () => {
    const { app, state } = appWith(() => ({ status: 200, pages: pagesOf(items, 100), keep: true }));
    const gzip = await request(app).get('/list').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(items);
    const plain = await request(app).get('/list').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(JSON.stringify(items));
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(items)));
    const br = await request(app).get('/list').set('Accept-Encoding', 'br').expect(200);
    expect(br.body).toEqual(items);
    expect(state.answers).toBe(1);
  });

  it('does not keep a list read while the catalog changed, so the next request reads it again', async () => {
    let changeAfterFirstPage = true;
    const { app, state } = appWith(() => ({
      status: 200,
      pages: pagesOf(items, 100, () => {
        if (changeAfterFirstPage) state.revision += 1;
        changeAfterFirstPage = false;
      }),
      keep: true,
    }));
    expect((await request(app).get('/list').expect(200)).body).toHaveLength(items.length);
    expect(state.answers).toBe(1);
    await request(app).get('/list').expect(200);
    expect(state.answers).toBe(2);
    await request(app).get('/list').expect(200);
    expect(state.answers).toBe(2);
  });
});

describe('cachedJson over time', () => {
  it('keeps an answer until the catalog version moves, however long that takes', async () => {
    const { app, state, clock } = appWith(() => ({ status: 200, body: [item(1)], keep: true }));
    await request(app).get('/list').expect(200);
    clock.advance(24 * 60 * 60 * 1000);
    await request(app).get('/list').expect(200);
    expect(state.answers).toBe(1);
    state.revision += 1;
    await request(app).get('/list').expect(200);
    expect(state.answers).toBe(2);
  });
});
