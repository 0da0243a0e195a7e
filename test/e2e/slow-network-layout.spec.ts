import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, layoutShiftsOf, PHONE_SCREEN, test, waitForHydration, watchLayoutShifts } from './support/fixtures';

// On a slow phone connection the page's HTML arrives a piece at a time, and the browser paints
// what it has parsed so far. Nothing it painted may move when the rest arrives: no picture put
// above the text by CSS alone, no button that wraps onto a new row once its label arrives, no
// fixed bar that grows. This proxy in front of the test site sends each page's HTML in small
// pieces with a pause between them (its other files at once), as a slow network would.

const PIECE_BYTES = 700;
const PAUSE_MS = 12;

let proxy: Server;
let proxyOrigin = '';

test.beforeAll(async ({ baseURL }) => {
  const site = new URL(baseURL!);
  proxy = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: site.hostname,
        port: site.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: site.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const isPage = String(answer.headers['content-type']).startsWith('text/html');
        const headers = { ...answer.headers };
        if (isPage) delete headers['content-length'];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        if (!isPage) return void answer.pipe(outgoing);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', async () => {
          const body = Buffer.concat(chunks);
          for (let offset = 0; offset < body.length; offset += PIECE_BYTES) {
            outgoing.write(body.subarray(offset, offset + PIECE_BYTES));
            await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
          }
          outgoing.end();
        });
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});

test.describe('a page received slowly on a phone', () => {
  test.use({ viewport: PHONE_SCREEN });

  for (const path of ['/', '/vehicles/denago-ev-city', '/services', '/toms-river-township-golf-carts', '/rentals', '/inventory']) {
    test(`${path} moves nothing it has painted while the rest arrives`, async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto(proxyOrigin + path);
      await waitForHydration(page);
      const shifts = await layoutShiftsOf(page);
      expect(shifts).toEqual([]);
    });
  }
});
