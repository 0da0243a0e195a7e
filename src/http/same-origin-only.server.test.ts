import express from 'express';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { errorHandler } from './error-handler.server';
import { sameOriginOnly } from './same-origin-only.server';

const PUBLIC_ORIGIN = 'https://www.shoregolfcarts.test';

/** A form endpoint behind the check, as the contact and vitals controllers mount it. */
function formEndpoint(trustProxy = false) {
  const app = express();
  if (trustProxy) app.set('trust proxy', 1);
  app.post('/form', sameOriginOnly(PUBLIC_ORIGIN, 'Only from our own pages.'), (_req, res) => {
    res.status(204).end();
  });
  app.use(errorHandler);
  return app;
}

/** Supertest sends Host: 127.0.0.1:<port>; the origin a browser on that address would name. */
async function ownOrigin(app: express.Express): Promise<{ post: (headers: Record<string, string>) => request.Test; origin: string }> {
  const agent = request(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  server.close();
  return { post: (headers) => agent.post('/form').set({ Host: `127.0.0.1:${port}`, ...headers }), origin: `http://127.0.0.1:${port}` };
}

describe('same-origin check for form posts', () => {
  test('a browser that says Sec-Fetch-Site: same-origin is believed', async () => {
    await request(formEndpoint()).post('/form').set('Sec-Fetch-Site', 'same-origin').expect(204);
  });

  test('a browser that says Sec-Fetch-Site: cross-site is refused, whatever Origin it names', async () => {
    const answer = await request(formEndpoint()).post('/form').set({ 'Sec-Fetch-Site': 'cross-site', Origin: PUBLIC_ORIGIN }).expect(403);
    expect(answer.text).toContain('Only from our own pages.');
  });

  test('the configured PUBLIC_ORIGIN is accepted by Origin, and by Referer when there is no Origin', async () => {
    await request(formEndpoint()).post('/form').set('Origin', PUBLIC_ORIGIN).expect(204);
    await request(formEndpoint()).post('/form').set('Referer', `${PUBLIC_ORIGIN}/contact?interest=sales`).expect(204);
    await request(formEndpoint()).post('/form').set({ 'Sec-Fetch-Site': 'same-site', Origin: PUBLIC_ORIGIN }).expect(204);
  });

  test('the origin the request was sent to is accepted: a site reached on another host name or port', async () => {
    const site = await ownOrigin(formEndpoint());
    await site.post({ Origin: site.origin }).expect(204);
    await site.post({ Referer: `${site.origin}/contact` }).expect(204);
    await site.post({ Origin: 'http://localhost:3000' }).expect(403);
  });

  test('X-Forwarded-Host and -Proto count only behind a trusted proxy', async () => {
    const forwarded = { 'X-Forwarded-Host': 'carts.example.net', 'X-Forwarded-Proto': 'https', Origin: 'https://carts.example.net' };
    await request(formEndpoint()).post('/form').set(forwarded).expect(403);
    await request(formEndpoint(true)).post('/form').set(forwarded).expect(204);
  });

  test.each([
    ['another site', { Origin: 'https://evil.example' }],
    ['an opaque origin, even with our Referer', { Origin: 'null', Referer: `${PUBLIC_ORIGIN}/contact` }],
    ['a look-alike origin', { Origin: `${PUBLIC_ORIGIN}.evil.example` }],
    ['another site by Referer', { Referer: 'https://evil.example/contact' }],
    ['a malformed Referer', { Referer: 'not a url' }],
    ['no Sec-Fetch-Site, Origin or Referer', {}],
  ])('a post from %s is refused', async (_from, headers: Record<string, string>) => {
    await request(formEndpoint()).post('/form').set(headers).expect(403);
  });
});
