import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The security headers every answer carries: a page, an API answer, a static file, a redirect and
 * a not-found page. Scripts run only from the site's own files (no inline script, no nonce: every
 * visitor of a URL gets the same policy and page), the only frames are the Google maps,
 * and HSTS is sent only when the site is served over HTTPS.
 */

const MAP_HOST = 'https://www.google.com';

/** One answer of each kind the site gives, with the status it must have. */
const ANSWERS: Array<{ kind: string; path: string; status: number; referrer?: string }> = [
  { kind: 'a page', path: '/inventory', status: 200 },
  { kind: 'an API answer', path: '/api/vehicles', status: 200 },
  { kind: 'a static file', path: '/favicon.svg', status: 200 },
  { kind: 'a redirect', path: '/Services/', status: 301 },
  { kind: 'the not-found page', path: '/no-such-page', status: 404 },
  { kind: 'an unknown API path', path: '/api/vehicles/not-a-uuid', status: 404 },
  // Staff addresses never send their path to another site (an invitation's token is in one).
  { kind: 'the staff area’s redirect to sign-in', path: '/staff', status: 303, referrer: 'same-origin' },
  { kind: 'a staff page', path: '/staff/no-such-page', status: 404, referrer: 'same-origin' },
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
  const site = useTestApp({ PUBLIC_ORIGIN: 'https://www.shoregolfcarts.test' });

  it('runs only script files from the site itself: no inline script, no nonce, never unsafe-inline, the same policy for everyone', async () => {
    const first = await get(site, '/', 200);
    const policy = directives(first.headers['content-security-policy'] as string);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    // Every script element without a src is data the browser does not run: JSON-LD and the router's hydration data.
    const inline = [...first.text.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((match) => match[1]!.trim());
    expect(inline.length).toBeGreaterThan(1);
    for (const attributes of inline) expect(attributes).toMatch(/^type="application\/(ld\+)?json"/);
    expect(first.text).toContain('<script type="application/json" id="router-hydration-data">');
    expect(first.text).not.toContain('nonce');
    const second = await get(site, '/', 200);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it.each(ANSWERS)('$kind ($path) carries the full policy and the other security headers', async ({ path, status, referrer }) => {
    const response = await get(site, path, status);
    const policy = directives(response.headers['content-security-policy'] as string);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['frame-src']).toEqual([MAP_HOST]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // ASVS 5.0 V3.4.3: the site has no <base>, and none may be injected.
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['upgrade-insecure-requests']).toEqual([]);

    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe(referrer ?? 'strict-origin-when-cross-origin');
    const permissions = response.headers['permissions-policy'] as string;
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
    // Two years, subdomains included: browsers refuse plain HTTP to the site from then on.
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('served over plain HTTP', () => {
  const site = useTestApp({ PUBLIC_ORIGIN: 'http://localhost:3000' });

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
