import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardNetwork, isLoopbackAddress, type NetworkGuard } from '../../test/support/loopback-only-network';
import { PhotoRejectedError } from './photo-rejected-error';
import { processPhoto } from './process-photo';

/** A server on a loopback address that counts the requests it is sent; `reply` answers them. */
async function countingServer(host: string, reply: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url!);
    reply(req.url!, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('processPhoto downloads only from public addresses, checked before any connection', () => {
  let work: string;
  let photosDir: string;
  let network: NetworkGuard;
  let jpeg: Buffer;
  let own: Awaited<ReturnType<typeof countingServer>>;
  let other: Awaited<ReturnType<typeof countingServer>>;
  const lookups: string[] = [];
  /** A resolver for made-up names, so no test asks a real DNS server: each name gives what the table says. */
  const names: Record<string, string[]> = {
    'photos.dealer.test': ['10.0.0.1'],
    'mixed.dealer.test': ['93.184.216.34', '10.0.0.1'],
    'metadata.dealer.test': ['::ffff:169.254.169.254'],
    'v6.dealer.test': ['fd00:ec2::254'],
  };
  const lookup = async (hostname: string) => {
    lookups.push(hostname);
    return (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'photo-downloads-'));
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6fa3' } })
      .jpeg()
      .toBuffer();
    // Another loopback address, where a redirect may try to send the import.
    other = await countingServer('127.0.0.2', (_url, res) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg));
    own = await countingServer('127.0.0.1', (url, res) => {
      const to = new URL(url, 'http://own').searchParams.get('to');
      if (url.startsWith('/photo.jpg')) res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
      else if (to) res.writeHead(302, { Location: to }).end();
      else if (url === '/loop') res.writeHead(301, { Location: '/loop' }).end();
      else res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await own?.close();
    await other?.close();
    await rm(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    photosDir = path.join(work, `photos-${Date.now()}`);
    lookups.length = 0;
    own.seen.length = 0;
    other.seen.length = 0;
    network = guardNetwork();
  });
  afterEach(() => {
    network.restore();
  });

  /** The line a refused download gives, after checking that nothing was written and nothing connected. */
  async function refusal(source: string, options: { allowHttp?: boolean; alsoAllow?: (address: string) => boolean } = {}): Promise<string> {
    const connectionsBefore = network.connections.length;
    const error = await processPhoto(source, { photosDir, feedDir: work, network: { allowHttp: true, lookup, ...options } }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PhotoRejectedError);
    expect(await readdir(photosDir).catch(() => [])).toEqual([]);
    // Refused by the import itself, not stopped by the tests' guard: no connection was even tried.
    expect(network.stopped).toEqual([]);
    if (!options.alsoAllow) expect(network.connections.slice(connectionsBefore)).toEqual([]);
    return (error as PhotoRejectedError).message;
  }

  it('refuses http://127.0.0.1:PORT/ and [::1] with a server listening there, which sees no request', async () => {
    const address = `http://127.0.0.1:${own.port}/photo.jpg`;
    expect(await refusal(address)).toBe(`${address}: is on 127.0.0.1, a loopback address; photos are downloaded from public addresses only`);
    expect(await refusal(`http://[::ffff:127.0.0.1]:${own.port}/photo.jpg`)).toBe(
      `http://[::ffff:7f00:1]:${own.port}/photo.jpg: is on ::ffff:7f00:1, a loopback address; photos are downloaded from public addresses only`,
    );
    expect(await refusal('https://[::1]/photo.jpg')).toBe('https://[::1]/photo.jpg: is on ::1, a loopback address; photos are downloaded from public addresses only');
    expect(own.seen).toEqual([]);
  });

  it('refuses the cloud metadata service, 169.254.169.254, whatever the address looks like', async () => {
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe(
      'http://169.254.169.254/latest/meta-data/: is on 169.254.169.254, a link-local address (the cloud metadata service); photos are downloaded from public addresses only',
    );
    // The same address as one number, in hexadecimal, and as IPv4-mapped IPv6.
    expect(await refusal('http://2852039166/latest')).toMatch(/^http:\/\/169\.254\.169\.254\/latest: is on 169\.254\.169\.254, a link-local address/);
    expect(await refusal('http://0xa9.0xfe.0xa9.0xfe/latest')).toMatch(/^http:\/\/169\.254\.169\.254\/latest: is on 169\.254\.169\.254, a link-local address/);
    expect(await refusal('https://[::ffff:169.254.169.254]/latest')).toMatch(/: is on ::ffff:a9fe:a9fe, a link-local address/);
    expect(await refusal('https://metadata.dealer.test/latest')).toBe(
      'https://metadata.dealer.test/latest: is on metadata.dealer.test, which resolves to ::ffff:169.254.169.254, a link-local address (the cloud metadata service); photos are downloaded from public addresses only',
    );
    expect(await refusal('https://v6.dealer.test/1.jpg')).toBe(
      'https://v6.dealer.test/1.jpg: is on v6.dealer.test, which resolves to fd00:ec2::254, a unique-local (private) address; photos are downloaded from public addresses only',
    );
  });

  it('refuses a name that resolves to 10.0.0.1, or to a public and a private address, without connecting', async () => {
    expect(await refusal('https://photos.dealer.test/u2417/1.jpg?token=s3cret')).toBe(
      'https://photos.dealer.test/u2417/1.jpg: is on photos.dealer.test, which resolves to 10.0.0.1, a private address; photos are downloaded from public addresses only',
    );
    expect(await refusal('https://mixed.dealer.test/1.jpg')).toBe(
      'https://mixed.dealer.test/1.jpg: is on mixed.dealer.test, which resolves to 10.0.0.1, a private address; photos are downloaded from public addresses only',
    );
    expect(lookups).toEqual(['photos.dealer.test', 'mixed.dealer.test']);
  });

  it('refuses plain http unless allowed', async () => {
    expect(await refusal('http://photos.dealer.test/1.jpg', { allowHttp: false })).toBe(
      'http://photos.dealer.test/1.jpg: is plain http; photos are downloaded over https only (FEED_PHOTOS_ALLOW_HTTP=true allows http)',
    );
    expect(lookups).toEqual([]);
  });

  describe('from a server the test trusts (its own, on 127.0.0.1)', () => {
    const trustOwn = { alsoAllow: (address: string) => address === '127.0.0.1' };

    it('refuses a redirect to another loopback address, to the metadata service or to a name that resolves privately, before connecting there', async () => {
      const start = `http://127.0.0.1:${own.port}/go`;
      const via = (to: string) => `${start}?to=${encodeURIComponent(to)}`;
      expect(await refusal(via(`http://127.0.0.2:${other.port}/photo.jpg`), trustOwn)).toBe(
        `${start}: redirects to http://127.0.0.2:${other.port}/photo.jpg, which is on 127.0.0.2, a loopback address; photos are downloaded from public addresses only`,
      );
      expect(await refusal(via('http://169.254.169.254/latest/meta-data/iam/'), trustOwn)).toMatch(
        /: redirects to http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/, which is on 169\.254\.169\.254, a link-local address/,
      );
      expect(await refusal(via('https://photos.dealer.test/1.jpg'), trustOwn)).toBe(
        `${start}: redirects to https://photos.dealer.test/1.jpg, which is on photos.dealer.test, which resolves to 10.0.0.1, a private address; photos are downloaded from public addresses only`,
      );
      expect(await refusal(via(`http://127.0.0.1:${own.port}/photo.jpg`), { ...trustOwn, allowHttp: false })).toMatch(/: is plain http;/);
      expect(other.seen).toEqual([]);
      expect(network.connections.every((connection) => connection.startsWith('127.0.0.1:'))).toBe(true);
    });

    it('stops after 5 redirects', async () => {
      expect(await refusal(`http://127.0.0.1:${own.port}/loop`, trustOwn)).toBe(`http://127.0.0.1:${own.port}/loop: is redirected more than 5 times`);
      expect(own.seen).toHaveLength(6);
    });

    it('connects to the address it checked: a name is resolved once, not again by the connection', async () => {
      // A name that answers a safe address first and a private one after (DNS rebinding).
      const answers = ['127.0.0.1', '10.0.0.1'];
      const calls: string[] = [];
      const rebinding = async (hostname: string) => {
        calls.push(hostname);
        const address = answers[Math.min(calls.length - 1, answers.length - 1)]!;
        return [{ address, family: 4 }];
      };
      const photo = await processPhoto(`http://cdn.dealer.test:${own.port}/photo.jpg`, {
        photosDir,
        feedDir: work,
        network: { allowHttp: true, lookup: rebinding, alsoAllow: (address) => address === '127.0.0.1' },
      });
      expect(photo.width).toBe(64);
      expect(calls).toEqual(['cdn.dealer.test']);
      expect(own.seen).toEqual(['/photo.jpg']);
      expect(network.stopped).toEqual([]);
      expect(network.connections.map((connection) => connection.replace(/:\d+$/, ''))).toEqual(['cdn.dealer.test (127.0.0.1)']);
      expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    });
  });
});
