import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The security headers every answer carries: a page, an API answer, a static file, a redirect and
 * a not-found page. Scripts run only with the page's nonce, the only frames are the Google maps,
 * and HSTS is sent only when the site is served over HTTPS.
 */

const MAP_HOST = 'https://www.google.com';

/** One answer of each kind the site gives, with the status it must have. */
const ANSWERS: Array<{ kind: string; path: string; status: number }> = [
  { kind: 'a page', path: '/inventory', status: 200 },
  { kind: 'an API answer', path: '/api/vehicles', status: 200 },
  { kind: 'a static file', path: '/favicon.svg', status: 200 },
  { kind: 'a redirect', path: '/Services/', status: 301 },
  { kind: 'the not-found page', path: '/no-such-page', status: 404 },
  { kind: 'an unknown API path', path: '/api/vehicles/not-a-uuid', status: 404 },
];

/** The policy as directive name → sources, e.g. { 'object-src': ["'none'"] }. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function get(site: TestApp, path: string, status: number) {
  const response = await request(site.app).get(path);
  expect(response.status, path).toBe(status);
  return response;
}

describe('served over HTTPS', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ PUBLIC_ORIGIN: 'https://www.shoregolfcarts.test' });
  });
  afterAll(async () => site.close());

  it('runs only the scripts the page itself carries: a fresh nonce per answer, never unsafe-inline', async () => {
    const first = await get(site, '/', 200);
    const policy = directives(first.headers['content-security-policy'] as string);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(policy['script-src']![1]!)?.[1];
    expect(policy['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy['default-src']).toEqual(["'self'"]);
    // Every inline script that runs (the hydration data) carries the nonce; JSON-LD is data, not run.
    const inline = [...first.text.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((match) => match[1]!.trim());
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toBe(`nonce="${nonce}"`);
    const second = await get(site, '/', 200);
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  });

  it.each(ANSWERS)('$kind ($path) carries the full policy and the other security headers', async ({ path, status }) => {
    const response = await get(site, path, status);
    const policy = directives(response.headers['content-security-policy'] as string);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['frame-src']).toEqual([MAP_HOST]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['upgrade-insecure-requests']).toEqual([]);

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const permissions = response.headers['permissions-policy'] as string;
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
    // Two years, subdomains included: browsers refuse plain HTTP to the site from then on.
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('served over plain HTTP', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ PUBLIC_ORIGIN: 'http://localhost:3000' });
  });
  afterAll(async () => site.close());

  it.each(ANSWERS)('$kind ($path) sends no HSTS and does not upgrade requests, and keeps the rest', async ({ path, status }) => {
    const response = await get(site, path, status);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const policy = directives(response.headers['content-security-policy'] as string);
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['frame-src']).toEqual([MAP_HOST]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
