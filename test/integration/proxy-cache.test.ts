import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type NginxServer } from '../support/nginx-server';
import shippedCatalog from '../../seeds/catalog.json';
import { importCatalog } from '../../services/catalog-import.service';
import { staffSessionRepository } from '../../models/staff-session.repository';
import { staffRepository } from '../../models/staff.repository';
import { createSecretToken, hashSecretToken } from '../../src/staff/secret-token.server';
import { textOf } from '../support/page-html';
import { startTestApp, type TestApp } from '../support/test-app';

// The site behind a real reverse proxy: Debian's nginx (the `nginx` package, which .ci/run installs)
// with proxy_cache, both on loopback. It keeps what the site's Cache-Control lets a shared cache
// keep (s-maxage, stale-while-revalidate), and nothing a visitor typed.

let site: TestApp;
let server: Server;
let proxy: NginxServer;

const cityEntry = (shippedCatalog as Array<Record<string, unknown> & { slug: string }>).find((entry) => entry.slug === 'denago-ev-city')!;

async function viaProxy(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(proxy.origin + path, { headers: { 'Accept-Encoding': 'gzip', ...headers }, redirect: 'manual' });
  return {
    status: response.status,
    cache: response.headers.get('x-cache-status'),
    etag: response.headers.get('etag'),
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

/** A signed-in owner's session cookie, made straight in the database (sign-in itself is tested in staff-sign-in.test.ts). */
async function ownerSessionCookie(): Promise<string> {
  const now = new Date();
  const owner = await staffRepository.createInvited({
    email: 'owner@example.org',
    name: 'Olive Owner',
    role: 'owner',
    webAuthnUserId: randomBytes(16),
    invitedBy: { operator: true },
    now,
  });
  await staffRepository.setStatus(owner!.id, 'active', { now });
  const token = createSecretToken();
  const later = new Date(now.getTime() + 60 * 60_000);
  await staffSessionRepository.create({
    tokenHash: hashSecretToken(token),
    staffId: owner!.id,
    purpose: 'staff',
    signedInWith: 'password+code',
    now,
    absoluteExpiresAt: later,
    expiresAt: later,
    address: '127.0.0.1',
    userAgent: 'test',
  });
  return `staff-session=${token}`;
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('behind nginx with proxy_cache', () => {
  beforeAll(async () => {
    site = await startTestApp();
    server = await new Promise<Server>((resolve) => {
      const listening = site.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const appPort = (server.address() as AddressInfo).port;
    // The shipped configuration as it is, on loopback ports and a private cache folder.
    const shipped = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
    const replaced = (text: string, from: string, to: string) => {
      if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer contains ${from}`);
      return text.replace(from, to);
    };
    proxy = await startNginx(
      [
        ['/var/cache/nginx/shore-golf-carts', '{prefix}/cache'],
        ['server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`],
        ['listen 80;', 'listen 127.0.0.1:{port};'],
      ].reduce((text, [from, to]) => replaced(text, from!, to!), shipped),
    );
  });
  afterAll(async () => {
    await proxy?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await site?.close();
  });

  it('serves a page it fetched once from its cache to the next visitor, the same bytes and ETag', async () => {
    const first = await viaProxy('/vehicles/denago-ev-city');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    const second = await viaProxy('/vehicles/denago-ev-city');
    expect(second.cache).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.etag).toBe(first.etag);
  });

  it('keeps the vehicle API and the not-found page too', async () => {
    for (const path of ['/api/vehicles', '/no-such-page']) {
      await viaProxy(path);
      expect((await viaProxy(path)).cache, path).toBe('HIT');
    }
  });

  it('never keeps a search or a prefilled contact form', async () => {
    for (const path of ['/inventory?search=rover', '/contact?interest=service&topic=Battery%20check']) {
      await viaProxy(path);
      const again = await viaProxy(path);
      expect(again.status, path).toBe(200);
      expect(again.cache, path).not.toBe('HIT');
    }
  });

  it('never keeps a staff page: a signed-in page fetched, then the same address without the cookie is sent to sign in', async () => {
    const cookie = await ownerSessionCookie();
    for (const path of ['/staff', '/STAFF']) {
      const signedIn = await viaProxy(path, { Cookie: cookie });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.text, path).toContain('Olive Owner');
      const anonymous = await viaProxy(path);
      expect(anonymous.status, path).toBe(303);
      expect(anonymous.location, path).toMatch(/^\/staff\/sign-in\?returnTo=/);
      expect(anonymous.text).not.toContain('Olive Owner');
      expect(anonymous.cache, path).not.toBe('HIT');
    }
  });

  it('shows the new catalog within seconds of an import', async () => {
    const before = await viaProxy('/inventory');
    expect((await viaProxy('/inventory')).cache).toBe('HIT');
    expect(textOf(before.text)).toContain('$11,995');

    await importCatalog([{ ...cityEntry, price: 12345 }]);
    const imported = Date.now();
    let seenAfter: number | null = null;
    while (Date.now() - imported < 15_000) {
      if (textOf((await viaProxy('/inventory')).text).includes('$12,345')) {
        seenAfter = Date.now() - imported;
        break;
      }
      await wait(250);
    }
    // s-maxage is 5 s; the first request after that gets the stale copy while nginx fetches the new one.
    expect(seenAfter).not.toBeNull();
    expect(seenAfter!).toBeLessThan(8000);
    // And from then on the new page comes from the proxy's cache again.
    const after = await viaProxy('/inventory');
    expect(textOf(after.text)).toContain('$12,345');
    expect(['HIT', 'REVALIDATED', 'UPDATING']).toContain(after.cache);
  }, 30_000);
});
