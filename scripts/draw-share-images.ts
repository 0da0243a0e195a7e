import { systemClock } from '../src/time/clock';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema.server';
import { formatPrice } from '../src/catalog/format-price';

// npx tsx scripts/draw-share-images.ts: renders each model's 1200x630 link-preview image
// (public/images/share/{slug}.jpg) from its illustration, in the site's colors, and the site's own
// (public/images/share.png). Social sites do not show SVG previews, so these are raster. Run again
// after changing the catalog or drawings. The images name no business, phone or place: those come
// from the business file at run time, and a picture cannot follow it.

const root = process.cwd();
const outDir = path.join(root, 'public/images/share');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One 1200x630 card: text on the left, a cart drawing on the right, on the site's dark blue. */
function shareCard(text: string, art: string): string {
  return `<!doctype html><html><head><style>
    body{margin:0;width:1200px;height:630px;display:flex;align-items:center;overflow:hidden;color:#fff;
      font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;
      background:radial-gradient(120% 80% at 100% 0%,#1f7fa6 0%,transparent 60%),linear-gradient(160deg,#0f3a4f,#08243a)}
    .text{padding-left:72px;width:520px}
    .eyebrow{font-size:26px;font-weight:700;letter-spacing:3px;color:#fcd34d}
    h1{font-size:60px;line-height:1.05;margin:20px 0 24px;font-weight:800}
    .price{display:inline-block;background:#fbbf24;color:#0f172a;font-weight:800;font-size:30px;border-radius:999px;padding:12px 28px}
    .art{width:640px;margin-left:-10px;filter:drop-shadow(0 20px 30px rgba(0,0,0,.35))}
    .art svg{width:100%;height:auto}
  </style></head><body><div class="text">${text}</div><div class="art">${art}</div></body></html>`;
}

async function main() {
  const entries = catalogEntrySchema(systemClock())
    .array()
    .parse(JSON.parse(await readFile(path.join(root, 'seeds/catalog.json'), 'utf8')));
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  const siteArt = await readFile(path.join(root, 'public/images/vehicles/evolution-d5-maverick-4-plus.svg'), 'utf8');
  await page.setContent(shareCard('<div class="eyebrow">SALES · RENTALS · SERVICE</div><h1>Electric Golf Carts for the Jersey Shore</h1>', siteArt));
  await page.screenshot({ path: path.join(root, 'public/images/share.png'), type: 'png' });
  for (const entry of entries) {
    const image = await readFile(path.join(root, 'public', entry.images[0]!), 'utf8');
    const text = `<div class="eyebrow">${escapeHtml(entry.brand.toUpperCase())}</div>
      <h1>${escapeHtml(entry.name.replace(/^(DENAGO|EVOLUTION) /, ''))}</h1>
      <div class="price">${escapeHtml(formatPrice(entry.price))}</div>`;
    await page.setContent(shareCard(text, image));
    await page.screenshot({ path: path.join(outDir, `${entry.slug}.jpg`), type: 'jpeg', quality: 82 });
  }
  await browser.close();
  console.log(`wrote ${entries.length} images to ${path.relative(root, outDir)}`);
}

await main();
