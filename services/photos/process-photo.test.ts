import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PhotoRejectedError } from './photo-rejected-error';
import { processPhoto, type PhotoProcessingOptions } from './process-photo';

/** A photo-like JPEG: a gradient with shapes, so every size has real content. */
async function cartPhoto(width: number, height: number): Promise<Sharp> {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#7fb8e0"/><stop offset="1" stop-color="#e9d9b0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect x="${width * 0.2}" y="${height * 0.45}" width="${width * 0.6}" height="${height * 0.3}" rx="20" fill="#b7252e"/>
    <circle cx="${width * 0.3}" cy="${height * 0.78}" r="${height * 0.1}" fill="#1b1e23"/>
    <circle cx="${width * 0.7}" cy="${height * 0.78}" r="${height * 0.1}" fill="#1b1e23"/></svg>`;
  return sharp(Buffer.from(scene));
}

/** A valid PNG header that declares a huge image over a few bytes of data: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The downloads below come from the test's own server, on loopback over plain http: allowed for it alone. */
const OWN_SERVER = { allowHttp: true, alsoAllow: (address: string) => address === '127.0.0.1' };

let work: string;
let photosDir: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'process-photo-'));
  photosDir = path.join(work, 'photos');
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function writeSource(name: string, image: Sharp | Buffer | string): Promise<string> {
  const file = path.join(work, name);
  await writeFile(file, typeof image === 'string' || Buffer.isBuffer(image) ? image : await image.toBuffer());
  return file;
}

/** Every file under photosDir, relative to it; [] when the folder was never made. */
async function writtenFiles(): Promise<string[]> {
  return (await readdir(photosDir, { recursive: true }).catch(() => [])).sort();
}

/** The one line a refused photo gives, after checking that nothing was written. */
async function refusal(source: string, limits: PhotoProcessingOptions['limits'] = {}): Promise<string> {
  const error = await processPhoto(source, { photosDir, feedDir: work, limits, network: OWN_SERVER }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PhotoRejectedError);
  expect(await writtenFiles()).toEqual([]);
  return (error as PhotoRejectedError).message;
}

describe('processPhoto', () => {
  it('writes AVIF, WebP and JPEG at 480, 960 and 1600 px wide into the folder named by its content hash', async () => {
    const source = await writeSource('u2417-1.jpg', (await cartPhoto(2400, 1600)).jpeg());
    const photo = await processPhoto(source, { photosDir, feedDir: work });

    expect(photo.hash).toMatch(/^[a-f0-9]{32}$/);
    expect(photo).toMatchObject({ width: 2400, height: 1600 });
    for (const [format, extension] of [
      ['avif', 'avif'],
      ['webp', 'webp'],
      ['jpeg', 'jpg'],
    ] as const) {
      expect(photo.sources[format]).toEqual(
        [
          [480, 320],
          [960, 640],
          [1600, 1067],
        ].map(([width, height]) => ({ width, height, url: `/photos/${photo.hash}/${width}.${extension}` })),
      );
      for (const { width, height } of photo.sources[format]) {
        const written = await sharp(path.join(photosDir, photo.hash, `${width}.${extension}`)).metadata();
        expect({ format: written.format === 'heif' ? 'avif' : written.format, width: written.width, height: written.height }).toEqual({ format, width, height });
      }
    }
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(400);
    expect(photo.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await writtenFiles()).toEqual(
      [
        photo.hash,
        ...['1600', '480', '960'].flatMap((width) => ['avif', 'jpg', 'webp'].map((extension) => `${photo.hash}/${width}.${extension}`)),
        `${photo.hash}/manifest.json`,
      ].sort(),
    );
  });

  it('never makes a photo wider than it is: 700 px gives 480 and 700, 300 px gives only 300', async () => {
    const medium = await processPhoto(await writeSource('medium.png', (await cartPhoto(700, 467)).png()), { photosDir, feedDir: work });
    expect(medium.sources.jpeg.map(({ width, height }) => [width, height])).toEqual([
      [480, 320],
      [700, 467],
    ]);
    const small = await processPhoto(await writeSource('small.webp', (await cartPhoto(300, 200)).webp()), { photosDir, feedDir: work });
    expect(small.sources.avif.map(({ width }) => width)).toEqual([300]);
    expect((await sharp(path.join(photosDir, small.hash, '300.jpg')).metadata()).width).toBe(300);
  });

  it('strips EXIF and GPS from every file it writes', async () => {
    const exif = {
      IFD0: { Make: 'ShorePhone', Model: 'Lot Camera 3', Copyright: 'Shore Golf Carts' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 3348/100', GPSLongitudeRef: 'W', GPSLongitude: '74/1 9/1 1656/100' },
    };
    const source = await writeSource('with-gps.jpg', (await cartPhoto(1200, 800)).jpeg().withExif(exif));
    const input = await sharp(source).metadata();
    expect(input.exif?.includes('ShorePhone')).toBe(true);
    // The GPS block's pointer tag (0x8825), in either byte order.
    expect(input.exif?.includes(Buffer.from([0x88, 0x25])) || input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const photo = await processPhoto(source, { photosDir, feedDir: work });
    for (const file of (await writtenFiles()).filter((name) => /\.(avif|webp|jpg)$/.test(name))) {
      const bytes = await readFile(path.join(photosDir, file));
      const written = await sharp(bytes).metadata();
      expect({ file, exif: written.exif, xmp: written.xmp, iptc: written.iptc }).toEqual({ file, exif: undefined, xmp: undefined, iptc: undefined });
      expect(bytes.includes('ShorePhone')).toBe(false);
    }
    expect(photo.sources.jpeg).toHaveLength(3);
  });

  it('turns a photo the camera held sideways upright before the orientation tag goes', async () => {
    const source = await writeSource('sideways.jpg', (await cartPhoto(1200, 800)).jpeg().withMetadata({ orientation: 6 }));
    const photo = await processPhoto(source, { photosDir, feedDir: work });
    expect(photo).toMatchObject({ width: 800, height: 1200 });
    expect(photo.sources.jpeg.map(({ width, height }) => [width, height])).toEqual([
      [480, 720],
      [800, 1200],
    ]);
    const written = await sharp(path.join(photosDir, photo.hash, '800.jpg')).metadata();
    expect([written.width, written.height, written.orientation]).toEqual([800, 1200, undefined]);
  });

  it('processes the same bytes once: again, even at the same time, it returns the same photo and rewrites nothing', async () => {
    const source = await writeSource('u2417-1.jpg', (await cartPhoto(1000, 667)).jpeg());
    const copy = await writeSource('same-bytes-other-name.jpg', await readFile(source));
    const [first, concurrent] = await Promise.all([processPhoto(source, { photosDir, feedDir: work }), processPhoto(copy, { photosDir, feedDir: work })]);
    expect(concurrent).toEqual(first);
    const before = await stat(path.join(photosDir, first.hash, '960.avif'));
    const files = await writtenFiles();

    expect(await processPhoto(copy, { photosDir, feedDir: work })).toEqual(first);
    expect((await stat(path.join(photosDir, first.hash, '960.avif'))).mtimeMs).toBe(before.mtimeMs);
    expect(await writtenFiles()).toEqual(files);
    expect(files.filter((name) => !name.startsWith(first.hash))).toEqual([]);
  });

  describe('refuses, with one line naming the photo, and writes nothing', () => {
    it('a 50 MB file', async () => {
      const file = await writeSource('huge.jpg', Buffer.alloc(50 * 1024 * 1024, 0xff));
      expect(await refusal(file)).toBe(`${file}: is 50.0 MB; a photo may be at most 25.0 MB`);
    });

    it('a decompression bomb: a tiny PNG that declares 50000 × 50000 pixels', async () => {
      const bomb = pngDeclaring(50_000, 50_000);
      expect(bomb.length).toBeLessThan(1024);
      const file = await writeSource('bomb.png', bomb);
      expect(await refusal(file)).toBe(`${file}: declares 50000 × 50000 pixels; a photo may have at most 50 megapixels`);
    });

    it('a text file named .jpg, and image formats a phone photo never is', async () => {
      const text = await writeSource('notes.jpg', 'Stock U2417: new batteries in March.\n');
      expect(await refusal(text)).toBe(`${text}: is not a JPEG, PNG, WebP or AVIF image`);
      const gif = await writeSource('animation.jpg', await (await cartPhoto(64, 64)).gif().toBuffer());
      expect(await refusal(gif)).toBe(`${gif}: is GIF, not a JPEG, PNG, WebP or AVIF image`);
    });

    it('a JPEG cut short', async () => {
      const noise = sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
      const whole = await noise.jpeg().toBuffer();
      const file = await writeSource('cut.jpg', whole.subarray(0, Math.floor(whole.length / 2)));
      expect(await refusal(file)).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: is damaged or cut short \\(.+\\)$`));
    });

    it('a file that is not there', async () => {
      const missing = path.join(work, 'missing.jpg');
      expect(await refusal(missing)).toBe(`${missing}: cannot read it (ENOENT)`);
    });
  });

  describe('downloads', () => {
    let server: Server;
    let origin: string;
    let jpeg: Buffer;
    beforeAll(async () => {
      jpeg = await (await cartPhoto(800, 533)).jpeg().toBuffer();
      server = createServer((req, res) => {
        const url = new URL(req.url!, 'http://localhost');
        if (url.pathname === '/u2417/1.jpg') res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
        else if (url.pathname === '/login') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sign in</title>');
        else if (url.pathname === '/large.jpg') res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(50 * 1024 * 1024) }).end();
        else if (url.pathname === '/endless.jpg') {
          // No Content-Length: the size shows only while reading.
          res.writeHead(200, { 'Content-Type': 'image/jpeg' });
          const block = Buffer.alloc(64 * 1024, 0xff);
          const send = () => {
            while (!res.destroyed && res.write(block));
            if (!res.destroyed) res.once('drain', send);
          };
          send();
        } else if (url.pathname === '/slow.jpg') res.writeHead(200, { 'Content-Type': 'image/jpeg' }).write(jpeg.subarray(0, 100));
        else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('processes a photo from an http address exactly as the same bytes from a file', async () => {
      const downloaded = await processPhoto(`${origin}/u2417/1.jpg`, { photosDir, feedDir: work, network: OWN_SERVER });
      const fromFile = await processPhoto(await writeSource('u2417-1.jpg', jpeg), { photosDir, feedDir: work });
      expect(downloaded).toEqual(fromFile);
      expect(downloaded.sources.webp.map(({ width }) => width)).toEqual([480, 800]);
    });

    it('refuses a page that is not an image, a missing photo, and leaves the query string (a token) out of the line', async () => {
      expect(await refusal(`${origin}/login?token=s3cret`)).toBe(`${origin}/login: the server sent text/html, not an image`);
      expect(await refusal(`${origin}/gone.jpg?token=s3cret`)).toBe(`${origin}/gone.jpg: the server answered 404`);
    });

    it('refuses a download over the size cap, declared or not', async () => {
      expect(await refusal(`${origin}/large.jpg`)).toBe(`${origin}/large.jpg: is 50.0 MB; a photo may be at most 25.0 MB`);
      expect(await refusal(`${origin}/endless.jpg`, { maxBytes: 1024 * 1024 })).toBe(`${origin}/endless.jpg: is more than 1.0 MB; a photo may be at most that`);
    });

    it('gives up on a server that stops sending', async () => {
      expect(await refusal(`${origin}/slow.jpg`, { downloadTimeoutMs: 300 })).toBe(`${origin}/slow.jpg: took longer than 0.3 s to download`);
    });

    it('says when nothing answers at the address', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      expect(await refusal(`http://127.0.0.1:${port}/1.jpg`)).toBe(`http://127.0.0.1:${port}/1.jpg: cannot download it (ECONNREFUSED)`);
    });
  });
});
